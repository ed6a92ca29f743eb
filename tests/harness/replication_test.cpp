// replication_test.cpp — property: --process K gives each process a layout of its own and the same
// layout to the same K. For K = 1..4096: buffer offsets are multiples of 64 below a page, heap
// shifts multiples of 16 from 16 to 64 KiB, and no two K within 64 of each other share either;
// K = 0 changes nothing. The hot buffer mapped at an offset starts that far into its page and holds
// the bytes it holds unshifted; the shuffle is a permutation, repeatable, different between
// processes and absent without one. Failures print what reproduces them.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "replication.h"
#include "check.h"
#include "run_inputs.h"

namespace {

void test_layouts()
{
    hb::replication none = hb::replication_for(0);
    CHECK(none.process == 0 && none.buffer_offset == 0 && none.heap_shift == 0, "K=0: offset %zu shift %zu",
          none.buffer_offset, none.heap_shift);
    for (std::uint64_t k = 1; k <= 4096; k++) {
        hb::replication r = hb::replication_for(k);
        CHECK(r.process == k, "K=%llu recorded as %llu", (unsigned long long)k, (unsigned long long)r.process);
        CHECK(r.buffer_offset % 64 == 0 && r.buffer_offset < 4096, "K=%llu: offset %zu", (unsigned long long)k,
              r.buffer_offset);
        CHECK(r.heap_shift % 16 == 0 && r.heap_shift >= 16 && r.heap_shift <= 65536, "K=%llu: shift %zu",
              (unsigned long long)k, r.heap_shift);
        hb::replication again = hb::replication_for(k);
        CHECK(again.buffer_offset == r.buffer_offset && again.heap_shift == r.heap_shift, "K=%llu not repeatable",
              (unsigned long long)k);
        for (std::uint64_t j = k + 1; j < k + 64; j++) {
            hb::replication o = hb::replication_for(j);
            CHECK(o.buffer_offset != r.buffer_offset, "K=%llu and %llu share offset %zu", (unsigned long long)k,
                  (unsigned long long)j, r.buffer_offset);
            CHECK(o.heap_shift != r.heap_shift, "K=%llu and %llu share shift %zu", (unsigned long long)k,
                  (unsigned long long)j, r.heap_shift);
        }
    }
}

void test_offset_buffer()
{
    hb::run_inputs plain, shifted;
    shifted.offset = hb::replication_for(3).buffer_offset;
    CHECK(shifted.offset != 0, "process 3's offset is 0");
    hb::prepare_hot_buffer(plain, 1000);
    hb::prepare_hot_buffer(shifted, 1000);
    std::uintptr_t a = reinterpret_cast<std::uintptr_t>(plain.hot_slices().base);
    std::uintptr_t b = reinterpret_cast<std::uintptr_t>(shifted.hot_slices().base);
    CHECK(a % 4096 == 0, "unshifted hot buffer at %#llx", (unsigned long long)a);
    CHECK(b % 4096 == shifted.offset, "hot buffer at %#llx, want offset %zu in its page", (unsigned long long)b,
          shifted.offset);
    CHECK(plain.hot.size() == shifted.hot.size() &&
              std::memcmp(plain.hot.data(), shifted.hot.data(), plain.hot.size()) == 0,
          "the offset buffer's bytes differ from the unshifted one's");
}

hb::plan rows_named(int n)
{
    hb::plan rows;
    rows.resize(std::size_t(n));
    for (int i = 0; i < n; i++)
        rows[std::size_t(i)].name = "row" + std::to_string(i);
    return rows;
}

std::string names(const hb::plan &rows)
{
    std::string s;
    for (const auto &r : rows)
        s += r.name + " ";
    return s;
}

void test_shuffle()
{
    const hb::plan original = rows_named(40);
    hb::plan unshuffled = original;
    hb::shuffle_rows(unshuffled, hb::replication_for(0));
    CHECK(names(unshuffled) == names(original), "K=0 moved rows: %s", names(unshuffled).c_str());
    std::string previous;
    for (std::uint64_t k = 1; k <= 8; k++) {
        hb::plan a = original, b = original;
        hb::shuffle_rows(a, hb::replication_for(k));
        hb::shuffle_rows(b, hb::replication_for(k));
        CHECK(names(a) == names(b), "K=%llu: two shuffles differ", (unsigned long long)k);
        CHECK(names(a) != names(original), "K=%llu left the order as registered", (unsigned long long)k);
        CHECK(names(a) != previous, "K=%llu gives K-1's order", (unsigned long long)k);
        hb::plan sorted = a;
        std::sort(sorted.begin(), sorted.end(), [](const hb::planned_benchmark &x, const hb::planned_benchmark &y) {
            return std::stoi(x.name.substr(3)) < std::stoi(y.name.substr(3));
        });
        CHECK(names(sorted) == names(original), "K=%llu is not a permutation: %s", (unsigned long long)k,
              names(a).c_str());
        previous = names(a);
    }
}

void test_heap_shift()
{
    CHECK(!hb::shift_heap(hb::replication_for(0)), "K=0 allocated a shift");
    hb::replication r = hb::replication_for(5);
    auto block = hb::shift_heap(r);
    CHECK(block && block[0] == 0x5a && block[r.heap_shift - 1] == 0x5a, "K=5: the shift of %zu bytes is not written",
          r.heap_shift);
}

} // namespace

int main()
{
    test_layouts();
    test_offset_buffer();
    test_shuffle();
    test_heap_shift();
    if (hb_test::failures != 0) {
        std::fprintf(stderr, "replication_test: %d failure(s)\n", hb_test::failures);
        return 1;
    }
    std::printf("replication_test: all checks passed\n");
    return 0;
}

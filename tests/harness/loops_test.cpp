// loops_test.cpp — the benchmark loops feed the hash what they claim to. A test hash records every
// input it is given and answers with outputs the test chooses:
//   - latency: changing one output changes the next input and nothing before it (a true chain);
//   - throughput: the misalignment rotates over 0..63 (or stays at --align), lengths follow the
//     fixed-seed sequence, load:ram walks consecutive slices and the next row goes on from there;
//   - memread reads every byte (it equals an independent XOR-of-words reference);
//   - the api suite counts its own allocations per hash.
// Failures print what reproduces them.
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "counters.h"
#include "fixed_random.h"
#include "hb_hash.h"
#include "loops.h"
#include "memread.h"

namespace {

int failures = 0;

#define CHECK(cond, ...)                                                                            \
    do {                                                                                            \
        if (!(cond)) {                                                                              \
            std::fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                    \
            std::fprintf(stderr, __VA_ARGS__);                                                      \
            std::fputc('\n', stderr);                                                               \
            failures++;                                                                             \
        }                                                                                           \
    } while (0)

// What the recording hash saw and how it answers.
struct recording {
    std::vector<const std::uint8_t *> pointers;
    std::vector<std::vector<std::uint8_t>> inputs;
    std::size_t changed_call = SIZE_MAX; // this call answers differently
};
recording *active = nullptr;

void recording_oneshot(const void *in, std::size_t len, std::uint64_t seed, std::uint8_t *out)
{
    (void)seed;
    const auto *p = static_cast<const std::uint8_t *>(in);
    std::size_t call = active->inputs.size();
    active->pointers.push_back(p);
    active->inputs.emplace_back(p, p + len);
    std::uint64_t state = call;
    std::uint64_t v = hb_splitmix64(&state);
    if (call == active->changed_call)
        v = ~v;
    std::memcpy(out, &v, 8);
}

hb_hash make_recording_hash()
{
    hb_hash h{};
    h.name = "recording";
    h.impl = "test";
    h.family = "test";
    h.summary = "records its inputs";
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = 64;
    h.version = [] { return "test"; };
    h.oneshot = recording_oneshot;
    return h;
}

// Collects what Google Benchmark reports, so a test can see errors and counters.
struct collecting_reporter : benchmark::BenchmarkReporter {
    std::vector<Run> runs;
    bool ReportContext(const Context &) override { return true; }
    void ReportRuns(const std::vector<Run> &r) override { runs.insert(runs.end(), r.begin(), r.end()); }
};

// Runs body for exactly iterations iterations and returns the run.
benchmark::BenchmarkReporter::Run run_once(std::int64_t iterations, std::function<void(benchmark::State &)> body)
{
    benchmark::ClearRegisteredBenchmarks();
    benchmark::RegisterBenchmark("test", body)->Iterations(iterations);
    collecting_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    CHECK(reporter.runs.size() == 1, "%zu runs reported", reporter.runs.size());
    CHECK(!reporter.runs.at(0).error_occurred, "error: %s", reporter.runs.at(0).error_message.c_str());
    return reporter.runs.at(0);
}

recording record_latency(const hb_hash *h, const hb::size_spec &size, std::size_t changed_call, std::size_t calls)
{
    recording rec;
    rec.changed_call = changed_call;
    active = &rec;
    run_once(std::int64_t(calls), [h, size](benchmark::State &state) { hb::latency_loop(state, h, size); });
    active = nullptr;
    return rec;
}

void test_latency_chain()
{
    const hb_hash h = make_recording_hash();
    const hb::size_spec sizes[] = {{1, 1}, {16, 16}, {1024, 1024}, {1, 32}};
    const std::size_t calls = 48;
    for (const auto &size : sizes) {
        recording base = record_latency(&h, size, SIZE_MAX, calls);
        CHECK(base.inputs.size() == calls, "size %s: %zu calls", size.text().c_str(), base.inputs.size());
        for (std::size_t k : {std::size_t(0), std::size_t(7), std::size_t(30)}) {
            recording changed = record_latency(&h, size, k, calls);
            for (std::size_t i = 0; i <= k; i++)
                CHECK(changed.inputs[i] == base.inputs[i], "size %s, output %zu changed: input %zu changed too",
                      size.text().c_str(), k, i);
            CHECK(changed.inputs[k + 1] != base.inputs[k + 1],
                  "size %s: changing output %zu left input %zu unchanged (no dependency)", size.text().c_str(), k,
                  k + 1);
        }
        for (std::size_t i = 0; i < calls; i++) {
            std::size_t want = size.random() ? hb::random_lengths(size)[i] : size.min;
            CHECK(base.inputs[i].size() == want, "size %s call %zu: length %zu, want %zu", size.text().c_str(), i,
                  base.inputs[i].size(), want);
        }
    }
}

void test_throughput_inputs()
{
    const hb_hash h = make_recording_hash();
    const hb::size_spec size{1, 32};
    const std::vector<std::size_t> lengths = hb::random_lengths(size);
    std::vector<std::uint8_t> pool(10 * 128 + 64);
    std::size_t cursor = 0;
    hb::slices ram;
    ram.base = pool.data();
    ram.stride = 128;
    ram.count = 10;
    ram.cursor = &cursor;
    hb::slices hot;
    hot.base = pool.data();

    for (int align : {-1, 5}) {
        for (bool use_ram : {false, true}) {
            recording rec;
            active = &rec;
            const hb::slices src = use_ram ? ram : hot;
            std::size_t start = cursor / 128;
            auto run = run_once(150, [&](benchmark::State &state) { hb::throughput_loop(state, &h, src, size, align); });
            active = nullptr;
            std::uint64_t bytes = 0;
            for (std::size_t i = 0; i < rec.pointers.size(); i++) {
                std::size_t slice = use_ram ? (start + i) % 10 : 0;
                std::size_t misalign = align < 0 ? i % 64 : std::size_t(align);
                CHECK(rec.pointers[i] == pool.data() + slice * 128 + misalign,
                      "align %d ram %d call %zu: offset %td, want %zu", align, use_ram, i, rec.pointers[i] - pool.data(),
                      slice * 128 + misalign);
                CHECK(rec.inputs[i].size() == lengths[i], "call %zu: length %zu, want %zu", i, rec.inputs[i].size(),
                      lengths[i]);
                bytes += lengths[i];
            }
            if (use_ram)
                CHECK(cursor == (start + 150) % 10 * 128, "cursor %zu after a row from slice %zu", cursor, start);
            CHECK(run.counters.count("bytes_per_second") == 1, "no bytes_per_second");
            CHECK(run.counters.count("cycles/hash") == 1 && run.counters.count("cycles/B") == 1, "no cycles counters");
            double hashed = run.counters["bytes_per_second"].value * run.GetAdjustedCPUTime() * 1e-9 * 150;
            CHECK(hashed > 0.99 * double(bytes) && hashed < 1.01 * double(bytes), "bytes counted %.0f, hashed %llu",
                  hashed, (unsigned long long)bytes);
        }
    }
}

// Independent reference: XOR of the input's little-endian 64-bit words, zero-padded, and the seed.
std::uint64_t xor_of_words(const std::uint8_t *p, std::size_t len, std::uint64_t seed)
{
    std::uint64_t acc = seed;
    for (std::size_t i = 0; i < len; i++)
        acc ^= std::uint64_t(p[i]) << (8 * (i % 8));
    return acc;
}

void test_memread_reads_every_byte()
{
    std::vector<std::uint8_t> buf(300 + 8);
    hb_fill_fixed(buf.data(), buf.size(), 42);
    for (std::size_t e = 0; e < hb_memread_entry_count; e++) {
        const hb_hash *h = hb_memread_entries[e];
        if (!hb_can_run(h, nullptr, 0))
            continue;
        for (std::size_t offset = 0; offset < 8; offset++) {
            for (std::size_t len = 0; len <= 300; len++) {
                std::uint8_t out[8];
                h->oneshot(buf.data() + offset, len, 7, out);
                std::uint64_t got = 0;
                for (int i = 0; i < 8; i++)
                    got = got << 8 | out[i];
                std::uint64_t want = xor_of_words(buf.data() + offset, len, 7);
                CHECK(got == want, "memread/%s len %zu offset %zu: %016llx, want %016llx", h->impl, len, offset,
                      (unsigned long long)got, (unsigned long long)want);
            }
        }
    }
}

void test_api_allocation_counts()
{
    const hb_hash *fnv = hb_lookup("fnv1a-64/portable");
    CHECK(fnv != nullptr && fnv->init != nullptr, "fnv1a-64/portable streams");
    if (fnv == nullptr)
        return;
    std::vector<std::uint8_t> buf(200);
    hb::slices hot;
    hot.base = buf.data();
    const hb::size_spec size{31, 31};
    std::size_t state_bytes = (fnv->state_size + HB_STATE_ALIGN - 1) / HB_STATE_ALIGN * HB_STATE_ALIGN;
    auto heap = run_once(100, [&](benchmark::State &s) { hb::api_loop(s, fnv, hb::api_path::stream_heap, hot, size, -1); });
    CHECK(heap.counters["allocs/op"].value == 1.0, "stream-heap: %g allocs/op", heap.counters["allocs/op"].value);
    CHECK(heap.counters["B/op"].value == double(state_bytes), "stream-heap: %g B/op, want %zu",
          heap.counters["B/op"].value, state_bytes);
    auto caller = run_once(100, [&](benchmark::State &s) { hb::api_loop(s, fnv, hb::api_path::stream, hot, size, -1); });
    CHECK(caller.counters["allocs/op"].value == 0.0, "stream: %g allocs/op", caller.counters["allocs/op"].value);
}

} // namespace

int main()
{
    char err[256];
    if (!hb_init(err, sizeof err)) {
        std::fprintf(stderr, "hb_init: %s\n", err);
        return 1;
    }
    hb::set_tsc_hz(1e9);
    test_latency_chain();
    test_throughput_inputs();
    test_memread_reads_every_byte();
    test_api_allocation_counts();
    if (failures == 0)
        std::printf("loops_test: all checks passed\n");
    return failures == 0 ? 0 : 1;
}

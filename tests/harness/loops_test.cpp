// loops_test.cpp — the benchmark loops feed the hash what they claim to. A test hash records every
// input it is given and answers with outputs the test chooses:
//   - latency: changing one output changes the next input and nothing before it (a true chain);
//   - throughput: the misalignment rotates over 0..63 (or stays at --align), lengths follow the
//     fixed-seed sequence, load:ram walks consecutive slices and the next row goes on from there;
//   - the api suite counts its own allocations per hash.
// Failures print what reproduces them.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "counters.h"
#include "check.h"
#include "hb_openssl.h"
#include "fixed_random.h"
#include "hb_hash.h"
#include "loops.h"

extern "C" thread_local std::uint64_t hb_test_heap_allocations; // counted_malloc.c

namespace {

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
    std::uint64_t v = hb_splitmix64_next(&state);
    if (call == active->changed_call)
        v = ~v;
    std::memcpy(out, &v, 8);
}

std::uint64_t recording_hash64(const void *in, std::size_t len, std::uint64_t seed)
{
    std::uint8_t out[8];
    recording_oneshot(in, len, seed, out);
    std::uint64_t v;
    std::memcpy(&v, out, 8);
    return v;
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
    bool ReportContext(const Context &) override
    {
        return true;
    }
    void ReportRuns(const std::vector<Run> &r) override
    {
        runs.insert(runs.end(), r.begin(), r.end());
    }
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

// Both paths: the digest written to memory (no hash64) and the result in a register.
void test_latency_chain()
{
    hb_hash digest = make_recording_hash(), in_register = make_recording_hash();
    in_register.hash64 = recording_hash64;
    const hb::size_spec sizes[] = {{1, 1}, {16, 16}, {1024, 1024}, {1, 32}};
    const std::size_t calls = 48;
    for (const hb_hash *hp : {&digest, &in_register})
        for (const auto &size : sizes) {
            const hb_hash &h = *hp;
            recording base = record_latency(&h, size, SIZE_MAX, calls);
            for (std::size_t i = 1; i < calls; i++) {
                std::uint64_t state = i - 1, previous = hb_splitmix64_next(&state); // what call i - 1 answered
                CHECK(base.pointers[i] - base.pointers[0] == std::ptrdiff_t(previous & 63),
                      "size %s call %zu: key at offset %td, want previous result mod 64 = %llu", size.text().c_str(), i,
                      base.pointers[i] - base.pointers[0], (unsigned long long)(previous & 63));
            }
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
    std::vector<std::uint8_t> pool(16 * 128 + 64);
    std::size_t cursor = 0;
    hb::slices ram;
    ram.base = pool.data();
    ram.stride = 128;
    ram.count = 16;
    ram.cursor = &cursor;
    hb::slices hot;
    hot.base = pool.data();

    for (int align : {-1, 5}) {
        for (bool use_ram : {false, true}) {
            recording rec;
            active = &rec;
            const hb::slices src = use_ram ? ram : hot;
            std::size_t start = cursor;
            auto run =
                run_once(150, [&](benchmark::State &state) { hb::throughput_loop(state, &h, src, size, align); });
            active = nullptr;
            std::uint64_t bytes = 0;
            for (std::size_t i = 0; i < rec.pointers.size(); i++) {
                std::size_t slice = use_ram ? hb::slice_order(16)((start + i) % 16) : 0;
                std::size_t misalign = align < 0 ? i % 64 : std::size_t(align);
                CHECK(rec.pointers[i] == pool.data() + slice * 128 + misalign,
                      "align %d ram %d call %zu: offset %td, want %zu", align, use_ram, i,
                      rec.pointers[i] - pool.data(), slice * 128 + misalign);
                CHECK(rec.inputs[i].size() == lengths[i], "call %zu: length %zu, want %zu", i, rec.inputs[i].size(),
                      lengths[i]);
                bytes += lengths[i];
            }
            if (use_ram)
                CHECK(cursor == (start + 150) % 16, "cursor %zu after a row from position %zu", cursor, start);
            CHECK(run.counters.count("bytes_per_second") == 1, "no bytes_per_second");
            CHECK(run.counters.count("cycles/hash") == 1 && run.counters.count("cycles/B") == 1, "no cycles counters");
            // Both cycles counters share the row's time: their ratio is the bytes per hash counted.
            double counted = run.counters["cycles/hash"].value / run.counters["cycles/B"].value * 150;
            CHECK(counted > 0.999 * double(bytes) && counted < 1.001 * double(bytes), "bytes counted %.1f, hashed %llu",
                  counted, (unsigned long long)bytes);
        }
    }
}

// One clock: a row's rate times its real time per iteration gives back the bytes per hash, and
// its cycles/hash is that time in core cycles. The loop's clock brackets Google Benchmark's by a
// few microseconds, so a row of a few milliseconds agrees within 0.5 % unless the scheduler
// takes the CPU away in between; that happens on a busy machine (a CPU shared with a build has
// been seen to fail the test), so the row is tried up to twenty times and one agreeing row passes.
void test_rates_use_real_time()
{
    const hb_hash *h = hb_lookup("xxh3-64/inline");
    std::vector<std::uint8_t> buf(200, 1);
    hb::slices hot;
    hot.base = buf.data();
    const std::int64_t iterations = 2000000;
    double bytes = 0, cycles = 0;
    for (int attempt = 0; attempt < 20; attempt++) {
        auto run = run_once(iterations, [&](benchmark::State &s) { hb::throughput_loop(s, h, hot, {64, 64}, 0); });
        double seconds_per_hash = run.GetAdjustedRealTime() * 1e-9;
        bytes = run.counters["bytes_per_second"].value * seconds_per_hash;
        cycles = run.counters["cycles/hash"].value / (seconds_per_hash * hb::core_hz());
        if (bytes > 0.995 * 64 && bytes < 1.005 * 64 && cycles > 0.995 && cycles < 1.005)
            break;
    }
    CHECK(bytes > 0.995 * 64 && bytes < 1.005 * 64, "B/s x real time per hash = %.3f bytes, want 64", bytes);
    CHECK(cycles > 0.995 && cycles < 1.005, "cycles/hash / (real time x core_hz) = %.4f", cycles);
}

// A row whose iteration makes k hashes (the suite table's hashes_per_iteration) reports cycles
// per hash: cycles/hash over cycles/B, from the same span, is the bytes of one hash, the bytes of
// an iteration divided by k.
void test_cycles_per_hash_divides_by_hashes_per_iteration()
{
    const hb_hash *h = hb_lookup("fnv1a-64/portable");
    std::vector<std::uint8_t> buf(200, 1);
    hb::slices hot;
    hot.base = buf.data();
    for (unsigned k : {1u, 8u}) {
        auto run = run_once(1000, hb::per_hash_rates(k, [&](benchmark::State &s) {
                                hb::throughput_loop(s, h, hot, {64, 64}, 0);
                            }));
        double bytes_per_hash = run.counters["cycles/hash"].value / run.counters["cycles/B"].value;
        double want = 64.0 / k;
        CHECK(bytes_per_hash > 0.999 * want && bytes_per_hash < 1.001 * want,
              "hashes per iteration %u: cycles/hash / cycles/B = %.3f bytes, want %.3f", k, bytes_per_hash, want);
    }
}

// load:ram's visiting order is a permutation that a stride prefetcher cannot follow: every slice
// once per lap, and consecutive visits rarely adjacent or at a repeated distance.
void test_ram_order_is_a_scrambled_permutation()
{
    for (std::size_t count : {std::size_t(2), std::size_t(16), std::size_t(1) << 12, std::size_t(1) << 20}) {
        const hb::slice_order order(count);
        std::vector<bool> seen(count, false);
        std::size_t adjacent = 0, same_step = 0;
        for (std::size_t i = 0; i < count; i++) {
            std::size_t k = order(i);
            CHECK(k < count && !seen[k], "count %zu: position %zu gives slice %zu twice or out of range", count, i, k);
            if (k < count)
                seen[k] = true;
            if (i >= 1 && (k == order(i - 1) + 1 || k + 1 == order(i - 1)))
                adjacent++;
            if (i >= 2 && k - order(i - 1) == order(i - 1) - order(i - 2))
                same_step++;
        }
        if (count >= 4096)
            CHECK(adjacent < count / 100 && same_step < count / 100,
                  "count %zu: %zu adjacent visits, %zu repeated steps", count, adjacent, same_step);
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
    auto heap =
        run_once(100, [&](benchmark::State &s) { hb::api_loop(s, fnv, hb::api_path::stream_heap, hot, size, -1); });
    CHECK(heap.counters["allocs/op"].value == 1.0, "stream-heap: %g allocs/op", heap.counters["allocs/op"].value);
    CHECK(heap.counters["B/op"].value == double(state_bytes), "stream-heap: %g B/op, want %zu",
          heap.counters["B/op"].value, state_bytes);
    auto caller =
        run_once(100, [&](benchmark::State &s) { hb::api_loop(s, fnv, hb::api_path::stream, hot, size, -1); });
    CHECK(caller.counters["allocs/op"].value == 0.0, "stream: %g allocs/op", caller.counters["allocs/op"].value);
}

// The EVP paths' allocation counts against the C library's own count of blocks handed out
// (counted_malloc.c): N digests through each path directly must allocate what OpenSSL's memory
// functions counted, at least once per digest (OpenSSL 3 re-creates the provider context on every
// init: the README's "every EVP path allocates"), and the api suite must report the same per hash.
// The paths without OpenSSL allocate nothing.
void test_openssl_allocation_counts()
{
    const int n = 50;
    const hb_hash *sha = hb_lookup("sha256/openssl");
    CHECK(sha != nullptr, "sha256/openssl in the registry");
    if (sha == nullptr)
        return;
    std::vector<std::uint8_t> buf(200, 7);
    hb::slices hot;
    hot.base = buf.data();
    const hb::size_spec size{31, 31};
    struct {
        hb_evp_path evp;
        hb::api_path path;
    } const paths[] = {{HB_EVP_PREFETCHED, hb::api_path::evp_prefetched},
                       {HB_EVP_CTX_REUSE, hb::api_path::evp_ctx_reuse},
                       {HB_EVP_BYNAME, hb::api_path::evp_byname}};
    for (const auto &p : paths) {
        std::uint8_t out[HB_MAX_OUT_BYTES];
        hb_openssl_digest(sha, p.evp, buf.data(), 31, out); // first-use set-up outside the count
        hb_alloc_stats before, after;
        hb_openssl_alloc_stats(&before);
        std::uint64_t heap_before = hb_test_heap_allocations;
        for (int i = 0; i < n; i++)
            hb_openssl_digest(sha, p.evp, buf.data(), 31, out);
        std::uint64_t heap = hb_test_heap_allocations - heap_before;
        hb_openssl_alloc_stats(&after);
        std::uint64_t counted = after.allocs - before.allocs;
        const char *name = hb::api_path_name(p.path);
        CHECK(counted == heap, "%s: OpenSSL's memory functions counted %llu allocations, the C library %llu", name,
              (unsigned long long)counted, (unsigned long long)heap);
        CHECK(heap >= std::uint64_t(n), "%s: %llu allocations for %d digests, want at least one each", name,
              (unsigned long long)heap, n);
        std::uint64_t loop_before = hb_test_heap_allocations;
        auto run = run_once(n, [&](benchmark::State &s) { hb::api_loop(s, sha, p.path, hot, size, 0); });
        std::uint64_t loop_heap = hb_test_heap_allocations - loop_before;
        double reported = run.counters["allocs/op"].value;
        CHECK(reported * n <= double(loop_heap) && reported >= double(heap) / n - 0.5,
              "%s: api suite reports %g allocs/op; the C library gave %llu blocks over the row, %llu over %d direct "
              "digests",
              name, reported, (unsigned long long)loop_heap, (unsigned long long)heap, n);
    }
    const hb_hash *xxh = hb_lookup("xxh3-64/inline");
    std::uint64_t heap_before = hb_test_heap_allocations;
    for (int i = 0; i < n; i++) {
        std::uint8_t out[HB_MAX_OUT_BYTES];
        xxh->oneshot(buf.data(), 31, 0, out);
    }
    CHECK(hb_test_heap_allocations == heap_before, "xxh3-64 one-shot allocated %llu blocks",
          (unsigned long long)(hb_test_heap_allocations - heap_before));
}

} // namespace

int main()
{
    char err[256];
    if (!hb_init(err, sizeof err)) {
        std::fprintf(stderr, "hb_init: %s\n", err);
        return 1;
    }
    hb::set_core_hz(1e9);
    test_latency_chain();
    test_throughput_inputs();
    test_ram_order_is_a_scrambled_permutation();
    test_rates_use_real_time();
    test_cycles_per_hash_divides_by_hashes_per_iteration();
    test_api_allocation_counts();
    test_openssl_allocation_counts();
    if (hb_test::failures == 0)
        std::printf("loops_test: all checks passed\n");
    return hb_test::failures == 0 ? 0 : 1;
}

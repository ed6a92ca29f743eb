// loops_keys.cpp — the size:keys loops: one key per iteration, walked in the order given.
#include <cstring>

#include "counters.h"
#include "keys.h"

namespace hb {

namespace {

// Bytes hashed by the first iterations of a walk that wraps around.
std::uint64_t walked_bytes(const key_walk &walk, std::uint64_t iterations)
{
    std::uint64_t n = walk.keys.size(), bytes = iterations / n * walk.bytes;
    for (std::uint64_t i = 0; i < iterations % n; i++)
        bytes += walk.keys[i].n;
    return bytes;
}

} // namespace

void key_throughput_loop(benchmark::State &state, const hb_hash *h, const key_walk &walk)
{
    const hb_oneshot_fn oneshot = h->oneshot;
    const key_ref *const first = walk.keys.data();
    const key_ref *const end = first + walk.keys.size();
    const key_ref *k = first;
    const hb_hash64_fn hash64 = h->hash64;
    std::uint8_t out[HB_MAX_OUT_BYTES];
    const loop_clock clock;
    for (auto _ : state) {
        const std::uint8_t *p = k->p;
        std::size_t n = k->n;
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(n);
        if (hash64 != nullptr) { // the result in a register, as in throughput_loop
            std::uint64_t v = hash64(p, n, 0);
            benchmark::DoNotOptimize(v);
        } else {
            oneshot(p, n, 0, out);
        }
        benchmark::ClobberMemory();
        if (++k == end)
            k = first;
    }
    double seconds = clock.stop();
    report_rates(state, walked_bytes(walk, std::uint64_t(state.iterations())), seconds);
}

void key_latency_loop(benchmark::State &state, const hb_hash *h, const key_walk &walk)
{
    const hb_oneshot_fn oneshot = h->oneshot;
    const key_ref *const first = walk.keys.data();
    const key_ref *const end = first + walk.keys.size();
    const key_ref *k = first;
    alignas(64) std::uint8_t out[HB_MAX_OUT_BYTES] = {0};
    // The pointer gets previous & zero added: zero is 0, but the compiler cannot know it, so each
    // call's input address waits for the previous call's output without the key being changed.
    std::uint64_t zero = 0, previous = 0;
    benchmark::DoNotOptimize(zero);
    const hb_hash64_fn hash64 = h->hash64;
    const loop_clock clock;
    for (auto _ : state) {
        const std::uint8_t *p = k->p + (previous & zero);
        std::size_t n = k->n;
        benchmark::DoNotOptimize(n);
        if (hash64 != nullptr) { // the result stays in a register, as in latency_loop
            previous = hash64(p, n, 0);
        } else {
            oneshot(p, n, 0, out);
            std::memcpy(&previous, out, 8);
        }
        if (++k == end)
            k = first;
    }
    double seconds = clock.stop();
    report_rates(state, walked_bytes(walk, std::uint64_t(state.iterations())), seconds);
}

} // namespace hb

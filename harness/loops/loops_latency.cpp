// loops_latency.cpp — the latency loop: each call waits for the previous one's result.
#include <cstring>
#include <vector>

#include "counters.h"
#include "fixed_random.h"
#include "loops.h"

namespace hb {

namespace {

// The chain's one dependency: the next key starts (result mod 64) bytes into the buffer. An offset
// is an address computation (an AND and an ADD), so a link costs the hash plus two cycles and
// nothing is stored for the next call to reload.
inline const std::uint8_t *next_key(const std::uint8_t *base, std::uint64_t previous)
{
    return base + (previous & 63);
}

} // namespace

void latency_loop(benchmark::State &state, const hb_hash *h, const size_spec &size)
{
    const std::vector<std::size_t> lengths = size.random() ? random_lengths(size) : std::vector<std::size_t>{size.min};
    const std::size_t length_mask = lengths.size() - 1;
    const std::size_t *const length_table = lengths.data();
    std::vector<std::uint8_t> key(size.max + 64); // 64 bytes of offsets
    hb_fill_fixed(key.data(), key.size(), HB_SEED_HOT_BUFFER);
    const std::uint8_t *const base = key.data();
    std::uint64_t previous = 0;
    std::size_t i = 0;
    const loop_clock clock;

    if (h->hash64 != nullptr && !size.random()) {
        // Every value live across the call stays in a register: a counter kept in a stack slot
        // would add a store-to-load loop of its own beside the chain.
        const hb_hash64_fn hash64 = h->hash64;
        std::size_t n = size.min;
        benchmark::DoNotOptimize(n);
        for (auto _ : state)
            previous = hash64(next_key(base, previous), n, 0);
    } else if (h->hash64 != nullptr) {
        const hb_hash64_fn hash64 = h->hash64;
        for (auto _ : state)
            previous = hash64(next_key(base, previous), length_table[i++ & length_mask], 0);
    } else {
        // A digest reaches its caller through memory: the store and the reload are part of what a
        // digest's user waits for.
        const hb_oneshot_fn oneshot = h->oneshot;
        alignas(64) std::uint8_t out[HB_MAX_OUT_BYTES] = {0};
        for (auto _ : state) {
            oneshot(next_key(base, previous), length_table[i++ & length_mask], 0, out);
            std::memcpy(&previous, out, 8);
        }
    }
    double seconds = clock.stop();
    benchmark::DoNotOptimize(previous);
    std::uint64_t bytes = 0;
    for (std::size_t k = 0; k < lengths.size(); k++)
        bytes += std::uint64_t(lengths[k]) * (std::uint64_t(state.iterations()) / lengths.size() +
                                              (k < std::uint64_t(state.iterations()) % lengths.size() ? 1 : 0));
    report_rates(state, bytes, seconds);
}

} // namespace hb

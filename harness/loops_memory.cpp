// loops_memory.cpp — the throughput loop (independent calls) and the latency loop (each call
// waits for the previous one's output).
#include <cstring>
#include <vector>

#include "counters.h"
#include "fixed_random.h"
#include "loops.h"

namespace hb {

void throughput_loop(benchmark::State &state, const hb_hash *h, const slices &src, const size_spec &size, int align)
{
    const hb_oneshot_fn oneshot = h->oneshot;
    std::uint64_t bytes = input_loop(state, src, size, align, [oneshot](const std::uint8_t *p, std::size_t n,
                                                                        std::uint8_t *out) { oneshot(p, n, 0, out); });
    report_rates(state, bytes);
}

void latency_loop(benchmark::State &state, const hb_hash *h, const size_spec &size)
{
    const std::vector<std::size_t> lengths =
        size.random() ? random_lengths(size) : std::vector<std::size_t>{size.min};
    const std::size_t length_mask = lengths.size() - 1;
    // 64 bytes of offsets, and 8 past the longest key for the XOR of a key shorter than 8 bytes.
    std::vector<std::uint8_t> key(size.max + 64 + 8);
    hb_fill_fixed(key.data(), key.size(), HB_SEED_HOT_BUFFER);
    const hb_oneshot_fn oneshot = h->oneshot;
    alignas(64) std::uint8_t out[HB_MAX_OUT_BYTES] = {0};
    std::uint64_t previous = 0, bytes = 0;
    std::size_t next_length = 0;

    for (auto _ : state) {
        std::uint8_t *p = key.data() + ((previous >> 8) & 63);
        std::uint64_t word;
        std::memcpy(&word, p, 8);
        word ^= previous;
        std::memcpy(p, &word, 8);
        std::size_t n = lengths[next_length];
        benchmark::DoNotOptimize(n);
        oneshot(p, n, 0, out);
        std::memcpy(&previous, out, 8);
        bytes += n;
        next_length = (next_length + 1) & length_mask;
    }
    report_rates(state, bytes);
}

} // namespace hb

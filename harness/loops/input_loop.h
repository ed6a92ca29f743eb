/*
 * input_loop.h — the timed loop shared by the throughput, baseline and api suites: one hash per
 * iteration over independent inputs, with the pointer and the length hidden from the compiler so
 * that nothing is specialised for a constant size or hoisted out of the loop.
 */
#ifndef HB_INPUT_LOOP_H
#define HB_INPUT_LOOP_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "counters.h"
#include "hb_hash.h"
#include "sizes.h"

namespace hb {

// Where a row's inputs lie: slice k starts at base + k * stride (plus the misalignment), for
// count slices. load:cpu has one slice; load:ram visits the slices of a pool larger than the
// caches in the order slice_order gives, so no prefetcher can guess the next one.
struct slices {
    const std::uint8_t *base = nullptr;
    std::size_t stride = 0;
    std::size_t count = 1;         // a power of two when more than one
    std::size_t *cursor = nullptr; // position in the visiting order to go on from, shared by the rows of
                                   // one pool (nullptr: 0)
};

// A fixed pseudo-random permutation of 0..count-1 (count a power of two): a multiply by an odd
// constant and an xor-shift, twice, each a bijection on the low log2(count) bits. Consecutive
// positions land on unrelated slices, pages apart.
struct slice_order {
    std::uint64_t mask;
    unsigned shift = 1; // about half the bits

    explicit slice_order(std::size_t count) : mask(count - 1)
    {
        while ((std::uint64_t(1) << (2 * shift)) < count)
            shift++;
    }
    std::size_t operator()(std::size_t position) const
    {
        std::uint64_t x = (std::uint64_t(position) * 0x9E3779B97F4A7C15u) & mask;
        x ^= x >> shift;
        x = (x * 0xD6E8FEB86659FD93u) & mask;
        x ^= x >> shift;
        return std::size_t(x);
    }
};

// Bytes each slice needs past its start for sizes up to max: the largest misalignment (63) and
// the longest length.
inline std::size_t slice_span(std::size_t max_len)
{
    return max_len + 64;
}

// One call's input within its slice: the misalignment and the length.
struct input_step {
    std::uint32_t offset;
    std::uint32_t length;
};

// The steps a row cycles through, a power-of-two count of them: the lengths of size (a random
// size walks random_lengths()) paired with misalignment align, or with misalignments rotating over
// 0..63 when align < 0.
std::vector<input_step> input_steps(const size_spec &size, int align);

// Bytes hashed by the first iterations of a row over steps.
std::uint64_t bytes_hashed(const std::vector<input_step> &steps, std::uint64_t iterations);

// One call of the loop: the pointer and the length pass through DoNotOptimize, so the compiler
// can neither fold them into the callee nor hoist the call.
template <class Call>
BENCHMARK_ALWAYS_INLINE inline void hash_one(const std::uint8_t *slice, input_step step, std::uint8_t *out, Call &call)
{
    const std::uint8_t *p = slice + step.offset;
    std::size_t n = step.length;
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(n);
    call(p, n, out);
    benchmark::ClobberMemory(); // the output counts as read
}

struct loop_totals {
    std::uint64_t bytes = 0; // hashed in all
    double seconds = 0;      // real time of the timed loop
};

// Runs call(p, n, out) once per iteration over the slices and the steps.
// Everything the loop needs is copied into locals first and the steps are precomputed, so that
// few values stay live across the call: with too many, the compiler keeps loop counters in stack
// slots and every iteration waits on store-to-load forwarding, which would add cycles that
// belong to the loop to every row (noop at 16 bytes shows it).
template <class Call>
loop_totals input_loop(benchmark::State &state, const slices &src, const size_spec &size, int align, Call call)
{
    const std::vector<input_step> steps = input_steps(size, align);
    const input_step *const step_table = steps.data();
    const std::size_t step_mask = steps.size() - 1;
    std::uint8_t out[HB_MAX_OUT_BYTES];
    std::size_t i = 0;

    if (src.count <= 1) { // load:cpu: the same slice every call
        const std::uint8_t *const base = src.base;
        const loop_clock clock;
        for (auto _ : state)
            hash_one(base, step_table[i++ & step_mask], out, call);
        double seconds = clock.stop();
        return {bytes_hashed(steps, std::uint64_t(state.iterations())), seconds};
    }

    // load:ram: go on where the previous row of this pool stopped in the visiting order, its
    // slices being the most recently read ones. The order is computed, not looked up: a table of
    // it would be one more stream of loads beside the hash's.
    const std::size_t stride = src.stride, count = src.count;
    const std::uint8_t *const first = src.base;
    const slice_order order(count);
    std::size_t position = src.cursor != nullptr ? *src.cursor % count : 0;
    const loop_clock clock;
    for (auto _ : state) {
        hash_one(first + order(position) * stride, step_table[i++ & step_mask], out, call);
        position = (position + 1) & (count - 1);
    }
    double seconds = clock.stop();
    if (src.cursor != nullptr)
        *src.cursor = position;
    return {bytes_hashed(steps, std::uint64_t(state.iterations())), seconds};
}

} // namespace hb

#endif // HB_INPUT_LOOP_H

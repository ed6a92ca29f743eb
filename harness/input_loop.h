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

#include "hb_hash.h"
#include "sizes.h"

namespace hb {

// Where a row's inputs lie: slice i starts at base + i * stride (plus the misalignment), for
// count slices, then wraps. load:cpu has one slice; load:ram walks a pool larger than the caches.
struct slices {
    const std::uint8_t *base = nullptr;
    std::size_t stride = 0;
    std::size_t count = 1;
    std::size_t *cursor = nullptr; // byte offset to go on from, shared by the rows of one pool (nullptr: 0)
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

// Runs call(p, n, out) once per iteration over the slices and the steps; returns the bytes hashed.
// Everything the loop needs is copied into locals first and the steps are precomputed, so that
// few values stay live across the call: with too many, the compiler keeps loop counters in stack
// slots and every iteration waits on store-to-load forwarding, which would add cycles that
// belong to the loop to every row (noop at 16 bytes shows it).
template <class Call>
std::uint64_t input_loop(benchmark::State &state, const slices &src, const size_spec &size, int align, Call call)
{
    const std::vector<input_step> steps = input_steps(size, align);
    const input_step *const step_table = steps.data();
    const std::size_t step_mask = steps.size() - 1;
    std::uint8_t out[HB_MAX_OUT_BYTES];
    std::size_t i = 0;

    if (src.count <= 1) { // load:cpu: the same slice every call
        const std::uint8_t *const base = src.base;
        for (auto _ : state)
            hash_one(base, step_table[i++ & step_mask], out, call);
        return bytes_hashed(steps, std::uint64_t(state.iterations()));
    }

    // load:ram: go on where the previous row of this pool stopped, its slices being the most
    // recently read ones.
    const std::size_t stride = src.stride;
    const std::uint8_t *const first = src.base;
    const std::uint8_t *const end = src.base + src.count * stride;
    const std::uint8_t *slice =
        first + (src.cursor != nullptr ? (*src.cursor + stride - 1) / stride % src.count : 0) * stride;
    for (auto _ : state) {
        hash_one(slice, step_table[i++ & step_mask], out, call);
        slice += stride;
        if (slice == end)
            slice = first;
    }
    if (src.cursor != nullptr)
        *src.cursor = std::size_t(slice - first);
    return bytes_hashed(steps, std::uint64_t(state.iterations()));
}

} // namespace hb

#endif // HB_INPUT_LOOP_H

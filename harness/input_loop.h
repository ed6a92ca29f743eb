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

// Runs call(p, n, out) once per iteration over the slices, with lengths from size (a random size
// walks random_lengths()) and misalignment align, or rotating over 0..63 when align < 0. Returns
// the bytes hashed.
template <class Call>
std::uint64_t input_loop(benchmark::State &state, const slices &src, const size_spec &size, int align, Call call)
{
    const std::vector<std::size_t> lengths =
        size.random() ? random_lengths(size) : std::vector<std::size_t>{size.min};
    const std::size_t length_mask = lengths.size() - 1; // a power of two
    const unsigned misalign_step = align < 0 ? 1 : 0;
    unsigned misalign = align < 0 ? 0 : unsigned(align);
    // Go on where the previous row of this pool stopped: its slices are the most recently read.
    std::size_t slice = src.cursor != nullptr ? (*src.cursor + src.stride - 1) / src.stride % src.count : 0;
    std::size_t next_length = 0;
    const std::uint8_t *slice_start = src.base + slice * src.stride;
    std::uint64_t bytes = 0;
    alignas(64) std::uint8_t out[HB_MAX_OUT_BYTES];

    for (auto _ : state) {
        const std::uint8_t *p = slice_start + misalign;
        std::size_t n = lengths[next_length];
        benchmark::DoNotOptimize(p);
        benchmark::DoNotOptimize(n);
        call(p, n, out);
        benchmark::ClobberMemory(); // the output counts as read
        bytes += n;
        next_length = (next_length + 1) & length_mask;
        misalign = (misalign + misalign_step) & 63;
        if (++slice == src.count) {
            slice = 0;
            slice_start = src.base;
        } else {
            slice_start += src.stride;
        }
    }
    if (src.cursor != nullptr)
        *src.cursor = slice * src.stride;
    return bytes;
}

} // namespace hb

#endif // HB_INPUT_LOOP_H

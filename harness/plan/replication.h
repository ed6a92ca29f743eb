/*
 * replication.h — what --process K changes, so that the processes of a replicated run
 * (scripts/lib/replicate.sh) each sample their own layout instead of repeating one: the order the
 * rows are registered in, where the input buffers start within their first page, how far the heap
 * is shifted before the rows' buffers are allocated; and the context keys that record it, with the
 * length of HB_ENV_PAD (the scripts pad the environment so that the stack moves too). Every value
 * is a fixed function of K: process K of one run and process K of another lay out alike.
 */
#ifndef HB_REPLICATION_H
#define HB_REPLICATION_H

#include <cstddef>
#include <cstdint>
#include <memory>

#include "plan.h"

namespace hb {

// The largest --process accepted.
constexpr std::uint64_t max_process = 1000000;

struct replication {
    std::uint64_t process = 0;     // K, from 1; 0: not a replicated run (nothing below changes)
    std::size_t buffer_offset = 0; // bytes into its first page where the hot buffer and the RAM pool start
    std::size_t heap_shift = 0;    // bytes allocated before the rows' buffers
    bool env_pad_set = false;      // HB_ENV_PAD was in the environment
    std::size_t env_pad = 0;       // its length
};

// The layout of process K (0: none, the unreplicated run). Buffer offsets are multiples of 64 (the
// loops' misalignments stay relative to a cache line) below 4096, heap shifts multiples of 16 from
// 16 to 64 KiB (below glibc's threshold for mapping an allocation by itself, so that it moves what
// the heap holds after it); both differ between any two processes within 64 of each other.
replication replication_for(std::uint64_t process);

// Shuffles the rows in place with SplitMix64 seeded from K (Fisher-Yates); no change for K = 0.
void shuffle_rows(plan &rows, const replication &r);

// The allocation that shifts the heap: heap_shift bytes, written so that they are really taken,
// kept until the returned pointer is released (at the end of the run). Null for K = 0.
std::unique_ptr<unsigned char[]> shift_heap(const replication &r);

// Adds process, buffer_offset, heap_shift, row_order and env_pad to the run's JSON context (for
// K > 0 only: an unreplicated run's context is unchanged).
void add_replication_context(const replication &r);

} // namespace hb

#endif // HB_REPLICATION_H

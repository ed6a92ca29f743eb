/*
 * key_rows.h — the size:keys rows: the user's keys (--keys FILE) hashed in a fixed shuffled order,
 * each with its own length and contents. throughput load:cpu walks the first keys of that order,
 * as many as 512 KiB holds at their mean length (copied together, so they stay in cache); throughput load:ram walks all of them, each
 * on cache lines of its own, when those lines exceed the last-level cache (so the bytes come from
 * DRAM); latency chains the cache-resident keys, each call's pointer depending on the previous
 * call's output; baseline gives noop and memread the same walk. One iteration is one key.
 */
#ifndef HB_KEY_ROWS_H
#define HB_KEY_ROWS_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "hb_hash.h"
#include "options.h"
#include "plan.h"
#include "suite.h"

namespace hb {

// Bytes the cache-resident keys take at their mean length: within a core's L2 on current CPUs.
constexpr std::size_t key_cache_budget = 512 * 1024;

// One key as the loops see it.
struct key_ref {
    const std::uint8_t *p;
    std::size_t n;
};

// The keys of a walk, in the order hashed, and their bytes in total.
struct key_walk {
    std::vector<key_ref> keys;
    std::uint64_t bytes = 0;
};

struct key_inputs;

// Reads opts.keys_file (throws usage_error naming --keys and the reason) and lays out both walks.
std::shared_ptr<key_inputs> load_keys(const options &opts);

// The size:keys rows of entry h in suite s (a row of the suite table names one of these):
// independent calls, load:cpu and, when the keys exceed the last-level cache, load:ram; or
// dependent calls over the cache-resident keys.
void plan_independent_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out);
void plan_dependent_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out);

// Adds the keys_* context keys: the file, its format, counts, length distribution, walks.
void add_keys_context(const key_inputs &keys);

// The loops (loops_keys.cpp). Throughput: independent calls; latency: dependent calls.
void key_throughput_loop(benchmark::State &state, const hb_hash *h, const key_walk &walk);
void key_latency_loop(benchmark::State &state, const hb_hash *h, const key_walk &walk);

} // namespace hb

#endif // HB_KEY_ROWS_H

/*
 * keys.h — the user's keys (--keys FILE), read and laid out for the size:keys loops: hashed in a
 * fixed shuffled order, each with its own length and contents. The cache walk takes the first
 * keys of that order, as many as 512 KiB holds at their mean length (copied together, so they
 * stay in cache); the DRAM walk takes all of them, each on cache lines of its own, when those
 * lines exceed the last-level cache. One iteration of a loop is one key.
 */
#ifndef HB_KEYS_H
#define HB_KEYS_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "hb_hash.h"
#include "user_keys.h"

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

struct key_inputs {
    std::string path, format;
    hb_user_keys file{};
    std::size_t duplicates = 0, len_min = 0, len_median = 0, len_p99 = 0, len_max = 0;
    std::vector<std::size_t> order;        // shuffled key indices
    std::vector<std::uint8_t> cache_bytes; // the cache-resident keys, back to back
    key_walk cache_walk;
    std::vector<std::uint8_t> ram_bytes; // every key on cache lines of its own
    key_walk ram_walk;
    std::uint64_t ram_footprint = 0; // bytes of the lines the keys occupy
    bool ram_row = false;            // whether the keys' lines exceed the last-level cache

    ~key_inputs()
    {
        hb_user_keys_free(&file);
    }
};

// Reads the file at path in format (--keys and --keys-format: throws usage_error naming the flag
// and the reason) and lays out both walks.
std::shared_ptr<key_inputs> load_keys(const std::string &path, const std::string &format);

// Adds the keys_* context keys: the file, its format, counts, length distribution, walks.
void add_keys_context(const key_inputs &keys);

// The loops (loops_keys.cpp). Throughput: independent calls; latency: dependent calls.
void key_throughput_loop(benchmark::State &state, const hb_hash *h, const key_walk &walk);
void key_latency_loop(benchmark::State &state, const hb_hash *h, const key_walk &walk);

} // namespace hb

#endif // HB_KEYS_H

// keys.cpp — reading the user's keys, laying out the cache and DRAM walks, and the context that
// says what the keys were.
#include "keys.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "fixed_random.h"
#include "machine.h"
#include "usage_error.h"

namespace hb {

// The order keys are hashed in: a permutation from this seed, the same on every run and machine.
#define HB_SEED_KEY_ORDER UINT64_C(0x6b65792d6f726465) /* "key-orde" */

namespace {

std::vector<std::size_t> shuffled_order(std::size_t n)
{
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; i++)
        order[i] = i;
    std::uint64_t state = HB_SEED_KEY_ORDER;
    for (std::size_t i = n; i > 1; i--) // Fisher-Yates; the modulo bias is far below anything timed
        std::swap(order[i - 1], order[hb_splitmix64_next(&state) % i]);
    return order;
}

// The first keys of the order, as many as the budget holds at the keys' mean length (at least
// one), copied together. Taking a count rather than filling the budget keeps the walk a fair
// sample: a long key early in the order is kept, not skipped, and may overrun the budget.
void lay_out_cache_walk(key_inputs &k)
{
    const hb_user_keys &f = k.file;
    double mean = f.n ? double(f.total_bytes) / double(f.n) : 0;
    std::size_t count = mean <= 0 ? f.n : std::size_t(double(key_cache_budget) / mean);
    count = std::max<std::size_t>(1, std::min(count, f.n));
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < count; i++)
        bytes += f.len[k.order[i]];
    k.cache_bytes.resize(bytes + 1);
    std::size_t at = 0;
    for (std::size_t i = 0; i < count; i++) {
        std::size_t key = k.order[i];
        std::memcpy(k.cache_bytes.data() + at, f.bytes + f.start[key], f.len[key]);
        k.cache_walk.keys.push_back({k.cache_bytes.data() + at, f.len[key]});
        k.cache_walk.bytes += f.len[key];
        at += f.len[key];
    }
}

// Every key starts a cache line of its own, in file order; the walk visits them shuffled, so
// consecutive keys are far apart and the prefetchers cannot guess the next line.
void lay_out_ram_walk(key_inputs &k)
{
    const hb_user_keys &f = k.file;
    std::vector<std::uint64_t> at(f.n);
    std::uint64_t footprint = 0;
    for (std::size_t i = 0; i < f.n; i++) {
        at[i] = footprint;
        footprint += (std::max<std::size_t>(f.len[i], 1) + 63) / 64 * 64;
    }
    k.ram_footprint = footprint;
    k.ram_row = footprint > llc_bytes(); // with the cache's size unknown (0), the row runs
    if (!k.ram_row)
        return;
    k.ram_bytes.resize(footprint + 64);
    std::uint8_t *base = k.ram_bytes.data() + (64 - reinterpret_cast<std::uintptr_t>(k.ram_bytes.data()) % 64) % 64;
    for (std::size_t i = 0; i < f.n; i++)
        std::memcpy(base + at[i], f.bytes + f.start[i], f.len[i]);
    for (std::size_t i = 0; i < f.n; i++) {
        std::size_t key = k.order[i];
        k.ram_walk.keys.push_back({base + at[key], f.len[key]});
        k.ram_walk.bytes += f.len[key];
    }
}

std::string mib(std::uint64_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / 1048576.0);
    return buf;
}

} // namespace

std::shared_ptr<key_inputs> load_keys(const std::string &path, const std::string &format_name)
{
    auto k = std::make_shared<key_inputs>();
    k->path = path;
    k->format = format_name;
    hb_keys_format format;
    std::size_t width;
    if (!hb_keys_format_parse(format_name.c_str(), &format, &width))
        throw usage_error("--keys-format: unknown format '" + format_name + "'");
    char err[512];
    if (!hb_user_keys_read(path.c_str(), format, width, &k->file, err, sizeof err))
        throw usage_error(std::string("--keys: ") + err);
    hb_user_keys_lengths(&k->file, &k->len_min, &k->len_median, &k->len_p99, &k->len_max);
    k->duplicates = hb_user_keys_duplicates(&k->file);
    k->order = shuffled_order(k->file.n);
    lay_out_cache_walk(*k);
    lay_out_ram_walk(*k);
    return k;
}

void add_keys_context(const key_inputs &k)
{
    const hb_user_keys &f = k.file;
    auto put = [](const std::string &key, const std::string &value) { benchmark::AddCustomContext(key, value); };
    put("keys_file", k.path);
    put("keys_format", k.format);
    put("keys_in_file", std::to_string(f.file_keys));
    put("keys_used", std::to_string(f.n) + (f.sampled ? " (a fixed-seed sample: the file holds more than " +
                                                            std::to_string(HB_USER_KEYS_MAX) + " keys or " +
                                                            mib(HB_USER_KEYS_MAX_BYTES) + " of keys)"
                                                      : ""));
    put("keys_bytes", std::to_string(f.total_bytes));
    put("keys_length_min", std::to_string(k.len_min));
    put("keys_length_median", std::to_string(k.len_median));
    put("keys_length_p99", std::to_string(k.len_p99));
    put("keys_length_max", std::to_string(k.len_max));
    put("keys_duplicates", std::to_string(k.duplicates) + " (hashed as often as they occur)");
    put("keys_empty", std::to_string(f.empty));
    put("keys_crlf", std::to_string(f.crlf) + " (the '\\r' before '\\n' removed)");
    put("keys_not_utf8", std::to_string(f.not_utf8));
    put("keys_order", "shuffled, fixed seed");
    char means[96];
    std::snprintf(means, sizeof means, "mean length %.1f bytes, the keys' %.1f",
                  double(k.cache_walk.bytes) / double(k.cache_walk.keys.size()),
                  f.n ? double(f.total_bytes) / double(f.n) : 0.0);
    put("keys_load_cpu", std::to_string(k.cache_walk.keys.size()) + " keys, " + std::to_string(k.cache_walk.bytes) +
                             " bytes, copied together (as many as " + std::to_string(key_cache_budget) +
                             " bytes hold at the mean length); " + means);
    put("keys_load_ram", k.ram_row ? std::to_string(f.n) + " keys on " + mib(k.ram_footprint) +
                                         " of cache lines of their own, " +
                                         (llc_bytes() > 0 ? std::string("more than the last-level cache")
                                                          : std::string("the last-level cache's size unknown"))
                                   : "not run: the keys' " + mib(k.ram_footprint) + " of cache lines fit in the " +
                                         mib(llc_bytes()) + " last-level cache");
}

} // namespace hb

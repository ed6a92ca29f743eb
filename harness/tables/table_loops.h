/*
 * table_loops.h — the timed loops of the hashtable suite, one key per iteration, so that a row's
 * time is per key:
 *   hit     the table holds the stored keys; each iteration looks up the next of them in a fixed
 *           shuffled order (a copy of the key, as a lookup's key comes from elsewhere);
 *   miss    the same table; each iteration looks up the next absent key;
 *   insert  each batch of `count` iterations builds the table from empty (no reserve: its growth
 *           counts) and frees it.
 * Lookups are independent of each other (the next does not wait for the last), as a program
 * looking up many keys runs them. Before a row's first timing, its table is built once with every
 * probe counted; when the probes exceed the cap (probes per key on average, --table-cap) the
 * build stops there and every row of that table is an error row starting "capped:". The verdict
 * is kept for the run. Lookup rows only read their table: a built table is kept for the next
 * lookup row or repetition of the same table, within table_cache_budget bytes (the least recently
 * used dropped first), so that the hit and miss rows of a table rarely build it again. A row of
 * keys of 4, 8 or 16 bytes (row.width, every key of its set that wide) runs its design on keys
 * held by value, each lookup's key a copy of the value, with the hasher of its entry
 * (value_hashers.h); any other row on byte strings.
 */
#ifndef HB_TABLE_LOOPS_H
#define HB_TABLE_LOOPS_H

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include <benchmark/benchmark.h>

#include "hb_hash.h"
#include "table_designs.h"
#include "table_keys.h"

namespace hb {

enum class table_op { hit, miss, insert };

// The probes per key on average a build may take (--table-cap's default).
constexpr unsigned default_table_cap = 256;

// Bytes of built tables kept for the lookups of later rows and repetitions of the same table.
constexpr std::size_t table_cache_budget = std::size_t(1) << 30;

struct table_row {
    const hb_hash *h;
    hb_design design;
    table_op op;
    std::function<std::shared_ptr<const table_keys>()> keys; // made on first use, then kept
    std::string table;                                       // names the table: the cap's verdict is per table
    unsigned cap = default_table_cap;
    std::size_t width = 0; // keys held by value: 4, 8 or 16 (h is then the value entry); 0: byte strings
};

void table_loop(benchmark::State &state, const table_row &row);

// The width the keys are held at: width (4, 8 or 16) when every key of keys, stored, queried and
// absent, has that many bytes; else 0, byte strings.
std::size_t held_width(std::size_t width, const table_keys &keys);

// How the tables of entry h call its hash on keys of width bytes held by value (4, 8 or 16), in
// words: "its library's functor, inlined" (a design's default), "a direct call" (the entries of
// c_hashes/hb_direct.h), "a call through the registry's pointer"; every design alike.
const char *table_value_call(const hb_hash *h, std::size_t width);

// The checked build alone: "" when the table of every stored key was built within cap probes per
// key on average and holds exactly those keys, else the reason ("capped: ...", "out of memory ...",
// "wrong: ..."). Keys held by value at width (held_width), h their value entry. For tests.
std::string table_build_verdict(const hb_hash *h, hb_design design, const table_keys &keys, unsigned cap,
                                std::size_t width = 0);

// Whether a table of design, built from keys.stored, finds exactly each of `queries`' answers:
// found[i] for queries[i]. Keys held by value at width as above. For tests.
bool table_finds(const hb_hash *h, hb_design design, const table_keys &keys, const std::vector<table_key> &queries,
                 std::vector<bool> &found, std::size_t width = 0);

} // namespace hb

#endif // HB_TABLE_LOOPS_H

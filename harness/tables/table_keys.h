/*
 * table_keys.h — the keys a table row stores and looks up: the keys inserted (in their order:
 * counting up for the synthetic sets, the file's order for --keys), the same keys copied in a
 * fixed shuffled order for successful lookups, and as many keys that are not in the table, also
 * shuffled, for unsuccessful ones. Every key is a byte string of its own length.
 *
 *   user  "user:N", N = 0..count-1 in decimal; absent: N = count..2count-1
 *   id64  8-byte little-endian integers 0x7f0000000000 + 64i (heap addresses of 64-byte
 *         objects), i = 0..count-1; absent: i = count..2count-1
 *   file  the distinct keys of --keys FILE (a key again is dropped, the first kept); absent: each
 *         key with one bit of its first byte flipped (bits 0..7 in turn, the first that gives a
 *         key not in the file; for the empty key, or when none does, the key lengthened with zero
 *         bytes past the longest key)
 */
#ifndef HB_TABLE_KEYS_H
#define HB_TABLE_KEYS_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "user_keys.h"

namespace hb {

struct table_key {
    const std::uint8_t *p;
    std::size_t n;
};

struct table_keys {
    std::string set; // "user", "id64", "file"
    std::vector<table_key> stored, queries, absent;
    std::uint64_t query_bytes = 0, absent_bytes = 0; // bytes of all queries, of all absent keys
    std::size_t duplicates = 0;                      // keys of the file dropped as repeats
    std::vector<std::uint8_t> stored_arena, query_arena, absent_arena;
};

// The synthetic sets ("user", "id64") of count keys, made once per run and kept.
std::shared_ptr<const table_keys> synthetic_table_keys(const std::string &set, std::size_t count);

// The distinct keys of a --keys file.
std::shared_ptr<const table_keys> file_table_keys(const hb_user_keys &file);

// Bytes of the first `iterations` keys of a list walked round and round (all of it: total).
std::uint64_t walked_key_bytes(const std::vector<table_key> &keys, std::uint64_t total, std::uint64_t iterations);

} // namespace hb

#endif // HB_TABLE_KEYS_H

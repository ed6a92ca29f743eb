// table_keys.cpp — the key sets of the hashtable suite (table_keys.h).
#include "table_keys.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <utility>

#include "hb_splitmix64.h"

namespace hb {

// The order of successful and unsuccessful lookups: permutations from these seeds, the same on
// every run and machine.
#define HB_SEED_TABLE_QUERIES UINT64_C(0x7461626c652d7179) /* "table-qy" */
#define HB_SEED_TABLE_ABSENT  UINT64_C(0x7461626c652d6162) /* "table-ab" */

namespace {

constexpr std::uint64_t id64_base = UINT64_C(0x7f0000000000);

// Keys as they are made: bytes back to back and each key's (start, length).
struct key_list {
    std::vector<std::uint8_t> bytes;
    std::vector<std::pair<std::size_t, std::size_t>> keys;

    void add(const void *p, std::size_t n)
    {
        keys.push_back({bytes.size(), n});
        bytes.insert(bytes.end(), static_cast<const std::uint8_t *>(p), static_cast<const std::uint8_t *>(p) + n);
    }
};

std::vector<std::size_t> shuffled(std::size_t n, std::uint64_t seed)
{
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; i++)
        order[i] = i;
    for (std::size_t i = n; i > 1; i--) // Fisher-Yates; the modulo bias is far below anything timed
        std::swap(order[i - 1], order[hb_splitmix64_next(&seed) % i]);
    return order;
}

// Copies the keys of list in the given order into arena (one byte more, so that it is never
// empty and no key's pointer is null) and returns them; total gets their bytes.
std::vector<table_key> lay_out(const key_list &list, const std::vector<std::size_t> &order,
                               std::vector<std::uint8_t> &arena, std::uint64_t *total)
{
    std::size_t bytes = 0;
    for (std::size_t i : order)
        bytes += list.keys[i].second;
    arena.assign(bytes + 1, 0);
    std::vector<table_key> keys;
    keys.reserve(order.size());
    std::size_t at = 0;
    for (std::size_t i : order) {
        std::memcpy(arena.data() + at, list.bytes.data() + list.keys[i].first, list.keys[i].second);
        keys.push_back({arena.data() + at, list.keys[i].second});
        at += list.keys[i].second;
    }
    if (total != nullptr)
        *total = bytes;
    return keys;
}

std::shared_ptr<table_keys> assemble(const std::string &set, const key_list &stored, const key_list &absent)
{
    auto k = std::make_shared<table_keys>();
    k->set = set;
    std::vector<std::size_t> in_order(stored.keys.size());
    for (std::size_t i = 0; i < in_order.size(); i++)
        in_order[i] = i;
    k->stored = lay_out(stored, in_order, k->stored_arena, nullptr);
    k->queries = lay_out(stored, shuffled(stored.keys.size(), HB_SEED_TABLE_QUERIES), k->query_arena, &k->query_bytes);
    k->absent = lay_out(absent, shuffled(absent.keys.size(), HB_SEED_TABLE_ABSENT), k->absent_arena, &k->absent_bytes);
    return k;
}

void add_synthetic(key_list &list, const std::string &set, std::size_t i)
{
    if (set == "user") {
        char text[32];
        int n = std::snprintf(text, sizeof text, "user:%zu", i);
        list.add(text, std::size_t(n));
    } else {
        std::uint64_t v = id64_base + 64 * std::uint64_t(i);
        std::uint8_t le[8];
        for (int b = 0; b < 8; b++)
            le[b] = std::uint8_t(v >> (8 * b));
        list.add(le, sizeof le);
    }
}

// Orders key indices by (length, bytes), so that equal keys are neighbours.
struct key_less {
    const hb_user_keys &f;
    bool operator()(std::size_t a, std::size_t b) const
    {
        if (f.len[a] != f.len[b])
            return f.len[a] < f.len[b];
        return std::memcmp(f.bytes + f.start[a], f.bytes + f.start[b], f.len[a]) < 0;
    }
};

} // namespace

std::shared_ptr<const table_keys> synthetic_table_keys(const std::string &set, std::size_t count)
{
    static std::map<std::pair<std::string, std::size_t>, std::shared_ptr<const table_keys>> made;
    auto &slot = made[{set, count}];
    if (slot == nullptr) {
        key_list stored, absent;
        for (std::size_t i = 0; i < count; i++) {
            add_synthetic(stored, set, i);
            add_synthetic(absent, set, count + i);
        }
        slot = assemble(set, stored, absent);
    }
    return slot;
}

std::shared_ptr<const table_keys> file_table_keys(const hb_user_keys &f)
{
    std::vector<std::size_t> sorted(f.n);
    for (std::size_t i = 0; i < f.n; i++)
        sorted[i] = i;
    key_less less{f};
    std::stable_sort(sorted.begin(), sorted.end(), less); // equal keys stay in file order
    std::vector<bool> repeat(f.n, false);
    std::size_t longest = 0;
    for (std::size_t i = 0; i < f.n; i++) {
        longest = std::max(longest, f.len[sorted[i]]);
        if (i > 0 && !less(sorted[i - 1], sorted[i]))
            repeat[sorted[i]] = true;
    }
    // Whether bytes are a key of the file: a binary search of the sorted keys.
    auto in_file = [&](const std::vector<std::uint8_t> &key) {
        auto below = [&](std::size_t a, const std::vector<std::uint8_t> &k) {
            if (f.len[a] != k.size())
                return f.len[a] < k.size();
            return std::memcmp(f.bytes + f.start[a], k.data(), k.size()) < 0;
        };
        auto it = std::lower_bound(sorted.begin(), sorted.end(), key, below);
        return it != sorted.end() && f.len[*it] == key.size() &&
               std::memcmp(f.bytes + f.start[*it], key.data(), key.size()) == 0;
    };
    key_list stored, absent;
    std::size_t duplicates = 0;
    for (std::size_t i = 0; i < f.n; i++) {
        if (repeat[i]) {
            duplicates++;
            continue;
        }
        const std::uint8_t *p = f.bytes + f.start[i];
        stored.add(p, f.len[i]);
        std::vector<std::uint8_t> candidate(p, p + f.len[i]);
        bool found = false;
        for (int bit = 0; bit < 8 && !candidate.empty() && !found; bit++) {
            candidate[0] = std::uint8_t(p[0] ^ (1u << bit));
            found = !in_file(candidate);
        }
        if (!found) { // longer than every key of the file, so not one of them
            candidate.assign(p, p + f.len[i]);
            candidate.resize(longest + 1, 0);
        }
        absent.add(candidate.data(), candidate.size());
    }
    auto k = assemble("file", stored, absent);
    k->duplicates = duplicates;
    return k;
}

std::uint64_t walked_key_bytes(const std::vector<table_key> &keys, std::uint64_t total, std::uint64_t iterations)
{
    std::uint64_t n = keys.size(), bytes = n ? iterations / n * total : 0;
    for (std::uint64_t i = 0; n && i < iterations % n; i++)
        bytes += keys[i].n;
    return bytes;
}

} // namespace hb

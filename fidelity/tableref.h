// tableref.h — hbtableref's designs: each a set of uint64_t keys as a program declares it, with
// the design's default hasher for that type or XXH3_64bits of the key's 8 bytes, and its lookups
// in a plain loop. One translation unit per design (tableref_<design>.cpp); hbtableref.cpp times
// them. Nothing here comes from hashbench: no registry, no Google Benchmark, no harness code.
#ifndef HB_TABLEREF_H
#define HB_TABLEREF_H

#include <cstddef>
#include <cstdint>

namespace tref {

enum class hash_kind { library_default, xxh3 };

struct design {
    const char *name;         // hashbench's design:<name>
    const char *default_text; // the design's default hasher of a uint64_t key; nullptr: it has none
    // The set of keys[0..n) (which outlive it) hashed with h; *size: the keys it holds. nullptr:
    // out of memory.
    void *(*build)(const std::uint64_t *keys, std::size_t n, hash_kind h, std::size_t *size);
    // count lookups walking q[0..n) round and round; the number found.
    std::uint64_t (*lookups)(const void *set, hash_kind h, const std::uint64_t *q, std::size_t n, std::uint64_t count);
    void (*destroy)(void *set, hash_kind h);
};

extern const design absl_design, std_unordered_design, boost_flat_design, glib_design, uthash_design,
    open_addressing_design;

// Lookups independent of each other, one key after the other, as a program looking up many keys
// runs them; find(k) says whether k is in the set.
template <class Find> inline std::uint64_t walk(const std::uint64_t *q, std::size_t n, std::uint64_t count, Find find)
{
    std::uint64_t found = 0;
    std::size_t i = 0;
    for (std::uint64_t c = 0; c < count; c++) {
        found += find(q[i]) ? 1 : 0;
        if (++i == n)
            i = 0;
    }
    return found;
}

} // namespace tref

#endif // HB_TABLEREF_H

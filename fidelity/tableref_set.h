// tableref_set.h — a design of hbtableref (tableref.h) from a C++ set class, one instantiation per
// hasher: the set with the design's default hasher of uint64_t and the set with XXH3.
#ifndef HB_TABLEREF_SET_H
#define HB_TABLEREF_SET_H

#include "tableref.h"
#include "tableref_xxh3.h"

namespace tref {

template <class Set> void *build_set(const std::uint64_t *keys, std::size_t n, std::size_t *size)
{
    auto *s = new Set;
    for (std::size_t i = 0; i < n; i++)
        s->insert(keys[i]);
    *size = s->size();
    return s;
}

template <class Set>
std::uint64_t set_lookups(const void *set, const std::uint64_t *q, std::size_t n, std::uint64_t count)
{
    const Set &s = *static_cast<const Set *>(set);
    return walk(q, n, count, [&s](std::uint64_t k) { return s.find(k) != s.end(); });
}

// Set<uint64_t> and Set<uint64_t, xxh3_hasher> as one design.
template <template <class...> class Set> design set_design(const char *name, const char *default_text)
{
    using by_default = Set<std::uint64_t>;
    using by_xxh3 = Set<std::uint64_t, xxh3_hasher>;
    return {
        name,
        default_text,
        [](const std::uint64_t *keys, std::size_t n, hash_kind h, std::size_t *size) {
            return h == hash_kind::xxh3 ? build_set<by_xxh3>(keys, n, size) : build_set<by_default>(keys, n, size);
        },
        [](const void *set, hash_kind h, const std::uint64_t *q, std::size_t n, std::uint64_t count) {
            return h == hash_kind::xxh3 ? set_lookups<by_xxh3>(set, q, n, count)
                                        : set_lookups<by_default>(set, q, n, count);
        },
        [](void *set, hash_kind h) {
            if (h == hash_kind::xxh3)
                delete static_cast<by_xxh3 *>(set);
            else
                delete static_cast<by_default *>(set);
        },
    };
}

} // namespace tref

#endif // HB_TABLEREF_SET_H

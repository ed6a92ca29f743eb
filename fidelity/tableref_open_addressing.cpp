// tableref_open_addressing.cpp — a plain open-addressing set of uint64_t keys: a power-of-two
// array at most 3/4 full, the slot the low bits of XXH3, linear probing; the key 0 marks an empty
// slot and is kept aside.
#include <vector>

#include "tableref.h"
#include "tableref_xxh3.h"

namespace tref {
namespace {

struct table {
    std::vector<std::uint64_t> slots;
    std::size_t mask = 0;
    bool has_zero = false;

    explicit table(std::size_t n)
    {
        std::size_t m = 8;
        while (m / 4 * 3 < n)
            m *= 2;
        slots.assign(m, 0);
        mask = m - 1;
    }
    // The key's slot, or the empty slot where it would go.
    std::size_t slot(std::uint64_t k) const
    {
        std::size_t i = std::size_t(xxh3_of(k)) & mask;
        while (slots[i] != 0 && slots[i] != k)
            i = (i + 1) & mask;
        return i;
    }
    bool insert(std::uint64_t k)
    {
        if (k == 0) {
            bool added = !has_zero;
            has_zero = true;
            return added;
        }
        std::size_t i = slot(k);
        bool added = slots[i] == 0;
        slots[i] = k;
        return added;
    }
    bool contains(std::uint64_t k) const
    {
        return k == 0 ? has_zero : slots[slot(k)] == k;
    }
};

} // namespace

const design open_addressing_design = {
    "open-addressing",
    nullptr,
    [](const std::uint64_t *keys, std::size_t n, hash_kind, std::size_t *size) -> void * {
        auto *t = new table(n);
        *size = 0;
        for (std::size_t i = 0; i < n; i++)
            *size += t->insert(keys[i]) ? 1 : 0;
        return t;
    },
    [](const void *set, hash_kind, const std::uint64_t *q, std::size_t n, std::uint64_t count) {
        const table &t = *static_cast<const table *>(set);
        return walk(q, n, count, [&t](std::uint64_t k) { return t.contains(k); });
    },
    [](void *set, hash_kind) { delete static_cast<table *>(set); },
};

} // namespace tref

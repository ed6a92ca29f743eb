// tableref_uthash.cpp — uthash items holding a uint64_t key, added and found by its 8 bytes, with
// XXH3 as uthash's HASH_FUNCTION (its 32-bit hashv: the low 32 bits). uthash's own default
// (HASH_JEN) is not a hash of hashbench's registry, so it has no row to compare with.
#include <cstdlib>
#include <vector>

#include "tableref.h"
#include "tableref_xxh3.h"

#define HASH_FUNCTION(keyptr, keylen, hashv) ((hashv) = unsigned(XXH3_64bits((keyptr), (keylen))))
#include <uthash.h>

namespace tref {
namespace {

struct item {
    std::uint64_t key;
    UT_hash_handle hh;
};

struct table {
    item *head = nullptr;
    std::vector<item> items;
};

} // namespace

const design uthash_design = {
    "uthash",
    nullptr,
    [](const std::uint64_t *keys, std::size_t n, hash_kind, std::size_t *size) -> void * {
        auto *t = new table;
        t->items.resize(n);
        for (std::size_t i = 0; i < n; i++) {
            item *found = nullptr;
            HASH_FIND(hh, t->head, &keys[i], sizeof keys[i], found);
            if (found != nullptr)
                continue;
            t->items[i].key = keys[i];
            HASH_ADD(hh, t->head, key, sizeof(std::uint64_t), &t->items[i]);
        }
        *size = HASH_COUNT(t->head);
        return t;
    },
    [](const void *set, hash_kind, const std::uint64_t *q, std::size_t n, std::uint64_t count) {
        item *head = static_cast<const table *>(set)->head;
        return walk(q, n, count, [head](const std::uint64_t &k) {
            item *found = nullptr;
            HASH_FIND(hh, head, &k, sizeof k, found);
            return found != nullptr;
        });
    },
    [](void *set, hash_kind) {
        auto *t = static_cast<table *>(set);
        HASH_CLEAR(hh, t->head);
        delete t;
    },
};

} // namespace tref

/* uthash_table.c — the uthash design (uthash_table.h). */
#include "uthash_table.h"

#include <stdlib.h>

#include "table_hash.h"

/* uthash calls HASH_FUNCTION wherever it hashes a key; it has no per-table hasher, so the entry
 * of the table being used is set on the way in (one thread uses the tables). Allocation failures
 * are recorded, not fatal: the row that meets one says so. */
static const struct hb_hash *hb_ut_entry;
static bool hb_ut_oom;
#define HASH_FUNCTION(keyptr, keylen, hashv) ((hashv) = (unsigned)hb_hashtable_hash(hb_ut_entry, (keyptr), (keylen)))
#define HASH_NONFATAL_OOM                    1
#define uthash_nonfatal_oom(obj)             (hb_ut_oom = true)
#include <uthash.h>

struct hb_ut_item {
    const uint8_t *key;
    size_t len;
    UT_hash_handle hh;
};

struct hb_ut_table {
    const struct hb_hash *hash;
    struct hb_ut_item *head; /* uthash's table handle: NULL while empty */
    struct hb_ut_item *items;
    size_t used, capacity;
};

struct hb_ut_table *hb_ut_create(const struct hb_hash *hash, size_t capacity)
{
    struct hb_ut_table *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->items = malloc((capacity ? capacity : 1) * sizeof *t->items);
    if (t->items == NULL) {
        free(t);
        return NULL;
    }
    t->hash = hash;
    t->capacity = capacity;
    return t;
}

void hb_ut_destroy(struct hb_ut_table *t)
{
    if (t == NULL)
        return;
    HASH_CLEAR(hh, t->head);
    free(t->items);
    free(t);
}

/* The insert, with the chain it searches counted when count_chain is set (for the cap; a timed
 * insert does not read the bucket's count). */
static inline size_t insert(struct hb_ut_table *t, const uint8_t *key, size_t len, bool count_chain)
{
    hb_ut_entry = t->hash;
    unsigned hashv;
    HASH_VALUE(key, len, hashv);
    size_t chain = 0;
    if (count_chain && t->head != NULL) {
        unsigned bucket;
        HASH_TO_BKT(hashv, t->head->hh.tbl->num_buckets, bucket);
        chain = t->head->hh.tbl->buckets[bucket].count;
    }
    struct hb_ut_item *found;
    HASH_FIND_BYHASHVALUE(hh, t->head, key, len, hashv, found);
    if (found != NULL)
        return chain + 1;
    if (t->used == t->capacity)
        return 0;
    struct hb_ut_item *item = &t->items[t->used];
    item->key = key;
    item->len = len;
    hb_ut_oom = false;
    HASH_ADD_KEYPTR_BYHASHVALUE(hh, t->head, item->key, item->len, hashv, item);
    if (hb_ut_oom) /* uthash took the item out again */
        return 0;
    t->used++;
    return chain + 1;
}

size_t hb_ut_insert(struct hb_ut_table *t, const uint8_t *key, size_t len)
{
    return insert(t, key, len, false);
}

size_t hb_ut_insert_counted(struct hb_ut_table *t, const uint8_t *key, size_t len)
{
    return insert(t, key, len, true);
}

bool hb_ut_find(const struct hb_ut_table *t, const uint8_t *key, size_t len)
{
    hb_ut_entry = t->hash;
    struct hb_ut_item *found;
    HASH_FIND(hh, t->head, key, len, found);
    return found != NULL;
}

size_t hb_ut_count(const struct hb_ut_table *t)
{
    return HASH_CNT(hh, t->head);
}

size_t hb_ut_bytes(const struct hb_ut_table *t)
{
    size_t bytes = sizeof *t + t->capacity * sizeof *t->items;
    if (t->head != NULL)
        bytes += sizeof(UT_hash_table) + t->head->hh.tbl->num_buckets * sizeof(UT_hash_bucket);
    return bytes;
}

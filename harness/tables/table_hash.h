/*
 * table_hash.h — the value a table design gets from an entry: hash64 where the entry has one,
 * else hb_bucket_value() of its output, so that an output wider than 64 bits reaches the table as
 * those 64 bits (the row says so). Seed 0, as in every suite.
 */
#ifndef HB_TABLE_HASH_H
#define HB_TABLE_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline uint64_t hb_hashtable_hash(const struct hb_hash *h, const void *key, size_t len)
{
    if (h->hash64 != NULL)
        return h->hash64(key, len, 0);
    uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(key, len, 0, out);
    return hb_bucket_value(h, out);
}

/* Whether the table sees a fold of the entry's output rather than all of it. */
static inline bool hb_hashtable_hash_folded(const struct hb_hash *h)
{
    return h->out_bits > 64;
}

#ifdef __cplusplus
}
#endif

#endif /* HB_TABLE_HASH_H */

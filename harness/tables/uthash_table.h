/*
 * uthash_table.h — the uthash design: Debian's uthash (the C chained table, header-only) with
 * HASH_FUNCTION set to the entry. uthash keeps a 32-bit hashv, the entry's value truncated to its
 * low 32 bits, and picks a bucket by its low bits (hashv & (buckets - 1)); it doubles the buckets
 * when chains grow long, and stops once doubling proves ineffective, so a hash whose low bits
 * collide turns it into a list. An insert looks the key up first and adds it when absent, hashing
 * it once (what a map's insert does). Items are preallocated; keys are not copied.
 */
#ifndef HB_UTHASH_TABLE_H
#define HB_UTHASH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hb_ut_table;

/* An empty table for up to capacity keys; NULL when out of memory. */
struct hb_ut_table *hb_ut_create(const struct hb_hash *hash, size_t capacity);
void hb_ut_destroy(struct hb_ut_table *t);

/* Adds the key unless an equal one is there. Returns at least 1; 0 when the table is full or out
 * of memory. The counted insert returns the chain length of the key's bucket plus one: the items
 * its lookup may visit, and the add. */
size_t hb_ut_insert(struct hb_ut_table *t, const uint8_t *key, size_t len);
size_t hb_ut_insert_counted(struct hb_ut_table *t, const uint8_t *key, size_t len);

/* Whether an equal key is in the table. */
bool hb_ut_find(const struct hb_ut_table *t, const uint8_t *key, size_t len);

/* Keys in the table; bytes it holds (items, buckets, the table's header). */
size_t hb_ut_count(const struct hb_ut_table *t);
size_t hb_ut_bytes(const struct hb_ut_table *t);

#ifdef __cplusplus
}
#endif

#endif /* HB_UTHASH_TABLE_H */

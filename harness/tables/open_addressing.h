/*
 * open_addressing.h — the open-addressing design: the table many C programs carry. A power-of-two
 * array of (pointer, length) slots, a key's home slot the low bits of its hash (h & (m - 1)),
 * linear probing, keys compared with memcmp. It doubles when an insert would fill more than 3/4
 * of it, rehashing every key (no hash is stored). Keys are not copied: they must outlive the
 * table.
 */
#ifndef HB_OPEN_ADDRESSING_H
#define HB_OPEN_ADDRESSING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hb_oa_slot {
    const uint8_t *key; /* NULL: empty */
    size_t len;
};

struct hb_oa_table {
    const struct hb_hash *hash;
    struct hb_oa_slot *slots;
    size_t mask; /* slots - 1 */
    size_t count;
};

/* An empty table of 16 slots; false when out of memory. */
bool hb_oa_init(struct hb_oa_table *t, const struct hb_hash *hash);
void hb_oa_free(struct hb_oa_table *t);

/* Adds the key unless an equal one is there. Returns the slots examined, those of growing the
 * table included (at least 1); 0 when out of memory (the table is left as it was). */
size_t hb_oa_insert(struct hb_oa_table *t, const uint8_t *key, size_t len);

/* Whether an equal key is in the table. */
bool hb_oa_find(const struct hb_oa_table *t, const uint8_t *key, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* HB_OPEN_ADDRESSING_H */

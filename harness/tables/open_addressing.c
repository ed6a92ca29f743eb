/* open_addressing.c — the open-addressing design (open_addressing.h). */
#include "open_addressing.h"

#include <stdlib.h>
#include <string.h>

#include "table_hash.h"

#define HB_OA_FIRST_SLOTS 16

bool hb_oa_init(struct hb_oa_table *t, const struct hb_hash *hash)
{
    t->hash = hash;
    t->slots = calloc(HB_OA_FIRST_SLOTS, sizeof *t->slots);
    t->mask = HB_OA_FIRST_SLOTS - 1;
    t->count = 0;
    return t->slots != NULL;
}

void hb_oa_free(struct hb_oa_table *t)
{
    free(t->slots);
    t->slots = NULL;
    t->count = 0;
}

/* Puts a key known to be absent into the first empty slot from its home; returns the slots examined. */
static size_t place(struct hb_oa_slot *slots, size_t mask, size_t i, const uint8_t *key, size_t len)
{
    size_t probes = 1;
    while (slots[i].key != NULL) {
        i = (i + 1) & mask;
        probes++;
    }
    slots[i].key = key;
    slots[i].len = len;
    return probes;
}

/* Twice the slots, every key rehashed into them; 0 when out of memory. */
static size_t grow(struct hb_oa_table *t)
{
    size_t old_slots = t->mask + 1, mask = 2 * old_slots - 1, probes = 0;
    struct hb_oa_slot *slots = calloc(mask + 1, sizeof *slots);
    if (slots == NULL)
        return 0;
    for (size_t i = 0; i < old_slots; i++)
        if (t->slots[i].key != NULL) {
            const struct hb_oa_slot *s = &t->slots[i];
            probes += place(slots, mask, hb_hashtable_hash(t->hash, s->key, s->len) & mask, s->key, s->len);
        }
    free(t->slots);
    t->slots = slots;
    t->mask = mask;
    return probes + 1;
}

size_t hb_oa_insert(struct hb_oa_table *t, const uint8_t *key, size_t len)
{
    size_t probes = 0;
    if (4 * (t->count + 1) > 3 * (t->mask + 1)) {
        probes = grow(t);
        if (probes == 0)
            return 0;
    }
    size_t i = hb_hashtable_hash(t->hash, key, len) & t->mask;
    while (t->slots[i].key != NULL) {
        probes++;
        if (t->slots[i].len == len && memcmp(t->slots[i].key, key, len) == 0)
            return probes;
        i = (i + 1) & t->mask;
    }
    t->slots[i].key = key;
    t->slots[i].len = len;
    t->count++;
    return probes + 1;
}

bool hb_oa_find(const struct hb_oa_table *t, const uint8_t *key, size_t len)
{
    size_t i = hb_hashtable_hash(t->hash, key, len) & t->mask;
    while (t->slots[i].key != NULL) {
        if (t->slots[i].len == len && memcmp(t->slots[i].key, key, len) == 0)
            return true;
        i = (i + 1) & t->mask;
    }
    return false;
}

/* u32map.c — open addressing with linear probing and a 64-bit mixing hash. */
#include "u32map.h"

#include <stdlib.h>

#include "xalloc.h"

static size_t slot_of(uint64_t key, size_t nslots)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return (size_t)key & (nslots - 1);
}

void hb_u32map_free(struct hb_u32map *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
    *m = (struct hb_u32map){0};
}

bool hb_u32map_get(const struct hb_u32map *m, uint64_t key, uint32_t *val)
{
    if (!m->nslots)
        return false;
    for (size_t i = slot_of(key, m->nslots); m->used[i]; i = (i + 1) & (m->nslots - 1)) {
        if (m->keys[i] == key) {
            *val = m->vals[i];
            return true;
        }
    }
    return false;
}

static void rehash(struct hb_u32map *m)
{
    struct hb_u32map old = *m;
    m->nslots = old.nslots ? old.nslots * 2 : 64;
    m->keys = hb_xcalloc(m->nslots, sizeof *m->keys);
    m->vals = hb_xcalloc(m->nslots, sizeof *m->vals);
    m->used = hb_xcalloc(m->nslots, 1);
    m->count = 0;
    for (size_t i = 0; i < old.nslots; i++)
        if (old.used[i])
            hb_u32map_put(m, old.keys[i], old.vals[i]);
    hb_u32map_free(&old);
}

void hb_u32map_put(struct hb_u32map *m, uint64_t key, uint32_t val)
{
    if ((m->count + 1) * 2 > m->nslots)
        rehash(m);
    size_t i = slot_of(key, m->nslots);
    while (m->used[i] && m->keys[i] != key)
        i = (i + 1) & (m->nslots - 1);
    if (!m->used[i]) {
        m->used[i] = 1;
        m->keys[i] = key;
        m->count++;
    }
    m->vals[i] = val;
}

/* u32map.h — an open-addressing map from 64-bit keys to 32-bit values, for ranks and caches. */
#ifndef HB_U32MAP_H
#define HB_U32MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hb_u32map {
    uint64_t *keys;
    uint32_t *vals;
    unsigned char *used;
    size_t count, nslots;
};

/* A zeroed struct is an empty map. */
void hb_u32map_free(struct hb_u32map *m);
/* Sets *val to the value of key and returns true, or returns false when key is absent. */
bool hb_u32map_get(const struct hb_u32map *m, uint64_t key, uint32_t *val);
/* Adds or replaces key's value. */
void hb_u32map_put(struct hb_u32map *m, uint64_t key, uint32_t val);

#endif

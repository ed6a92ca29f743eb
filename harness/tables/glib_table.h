/*
 * glib_table.h — the glib design: GLib's GHashTable (the C library's table) used as a set, with a
 * hash function that calls the entry and keeps its low 32 bits (a guint, as GHashFunc returns).
 * GLib multiplies that value by 11 and takes it modulo a prime below the table's power-of-two size,
 * then probes quadratically; it stores each key's 32-bit hash beside it and compares keys only
 * when those are equal. Keys are (pointer, length) pairs the caller keeps; GLib holds pointers to
 * them. GLib counts no probes: hb_glib_crowding gives the probes the keys' home slots imply (also
 * for the tables of keys held by value, design_glib_value.h).
 */
#ifndef HB_GLIB_TABLE_H
#define HB_GLIB_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A key as the harness holds it (table_keys.h's table_key has the same layout). */
struct hb_glib_key {
    const uint8_t *p;
    size_t n;
};

struct hb_glib_table;

/* An empty table; NULL when out of memory. */
struct hb_glib_table *hb_glib_create(const struct hb_hash *hash);
void hb_glib_destroy(struct hb_glib_table *t);

/* Adds the key (the pointer is kept: the key must outlive the table) unless an equal one is there.
 * Returns 1 (GLib aborts when out of memory). */
size_t hb_glib_insert(struct hb_glib_table *t, const struct hb_glib_key *key);
/* Whether an equal key is in the table. */
bool hb_glib_find(const struct hb_glib_table *t, const struct hb_glib_key *key);
size_t hb_glib_count(const struct hb_glib_table *t);
/* Bytes it holds, estimated from GLib's layout (a key pointer and a 32-bit hash per slot); of a
 * table of n keys: hb_glib_bytes_for(n). */
size_t hb_glib_bytes(const struct hb_glib_table *t);
size_t hb_glib_bytes_for(size_t n);

/* The slots an insert of n keys probes on average at least, from the keys that share each home
 * slot ((hash32 * 11) mod the prime of a table of GLib's size for n keys) alone: (c + 1) / 2 for a
 * home of c keys. hash32: each key's 32-bit hash, as its GHashFunc returns it. */
double hb_glib_crowding(const uint32_t *hash32, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* HB_GLIB_TABLE_H */

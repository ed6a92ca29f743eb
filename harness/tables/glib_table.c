/* glib_table.c — the glib design (glib_table.h). */
#include "glib_table.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "hb_designs.h"
#include "table_hash.h"

/* GHashFunc takes the key alone, so the entry of the table in use is set on the way in (one thread
 * uses the tables), as uthash_table.c does. */
static const struct hb_hash *hb_glib_entry;

struct hb_glib_table {
    const struct hb_hash *hash;
    GHashTable *set;
};

static guint key_hash(gconstpointer key)
{
    const struct hb_glib_key *k = key;
    return (guint)hb_hashtable_hash(hb_glib_entry, k->p, k->n);
}

static gboolean key_equal(gconstpointer a, gconstpointer b)
{
    const struct hb_glib_key *x = a, *y = b;
    return x->n == y->n && memcmp(x->p, y->p, x->n) == 0;
}

struct hb_glib_table *hb_glib_create(const struct hb_hash *hash)
{
    struct hb_glib_table *t = malloc(sizeof *t);
    if (t == NULL)
        return NULL;
    t->hash = hash;
    t->set = g_hash_table_new(key_hash, key_equal);
    return t;
}

void hb_glib_destroy(struct hb_glib_table *t)
{
    if (t == NULL)
        return;
    g_hash_table_destroy(t->set);
    free(t);
}

size_t hb_glib_insert(struct hb_glib_table *t, const struct hb_glib_key *key)
{
    hb_glib_entry = t->hash;
    g_hash_table_add(t->set, (gpointer)key);
    return 1;
}

bool hb_glib_find(const struct hb_glib_table *t, const struct hb_glib_key *key)
{
    hb_glib_entry = t->hash;
    return g_hash_table_contains(t->set, key);
}

size_t hb_glib_count(const struct hb_glib_table *t)
{
    return g_hash_table_size(t->set);
}

/* GLib resizes to the first power of two above 4/3 of its keys (g_hash_table_find_closest_shift). */
static unsigned size_log2(size_t n)
{
    unsigned log2 = 3; /* HASH_TABLE_MIN_SHIFT */
    while (((size_t)1 << log2) <= n + n / 3)
        log2++;
    return log2;
}

size_t hb_glib_bytes_for(size_t n)
{
    return ((size_t)1 << size_log2(n)) * (sizeof(gpointer) + sizeof(guint));
}

size_t hb_glib_bytes(const struct hb_glib_table *t)
{
    return sizeof *t + hb_glib_bytes_for(hb_glib_count(t));
}

double hb_glib_crowding(const uint32_t *hash32, size_t n)
{
    if (n == 0)
        return 0;
    unsigned log2 = size_log2(n);
    uint32_t *home = malloc(n * sizeof *home), *count = calloc((size_t)1 << log2, sizeof *count);
    double probes = 0; /* out of memory: no estimate, and no cap from it */
    if (home != NULL && count != NULL) {
        for (size_t i = 0; i < n; i++) {
            uint64_t h = hash32[i];
            if (h < 2) /* GLib's marks of an empty and a deleted slot: it hashes such keys as 2 */
                h = 2;
            home[i] = (uint32_t)hb_view_value(HB_VIEW_GLIB, h, log2);
            count[home[i]]++;
        }
        probes = 0; /* a home of c keys: its keys find a slot after 1, 2, ..., c probes, (c + 1) / 2 on average */
        for (size_t i = 0; i < n; i++)
            probes += (count[home[i]] + 1) / 2.0;
        probes /= (double)n;
    }
    free(home);
    free(count);
    return probes;
}

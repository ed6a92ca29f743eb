// tableref_glib.cpp — a GHashTable of pointers to uint64_t keys, as GLib's manual has 64-bit
// integer keys: g_int64_hash and g_int64_equal, or a GHashFunc of XXH3 with g_int64_equal.
#include <glib.h>

#include "tableref.h"
#include "tableref_xxh3.h"

namespace tref {
namespace {

guint xxh3_ghash(gconstpointer key)
{
    return guint(xxh3_of(*static_cast<const std::uint64_t *>(key)));
}

} // namespace

const design glib_design = {
    "glib",
    "g_int64_hash",
    [](const std::uint64_t *keys, std::size_t n, hash_kind h, std::size_t *size) -> void * {
        GHashTable *t = g_hash_table_new(h == hash_kind::xxh3 ? xxh3_ghash : g_int64_hash, g_int64_equal);
        for (std::size_t i = 0; i < n; i++)
            g_hash_table_add(t, const_cast<std::uint64_t *>(&keys[i]));
        *size = g_hash_table_size(t);
        return t;
    },
    [](const void *set, hash_kind, const std::uint64_t *q, std::size_t n, std::uint64_t count) {
        GHashTable *t = static_cast<GHashTable *>(const_cast<void *>(set));
        return walk(q, n, count, [t](const std::uint64_t &k) { return g_hash_table_contains(t, &k) != FALSE; });
    },
    [](void *set, hash_kind) { g_hash_table_destroy(static_cast<GHashTable *>(set)); },
};

} // namespace tref

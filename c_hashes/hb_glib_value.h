/*
 * hb_glib_value.h — GLib's own functions for a key held by value (hb_hash.h, "Keys held by value"):
 * a GHashTable of 4-byte integers keys pointers to gint with g_int_hash and g_int_equal, of 8-byte
 * ones pointers to gint64 with g_int64_hash ((guint)(v ^ v >> 32)) and g_int64_equal; GLib has none
 * for a 16-byte struct. (A table keyed by the pointers themselves, stored in the gpointer, uses
 * g_direct_hash: on a 64-bit machine the pointer's low 32 bits.) The registry's glib-hash and the
 * harness's GHashTable take them from here.
 */
#ifndef HB_GLIB_VALUE_H
#define HB_GLIB_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

/* GLib's hash and equality for keys of width bytes held by value; false when it has none. */
static inline bool hb_glib_value_funcs(size_t width, GHashFunc *hash, GEqualFunc *equal)
{
    if (width == 4) {
        *hash = g_int_hash;
        *equal = g_int_equal;
        return true;
    }
    if (width == 8) {
        *hash = g_int64_hash;
        *equal = g_int64_equal;
        return true;
    }
    return false;
}

#endif /* HB_GLIB_VALUE_H */

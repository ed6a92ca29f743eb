/*
 * glib_hash_lib.c — GLib's default string hash, g_str_hash, the GHashFunc of GHashTables of string
 * keys: djb2 over the bytes of a C string (documented: h = h * 33 + c from 5381, each byte taken as
 * signed), a 32-bit guint. A C string ends at its first NUL, so this entry hashes the bytes before
 * the first NUL of its input (copied and terminated first) and ignores the rest: keys holding NUL
 * bytes collide, as they would in such a table. A table of keys held by value calls GLib's functions
 * for integers instead (hb_glib_value.h): the entry's value code (hb_hash.h), g_int_hash for 4 bytes,
 * g_int64_hash for 8 (the key folded to 32 bits, (guint)(v ^ v >> 32)); GLib has none for 16.
 * Unseeded; libglib-2.0 is a shared object.
 */
#include "hb_glib_value.h"
#include "hb_internal.h"

#include <stdlib.h>

#include <glib.h>

static const char *glib_hash_version(void)
{
    return "GLib " HB_STRINGIFY(GLIB_MAJOR_VERSION) "." HB_STRINGIFY(GLIB_MINOR_VERSION) "." HB_STRINGIFY(
        GLIB_MICRO_VERSION) " (shared object), g_str_hash";
}

static uint64_t glib_str_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    char stack[256];
    char *text = len < sizeof stack ? stack : malloc(len + 1);
    if (text == NULL)
        abort(); /* the descriptor's functions cannot fail */
    if (len)
        memcpy(text, in, len);
    text[len] = '\0';
    guint h = g_str_hash(text);
    if (text != stack)
        free(text);
    return h;
}

static void glib_str_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be32(out, (uint32_t)glib_str_hash64(in, len, seed));
}

/* A key held by value: GLib's own function for an integer of its width. */
static uint64_t glib_value_hash(const void *key, size_t width, uint64_t seed)
{
    (void)seed;
    GHashFunc hash;
    GEqualFunc equal;
    if (!hb_glib_value_funcs(width, &hash, &equal))
        abort(); /* no code for that width: hb_value_entry() never gives it */
    return hash(key);
}

static void glib_value_oneshot(const void *key, size_t width, uint64_t seed, uint8_t *out)
{
    hb_store_be32(out, (uint32_t)glib_value_hash(key, width, seed));
}

static const struct hb_value_code glib_value_code = {
    .hash = glib_value_hash,
    .oneshot = glib_value_oneshot,
    .calls = {"g_int_hash (the gint itself)", "g_int64_hash: (guint)(v ^ v >> 32)", NULL},
    .linear = {true, true, false},
};

const struct hb_hash hb_glib_hash_glib = {
    .name = "glib-hash",
    .impl = "glib",
    .family = "glib-hash",
    .summary = "GLib's g_str_hash (djb2; GHashTable's default on strings: the bytes before the first NUL; "
               "g_int_hash, g_int64_hash for keys held by value); one-shot only",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_SHARED,
    .version = glib_hash_version,
    .oneshot = glib_str_oneshot,
    .hash64 = glib_str_hash64,
    .value = &glib_value_code,
    .verification = 0x05150000,
};

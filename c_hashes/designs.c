/* designs.c — the table of hash-table designs (hb_designs.h): one row per design. The libraries'
 * versions are those the build found (hb_design_versions.h, written by c_hashes/CMakeLists.txt);
 * libstdc++'s bucket counts are its rehash policy's (hb_stdcxx_buckets.h, written at build time by
 * generators/stdcxx_buckets_gen.cpp). */
#include "hb_designs.h"

#include <string.h>

#include "hb_design_versions.h"
#include "hb_stdcxx_buckets.h"

const struct hb_design_row hb_designs[HB_DESIGNS] = {
    [HB_DESIGN_ABSL] =
        {
            .name = "absl",
            .container = "absl::flat_hash_set",
            .library = "Abseil",
            .version = HB_ABSL_VERSION,
            .bits = "H1 = hash >> 7, salted with the table's address, picks the group (its low bits, as many as "
                    "the table needs); H2 = the low 7 bits is the tag compared within the group; at most 7/8 full",
            .views = HB_VIEW_BIT(HB_VIEW_ABSL_H1) | HB_VIEW_BIT(HB_VIEW_ABSL_H2),
            .default_hash = "absl-hash",
            .default_text = "absl::Hash",
            .advised = true,
        },
    [HB_DESIGN_UTHASH] =
        {
            .name = "uthash",
            .container = "uthash",
            .library = "uthash",
            .version = HB_UTHASH_VERSION,
            .bits = "a 32-bit hashv (the hash's low 32 bits); its low bits (hashv & (buckets-1)) pick the bucket, "
                    "chained; hashv is compared before the key",
            .views = HB_VIEW_BIT(HB_VIEW_LOW) | HB_VIEW_BIT(HB_VIEW_LOW32),
            .default_text = "uthash's HASH_JEN (Bob Jenkins' lookup2)",
        },
    [HB_DESIGN_OPEN_ADDRESSING] =
        {
            .name = "open-addressing",
            .container = "open addressing",
            .library = "hashbench",
            .bits = "the low bits (h & (m-1)) pick the slot, linear probing, at most 3/4 full",
            .views = HB_VIEW_BIT(HB_VIEW_LOW),
            .default_text = "none (the program brings its own)",
        },
    [HB_DESIGN_STD_UNORDERED] =
        {
            .name = "std-unordered",
            .container = "std::unordered_set",
            .library = "libstdc++",
            .version = HB_LIBSTDCXX_VERSION,
            .bits = "the bucket is hash mod the bucket count, a prime; chained nodes, each caching the hash of a "
                    "string key (not of a key held by value); at most one key per bucket on average",
            .views = HB_VIEW_BIT(HB_VIEW_MOD_PRIME),
            .default_hash = "std-hash",
            .default_text = "std::hash (the identity for integers and pointers)",
            .advised = true,
        },
    [HB_DESIGN_BOOST_FLAT] =
        {
            .name = "boost-flat",
            .container = "boost::unordered_flat_set",
            .library = "Boost",
            .version = HB_BOOST_VERSION,
            .bits = "the hash mixed by Boost's xmx first (a hasher not declared avalanching); the group of 15 slots "
                    "is the high bits of the mixed value, the tag its low byte; at most 7/8 full",
            .views = 0,
            .default_hash = "boost-hash",
            .default_text = "boost::hash (the identity for integers)",
            .advised = true,
        },
    [HB_DESIGN_BOOST_FLAT_AVALANCHING] =
        {
            .name = "boost-flat-avalanching",
            .container = "boost::unordered_flat_set",
            .library = "Boost",
            .version = HB_BOOST_VERSION,
            .bits = "the hasher declared avalanching (boost::hash_is_avalanching), so the hash as it is: the group "
                    "of 15 slots is its high bits (h >> (64 - b)), the tag its low byte (the battery's absl-h2 "
                    "looks at 7 of its 8 bits); at most 7/8 full",
            .views = HB_VIEW_BIT(HB_VIEW_HIGH) | HB_VIEW_BIT(HB_VIEW_ABSL_H2),
            .excludes_32bit = true,
            .default_text = "none: the program declares its own hasher avalanching (boost::hash is not)",
        },
    [HB_DESIGN_GLIB] =
        {
            .name = "glib",
            .container = "GHashTable",
            .library = "GLib",
            .version = HB_GLIB_VERSION,
            .bits = "a 32-bit guint (the hash's low 32 bits) times 11, modulo the largest prime below the "
                    "power-of-two size, then quadratic probing; the 32-bit value is compared before the key",
            .views = HB_VIEW_BIT(HB_VIEW_GLIB) | HB_VIEW_BIT(HB_VIEW_LOW32),
            .default_hash = "glib-hash",
            .default_text = "g_str_hash for strings, g_int64_hash for 64-bit integers",
            .advised = true,
        },
};

static const char *const view_names[HB_VIEWS] = {
    [HB_VIEW_LOW] = "low",   [HB_VIEW_ABSL_H1] = "absl-h1", [HB_VIEW_ABSL_H2] = "absl-h2",
    [HB_VIEW_TOP7] = "top7", [HB_VIEW_HIGH] = "high",       [HB_VIEW_MOD_PRIME] = "mod-prime",
    [HB_VIEW_GLIB] = "glib", [HB_VIEW_LOW32] = "low32",
};

const char *hb_design_name(enum hb_design d)
{
    return (unsigned)d < HB_DESIGNS ? hb_designs[d].name : "?";
}

enum hb_design hb_design_find(const char *name)
{
    for (int d = 0; d < HB_DESIGNS; d++)
        if (strcmp(hb_designs[d].name, name) == 0)
            return (enum hb_design)d;
    return HB_DESIGNS;
}

bool hb_design_consumes(enum hb_design d, enum hb_view v)
{
    return (unsigned)d < HB_DESIGNS && (unsigned)v < HB_VIEWS && (hb_designs[d].views & HB_VIEW_BIT(v)) != 0;
}

const char *hb_view_name(enum hb_view v)
{
    return (unsigned)v < HB_VIEWS ? view_names[v] : "?";
}

enum hb_view hb_view_find(const char *name)
{
    for (int v = 0; v < HB_VIEWS; v++)
        if (strcmp(view_names[v], name) == 0)
            return (enum hb_view)v;
    return HB_VIEWS;
}

/* The largest prime below 2^k, k = 0..31 (GLib's prime_mod, glib/ghash.c; 1 stands for k = 0, 1). */
static const uint32_t primes_below[32] = {
    1,       2,       3,        7,        13,       31,        61,        127,       251,        509,        1021,
    2039,    4093,    8191,     16381,    32749,    65521,     131071,    262139,    524287,     1048573,    2097143,
    4194301, 8388593, 16777213, 33554393, 67108859, 134217689, 268435399, 536870909, 1073741789, 2147483647,
};

uint32_t hb_view_prime(unsigned log2)
{
    return primes_below[log2 & 31];
}

uint64_t hb_view_buckets(enum hb_view v, unsigned log2)
{
    switch (v) {
    case HB_VIEW_ABSL_H2:
    case HB_VIEW_TOP7: return 128;
    case HB_VIEW_MOD_PRIME: return hb_stdcxx_buckets[log2 & 31];
    case HB_VIEW_GLIB: return hb_view_prime(log2);
    default: return (uint64_t)1 << (log2 & 31);
    }
}

uint64_t hb_view_value(enum hb_view v, uint64_t h, unsigned log2)
{
    return hb_view_reduce(v, h, log2, hb_view_buckets(v, log2));
}

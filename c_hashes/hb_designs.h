/*
 * hb_designs.h — the table of hash-table designs, as data beside the registry: for each design
 * hashbench measures (hashbench --suite hashtable), its name, the container and library it is
 * (with the library's version as built), the bits of the hash it consumes in words and as the
 * structure battery's views (hbspread --battery), whether it excludes a hash of 32 bits or fewer,
 * and the registry name of its default hash. The harness (rows, --help, the context), the battery,
 * the advisor and the docs read it here, so that a design is one row (designs.c).
 *
 * A view is what a design makes of a 64-bit hash value h (the entry's hash64, or its bucketing
 * value) in a table of 2^b buckets or groups:
 *   low        h & (2^b - 1): a power-of-two table indexed by the low bits
 *   absl-h1    (h >> 7) & (2^b - 1): Abseil 20220623's H1 (its per-table salt aside)
 *   absl-h2    h & 0x7f: Abseil 20220623's H2, a 7-bit tag compared within a group
 *   top7       h >> 57: the tag of hashbrown and current Abseil; a gate as well: a design taking
 *              its tag there gives every key of a hash of 32 bits or fewer the same tag
 *              (excludes_32bit)
 *   high       h >> (64 - b): Boost's unordered_flat_map group, Linux's hash_long (a hash of 32
 *              bits or fewer sends every key to group 0: excludes_32bit)
 *   mod-prime  h mod p: libstdc++'s std::unordered_map, p the prime bucket count it has after 7/8
 *              x 2^b insertions one at a time (its rehash policy's answer as built; p >= the keys)
 *   glib       ((h & 0xffffffff) * 11 mod 2^32) mod p, p the largest prime below 2^b: GLib's
 *              GHashTable, which holds 7/8 x 2^b keys in 2^b slots
 *   low32      the low 32 bits as a 32-bit hash: its low bits pick the bucket and the whole
 *              32-bit value stands for the key until the keys are compared (uthash's hashv)
 * hb_view_value computes every view, so that the battery and the harness agree on each.
 */
#ifndef HB_DESIGNS_H
#define HB_DESIGNS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum hb_view {
    HB_VIEW_LOW,
    HB_VIEW_ABSL_H1,
    HB_VIEW_ABSL_H2,
    HB_VIEW_TOP7,
    HB_VIEW_HIGH,
    HB_VIEW_MOD_PRIME,
    HB_VIEW_GLIB,
    HB_VIEW_LOW32,
    HB_VIEWS
};
#define HB_VIEW_BIT(v) (1u << (v))

/* In the order rows are planned and outputs list them. */
enum hb_design {
    HB_DESIGN_ABSL,
    HB_DESIGN_UTHASH,
    HB_DESIGN_OPEN_ADDRESSING,
    HB_DESIGN_STD_UNORDERED,
    HB_DESIGN_BOOST_FLAT,
    HB_DESIGN_BOOST_FLAT_AVALANCHING,
    HB_DESIGN_GLIB,
    HB_DESIGNS
};

struct hb_design_row {
    const char *name;         /* the rows' design:<name>, hbadvise --table's argument */
    const char *container;    /* what a program declares: "absl::flat_hash_set" */
    const char *library;      /* "Abseil", "uthash", or "hashbench" for our own */
    const char *version;      /* the library's version as built ("20220623"); NULL for our own */
    const char *bits;         /* the bits of the hash it consumes, in words */
    unsigned views;           /* HB_VIEW_BIT() of each view it consumes; 0: it mixes the whole value first */
    bool excludes_32bit;      /* consumes bits above the 32nd (a tag from the top 7 of 64, a group from the high
                               * bits): a hash of 32 bits or fewer leaves them zero, so it is excluded */
    const char *default_hash; /* the registry name of its default hash; NULL when not in the registry */
    const char *default_text; /* its default hash as its users know it ("absl::Hash") */
    bool advised;             /* measured by scripts/advise.sh by default (hbadvise --table-designs) */
};

/* Every design, indexed by enum hb_design. */
extern const struct hb_design_row hb_designs[HB_DESIGNS];

/* "absl", "uthash", ...: hb_designs[d].name, "?" out of range. */
const char *hb_design_name(enum hb_design d);
/* The design called name, or HB_DESIGNS. */
enum hb_design hb_design_find(const char *name);
/* Whether design d consumes view v. */
bool hb_design_consumes(enum hb_design d, enum hb_view v);
/* "low", "absl-h1", ... (the battery's names, in spread.json); "?" out of range. */
const char *hb_view_name(enum hb_view v);
/* The view called name, or HB_VIEWS. */
enum hb_view hb_view_find(const char *name);
/* What view v makes of h in a table of 2^log2 buckets (1 <= log2 <= 31): a bucket, or for absl-h2
 * and top7 a tag, below hb_view_buckets(v, log2). */
uint64_t hb_view_value(enum hb_view v, uint64_t h, unsigned log2);
/* The largest prime below 2^log2 (1 < log2 <= 31), as GLib takes it (ghash.c): the glib view's modulus. */
uint32_t hb_view_prime(unsigned log2);
/* The values view v takes in a table of 2^log2 buckets (1 <= log2 <= 31): 2^log2, 128 for the tags,
 * the prime modulus of mod-prime and glib. */
uint64_t hb_view_buckets(enum hb_view v, unsigned log2);

/* hb_view_value with the table's hb_view_buckets(v, log2) given, inline for loops over many keys
 * (the battery); the definition of every view. */
static inline uint64_t hb_view_reduce(enum hb_view v, uint64_t h, unsigned log2, uint64_t buckets)
{
    const uint64_t mask = ((uint64_t)1 << log2) - 1;
    switch (v) {
    case HB_VIEW_LOW: return h & mask;
    case HB_VIEW_ABSL_H1: return (h >> 7) & mask;
    case HB_VIEW_ABSL_H2: return h & 0x7f;
    case HB_VIEW_TOP7: return h >> 57;
    case HB_VIEW_HIGH: return h >> (64 - log2);
    case HB_VIEW_MOD_PRIME: return h % buckets;
    case HB_VIEW_GLIB: return (uint32_t)((uint32_t)h * 11u) % (uint32_t)buckets;
    case HB_VIEW_LOW32: return (uint32_t)h & mask;
    case HB_VIEWS: break;
    }
    return 0;
}

#ifdef __cplusplus
}
#endif

#endif

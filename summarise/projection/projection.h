/* projection.h — benchstat's projections: how -table, -row and -col map each result to a key, with
 * the more specific keys of one projection removed from the group keys (.config, .fullname) of the
 * others, the residue that tells when a cell pools benchmarks that differ, and each key's sort
 * order (KEY@alpha, KEY@num, KEY@(v1 v2 ...), or first appearance). */
#ifndef HB_PROJECTION_H
#define HB_PROJECTION_H

#include <stdbool.h>
#include <stddef.h>

#include "benchname.h"
#include "intern.h"
#include "hb_strbuf.h"
#include "u32map.h"

/* Where one result comes from: what every projection and filter looks at. */
struct hb_origin {
    struct hb_name name;
    hb_str file_label; /* .file: the input's label (its path unless given as label=path) */
    hb_tuple config;   /* file configuration: a tuple of (key id, value id) pairs */
};

enum hb_field_kind {
    HB_FIELD_NAME,         /* .name */
    HB_FIELD_FULLNAME,     /* .fullname, less what other projections name */
    HB_FIELD_FILE,         /* .file */
    HB_FIELD_SUBKEY,       /* /key */
    HB_FIELD_CONFIG_KEY,   /* a file configuration key */
    HB_FIELD_CONFIG_GROUP, /* .config: every file key not named elsewhere */
};

/* How a field's values sort. Values the order does not tell apart but that differ (two
 * non-numbers under @num) sort bytewise, as benchstat breaks such ties. */
enum hb_sort_order {
    HB_ORDER_FIRST, /* first appearance (the default, and "@first") */
    HB_ORDER_ALPHA, /* @alpha: bytewise */
    HB_ORDER_NUM,   /* @num: see value_order.h */
    HB_ORDER_FIXED, /* @(v1 v2 ...): as listed; results with other values are left out */
};

struct hb_field {
    enum hb_field_kind kind;
    enum hb_sort_order order;
    struct hb_u32map fixed; /* HB_ORDER_FIXED: value id -> position in the list */
    char *label;            /* as written: ".name", "/size", "host_name", ".config" */
    const char *key;        /* subkey without '/', or config key */
    hb_str key_id;          /* config key id */
    struct hb_u32map rank;  /* value id -> order of first appearance */
    uint32_t nranks;
    struct hb_u32map group_keys; /* .config: key id -> first appearance of the key */
    hb_str *group_key_list;
    size_t ngroup_keys, group_keys_cap;
};

struct hb_projection {
    struct hb_field *fields;
    size_t nfields;
};

struct hb_projections {
    struct hb_projection table, row, col;
    struct hb_projection ignored; /* -ignore keys: excluded from groups and residue, never grouped by */
    struct hb_name_exclusions fullname_excluded;
    hb_str *config_excluded;
    size_t nconfig_excluded;
    bool residue_has_config, residue_has_fullname;
    struct hb_field residue_config; /* first appearance of config keys, for "vary in" order */
    struct hb_strbuf scratch;
};

/* Parses the -table, -row, -col and -ignore projections (comma- or space-separated keys, each
 * optionally followed by a sort order). Returns 0, or -1 with *error set to a one-line message
 * (free it); either way p is freed with hb_projections_free. */
int hb_projections_init(struct hb_projections *p, struct hb_intern *in, const char *table, const char *row,
                        const char *col, const char *ignore, char **error);
void hb_projections_free(struct hb_projections *p);

/* False when a fixed order (KEY@(v1 v2 ...)) in any projection, -ignore included, leaves origin
 * out: its value of KEY is none of those listed (for .fullname, its whole name is). */
bool hb_projections_admit(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in);

/* The key of origin under projection proj (a tuple with one value per field), recording the order
 * of first appearance of each field value. */
hb_tuple hb_project(struct hb_projections *p, struct hb_projection *proj, const struct hb_origin *o,
                    struct hb_intern *in);
/* The residue key of origin: what no projection looks at (docs/statistics.md, "Samples"). */
hb_tuple hb_project_residue(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in);
/* Calls mark(arg, key) for each residue field in which keys a and b differ: a config key id, or 0
 * for .fullname. */
void hb_residue_differences(const struct hb_projections *p, const struct hb_intern *in, hb_tuple a, hb_tuple b,
                            void (*mark)(void *arg, hb_str key), void *arg);
/* "benchmarks vary in K1, K2, .fullname" for the marked config keys (in order of first appearance)
 * and, when fullname is set, .fullname. */
char *hb_residue_warning(const struct hb_projections *p, const struct hb_intern *in, const hb_str *keys, size_t nkeys,
                         bool fullname);

/* Orders two keys of proj field by field, each field by its sort order (benchstat's Key.Less). */
int hb_key_compare(const struct hb_projection *proj, hb_tuple a, hb_tuple b, const struct hb_intern *in);

/* The number of header levels of proj (one per field, the .config group one per key it saw). */
size_t hb_projection_levels(const struct hb_projection *proj);
/* Name of header level `level` of proj: a field's label as written (/size, .name), or for the .config
 * group one of the keys it saw; "" past the last level. */
const char *hb_level_name(const struct hb_projection *proj, size_t level, const struct hb_intern *in);
/* Name and value (into out) of header level `level` of key. */
const char *hb_key_level(const struct hb_projection *proj, hb_tuple key, size_t level, const struct hb_intern *in,
                         struct hb_strbuf *out);
/* The key's non-empty values joined by spaces (row labels). */
void hb_key_label(const struct hb_projection *proj, hb_tuple key, const struct hb_intern *in, struct hb_strbuf *out);

/* Text of a filter key for origin: ".name", ".fullname" (whole), ".file", "/key" or a config
 * key; returns false when the origin has no such key (its value is then the empty string). */
bool hb_origin_key(const struct hb_origin *o, const char *key, const struct hb_intern *in, const char **value,
                   size_t *len);

/* The value of config key `key` in config tuple, or 0 (the empty string). */
hb_str hb_config_get(const struct hb_intern *in, hb_tuple config, hb_str key);

#endif

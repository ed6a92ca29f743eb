/* projection.c — projection parsing, key extraction and the ordering of keys. */
#include "projection.h"

#include <stdlib.h>
#include <string.h>

#include "query_lexer.h"
#include "value_order.h"
#include "xalloc.h"

hb_str hb_config_get(const struct hb_intern *in, hb_tuple config, hb_str key)
{
    size_t n;
    const uint32_t *pairs = hb_tuple_vals(in, config, &n);
    for (size_t i = 0; i + 1 < n; i += 2)
        if (pairs[i] == key)
            return pairs[i + 1];
    return 0;
}

static void observe(struct hb_u32map *rank, uint32_t *nranks, uint32_t value)
{
    uint32_t r;
    if (!hb_u32map_get(rank, value, &r))
        hb_u32map_put(rank, value, (*nranks)++);
}

static uint32_t rank_of(const struct hb_field *f, uint32_t value)
{
    uint32_t r = UINT32_MAX;
    hb_u32map_get(&f->rank, value, &r);
    return r;
}

static void add_group_key(struct hb_field *f, hb_str key)
{
    uint32_t r;
    if (hb_u32map_get(&f->group_keys, key, &r))
        return;
    hb_u32map_put(&f->group_keys, key, (uint32_t)f->ngroup_keys);
    hb_grow((void **)&f->group_key_list, &f->group_keys_cap, f->ngroup_keys + 1, sizeof *f->group_key_list);
    f->group_key_list[f->ngroup_keys++] = key;
}

static bool config_excluded(const struct hb_projections *p, hb_str key)
{
    for (size_t i = 0; i < p->nconfig_excluded; i++)
        if (p->config_excluded[i] == key)
            return true;
    return false;
}

/* The file configuration less the keys other projections name, as a tuple of pairs. */
static hb_tuple config_group(struct hb_projections *p, struct hb_field *group, hb_tuple config, struct hb_intern *in)
{
    size_t n;
    const uint32_t *pairs = hb_tuple_vals(in, config, &n);
    if (!p->nconfig_excluded) {
        for (size_t i = 0; group && i + 1 < n; i += 2)
            add_group_key(group, pairs[i]);
        return config;
    }
    uint32_t *kept = hb_xmalloc((n ? n : 1) * sizeof *kept);
    size_t nkept = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
        if (config_excluded(p, pairs[i]))
            continue;
        if (group)
            add_group_key(group, pairs[i]);
        kept[nkept++] = pairs[i];
        kept[nkept++] = pairs[i + 1];
    }
    hb_tuple t = hb_intern_tuple(in, kept, nkept);
    free(kept);
    return t;
}

static bool has_exclusions(const struct hb_name_exclusions *ex)
{
    return ex->nkeys || ex->base || ex->procs;
}

static hb_str fullname_value(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in)
{
    if (!has_exclusions(&p->fullname_excluded))
        return hb_intern_str(in, o->name.text, o->name.len);
    size_t need = hb_name_without(&o->name, &p->fullname_excluded, NULL, 0);
    hb_strbuf_reset(&p->scratch);
    hb_grow((void **)&p->scratch.text, &p->scratch.cap, need + 1, 1);
    hb_name_without(&o->name, &p->fullname_excluded, p->scratch.text, need + 1);
    return hb_intern_str(in, p->scratch.text, need);
}

static uint32_t field_value(struct hb_projections *p, struct hb_field *f, const struct hb_origin *o,
                            struct hb_intern *in)
{
    const char *text;
    size_t len;
    switch (f->kind) {
    case HB_FIELD_NAME: text = hb_name_base(&o->name, &len); return hb_intern_str(in, text, len);
    case HB_FIELD_FULLNAME: return fullname_value(p, o, in);
    case HB_FIELD_FILE: return o->file_label;
    case HB_FIELD_SUBKEY:
        if (!hb_name_key(&o->name, f->key, strlen(f->key), &text, &len))
            return 0;
        return hb_intern_str(in, text, len);
    case HB_FIELD_CONFIG_KEY: return hb_config_get(in, o->config, f->key_id);
    case HB_FIELD_CONFIG_GROUP: return config_group(p, f, o->config, in);
    }
    return 0;
}

static bool admits(struct hb_projections *p, struct hb_projection *proj, const struct hb_origin *o,
                   struct hb_intern *in)
{
    for (size_t i = 0; i < proj->nfields; i++) {
        struct hb_field *f = &proj->fields[i];
        if (f->order != HB_ORDER_FIXED)
            continue;
        /* benchstat tests .fullname's list against the whole name, not the projected one. */
        hb_str value =
            f->kind == HB_FIELD_FULLNAME ? hb_intern_str(in, o->name.text, o->name.len) : field_value(p, f, o, in);
        uint32_t position;
        if (!hb_u32map_get(&f->fixed, value, &position))
            return false;
    }
    return true;
}

bool hb_projections_admit(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in)
{
    return admits(p, &p->table, o, in) && admits(p, &p->row, o, in) && admits(p, &p->col, o, in) &&
           admits(p, &p->ignored, o, in);
}

hb_tuple hb_project(struct hb_projections *p, struct hb_projection *proj, const struct hb_origin *o,
                    struct hb_intern *in)
{
    uint32_t vals[16];
    for (size_t i = 0; i < proj->nfields; i++) {
        struct hb_field *f = &proj->fields[i];
        vals[i] = field_value(p, f, o, in);
        observe(&f->rank, &f->nranks, vals[i]);
    }
    return hb_intern_tuple(in, vals, proj->nfields);
}

hb_tuple hb_project_residue(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in)
{
    uint32_t vals[2] = {0, 0};
    if (p->residue_has_config) {
        vals[0] = config_group(p, NULL, o->config, in);
        size_t n;
        const uint32_t *pairs = hb_tuple_vals(in, vals[0], &n);
        for (size_t i = 0; i + 1 < n; i += 2)
            observe(&p->residue_config.rank, &p->residue_config.nranks, pairs[i]);
    }
    if (p->residue_has_fullname)
        vals[1] = fullname_value(p, o, in);
    return hb_intern_tuple(in, vals, 2);
}

void hb_residue_differences(const struct hb_projections *p, const struct hb_intern *in, hb_tuple a, hb_tuple b,
                            void (*mark)(void *arg, hb_str key), void *arg)
{
    (void)p;
    size_t n;
    const uint32_t *ra = hb_tuple_vals(in, a, &n);
    const uint32_t *rb = hb_tuple_vals(in, b, &n);
    if (ra[0] != rb[0]) {
        /* A key differs when one side lacks it or holds another value. */
        const uint32_t *sides[2] = {ra, rb};
        for (int s = 0; s < 2; s++) {
            size_t npairs;
            const uint32_t *pairs = hb_tuple_vals(in, sides[s][0], &npairs);
            for (size_t i = 0; i + 1 < npairs; i += 2)
                if (hb_config_get(in, sides[1 - s][0], pairs[i]) != pairs[i + 1])
                    mark(arg, pairs[i]);
        }
    }
    if (ra[1] != rb[1])
        mark(arg, 0);
}

char *hb_residue_warning(const struct hb_projections *p, const struct hb_intern *in, const hb_str *keys, size_t nkeys,
                         bool fullname)
{
    struct hb_strbuf b = {0};
    hb_strbuf_puts(&b, "benchmarks vary in ");
    /* Config keys in order of first appearance; nkeys is small, so a selection pass will do. */
    uint32_t last = 0;
    bool any = false;
    for (size_t done = 0; done < nkeys; done++) {
        size_t best = nkeys;
        uint32_t best_rank = UINT32_MAX;
        for (size_t i = 0; i < nkeys; i++) {
            uint32_t r = rank_of(&p->residue_config, keys[i]);
            if ((!any || r > last) && (best == nkeys || r < best_rank)) {
                best = i;
                best_rank = r;
            }
        }
        if (best == nkeys)
            break;
        if (any)
            hb_strbuf_puts(&b, ", ");
        hb_strbuf_puts(&b, hb_str_text(in, keys[best]));
        last = best_rank;
        any = true;
    }
    if (fullname)
        hb_strbuf_puts(&b, any ? ", .fullname" : ".fullname");
    return b.text;
}

static int integer_sign(long long x)
{
    return (x > 0) - (x < 0);
}

static int compare_text(const struct hb_intern *in, hb_str a, hb_str b)
{
    return integer_sign(hb_compare_bytes(hb_str_text(in, a), hb_str_len(in, a), hb_str_text(in, b), hb_str_len(in, b)));
}

/* Two different values of one field (strings, or .config tuples under @first). */
static int compare_values(const struct hb_field *f, uint32_t a, uint32_t b, const struct hb_intern *in)
{
    uint32_t pa = 0, pb = 0;
    int c = 0;
    switch (f->order) {
    case HB_ORDER_FIRST:
        /* Distinct values have distinct ranks, so this never ties. */
        return integer_sign((long long)rank_of(f, a) - rank_of(f, b));
    case HB_ORDER_ALPHA: break;
    case HB_ORDER_NUM:
        c = hb_compare_numeric(hb_str_text(in, a), hb_str_len(in, a), hb_str_text(in, b), hb_str_len(in, b));
        break;
    case HB_ORDER_FIXED:
        /* A value missing from the list (a .fullname less other projections' keys can be) has
		 * position 0, as in benchstat, whose lookup in its map of positions yields 0. */
        hb_u32map_get(&f->fixed, a, &pa);
        hb_u32map_get(&f->fixed, b, &pb);
        c = integer_sign((long long)pa - pb);
        break;
    }
    return c ? integer_sign(c) : compare_text(in, a, b);
}

/* .config under a named order: benchstat orders it key by key, in the keys' order of first
 * appearance, a missing key reading as the empty value. */
static int compare_config_groups(const struct hb_field *f, hb_tuple a, hb_tuple b, const struct hb_intern *in)
{
    for (size_t k = 0; k < f->ngroup_keys; k++) {
        hb_str va = hb_config_get(in, a, f->group_key_list[k]), vb = hb_config_get(in, b, f->group_key_list[k]);
        if (va != vb)
            return compare_values(f, va, vb, in);
    }
    /* Only a key present with an empty value against a missing one gets here. */
    return integer_sign((long long)rank_of(f, a) - rank_of(f, b));
}

int hb_key_compare(const struct hb_projection *proj, hb_tuple a, hb_tuple b, const struct hb_intern *in)
{
    if (a == b)
        return 0;
    size_t n;
    const uint32_t *va = hb_tuple_vals(in, a, &n);
    const uint32_t *vb = hb_tuple_vals(in, b, &n);
    for (size_t i = 0; i < proj->nfields; i++) {
        const struct hb_field *f = &proj->fields[i];
        if (va[i] == vb[i])
            continue;
        if (f->kind == HB_FIELD_CONFIG_GROUP && f->order != HB_ORDER_FIRST)
            return compare_config_groups(f, va[i], vb[i], in);
        return compare_values(f, va[i], vb[i], in);
    }
    return 0;
}

size_t hb_projection_levels(const struct hb_projection *proj)
{
    size_t levels = 0;
    for (size_t i = 0; i < proj->nfields; i++)
        levels += proj->fields[i].kind == HB_FIELD_CONFIG_GROUP ? proj->fields[i].ngroup_keys : 1;
    return levels;
}

const char *hb_level_name(const struct hb_projection *proj, size_t level, const struct hb_intern *in)
{
    for (size_t i = 0; i < proj->nfields; i++) {
        const struct hb_field *f = &proj->fields[i];
        size_t levels = f->kind == HB_FIELD_CONFIG_GROUP ? f->ngroup_keys : 1;
        if (level < levels)
            return f->kind == HB_FIELD_CONFIG_GROUP ? hb_str_text(in, f->group_key_list[level]) : f->label;
        level -= levels;
    }
    return "";
}

const char *hb_key_level(const struct hb_projection *proj, hb_tuple key, size_t level, const struct hb_intern *in,
                         struct hb_strbuf *out)
{
    size_t n;
    const uint32_t *vals = hb_tuple_vals(in, key, &n);
    hb_strbuf_reset(out);
    for (size_t i = 0; i < proj->nfields; i++) {
        const struct hb_field *f = &proj->fields[i];
        if (f->kind != HB_FIELD_CONFIG_GROUP) {
            if (level-- == 0) {
                hb_strbuf_puts(out, hb_str_text(in, vals[i]));
                return f->label;
            }
            continue;
        }
        if (level < f->ngroup_keys) {
            hb_str k = f->group_key_list[level];
            hb_strbuf_puts(out, hb_str_text(in, hb_config_get(in, vals[i], k)));
            return hb_str_text(in, k);
        }
        level -= f->ngroup_keys;
    }
    return "";
}

void hb_key_label(const struct hb_projection *proj, hb_tuple key, const struct hb_intern *in, struct hb_strbuf *out)
{
    size_t n;
    const uint32_t *vals = hb_tuple_vals(in, key, &n);
    hb_strbuf_reset(out);
    for (size_t i = 0; i < proj->nfields; i++) {
        size_t npairs = 1;
        const uint32_t *texts = &vals[i];
        size_t step = 1, start = 0;
        if (proj->fields[i].kind == HB_FIELD_CONFIG_GROUP) {
            texts = hb_tuple_vals(in, vals[i], &npairs);
            step = 2;
            start = 1;
        }
        for (size_t j = start; j < npairs; j += step) {
            const char *t = hb_str_text(in, texts[j]);
            if (!*t)
                continue;
            if (out->len)
                hb_strbuf_puts(out, " ");
            hb_strbuf_puts(out, t);
        }
    }
}

bool hb_origin_key(const struct hb_origin *o, const char *key, const struct hb_intern *in, const char **value,
                   size_t *len)
{
    *value = "";
    *len = 0;
    if (strcmp(key, ".name") == 0) {
        *value = hb_name_base(&o->name, len);
        return true;
    }
    if (strcmp(key, ".fullname") == 0) {
        *value = o->name.text;
        *len = o->name.len;
        return true;
    }
    if (strcmp(key, ".file") == 0) {
        *value = hb_str_text(in, o->file_label);
        *len = hb_str_len(in, o->file_label);
        return true;
    }
    if (key[0] == '/')
        return hb_name_key(&o->name, key + 1, strlen(key + 1), value, len);
    size_t n;
    const uint32_t *pairs = hb_tuple_vals(in, o->config, &n);
    for (size_t i = 0; i + 1 < n; i += 2) {
        if (strcmp(hb_str_text(in, pairs[i]), key) == 0) {
            *value = hb_str_text(in, pairs[i + 1]);
            *len = hb_str_len(in, pairs[i + 1]);
            return true;
        }
    }
    return false;
}

/* ---- parsing ---- */

/* Completes field f (its sort order already parsed) for key and adds it to proj; on error the
 * caller frees what f holds. */
static int parse_one(struct hb_projections *p, struct hb_projection *proj, struct hb_intern *in, const char *flag,
                     const char *key, struct hb_field *field, char **error)
{
    if (strcmp(key, ".unit") == 0) {
        *error = hb_xasprintf("%s: .unit is only allowed in filters", flag);
        return -1;
    }
    if (key[0] == '/' && key[1] == '\0') {
        *error = hb_xasprintf("%s: \"/\" needs a key name, as in /size", flag);
        return -1;
    }
    if (key[0] == '.' && strcmp(key, ".name") != 0 && strcmp(key, ".fullname") != 0 && strcmp(key, ".file") != 0 &&
        strcmp(key, ".config") != 0) {
        *error = hb_xasprintf("%s: unknown key \"%s\" (use .name, .fullname, .file, .config, /KEY or a config key)",
                              flag, key);
        return -1;
    }
    if (strcmp(key, ".config") == 0 && field->order == HB_ORDER_FIXED) {
        /* A whole tuple of keys has no single value to list. */
        *error = hb_xasprintf("%s: .config cannot take a fixed order @(...)", flag);
        return -1;
    }
    struct hb_field f = *field;
    f.label = hb_xstrdup(key);
    if (strcmp(key, ".name") == 0) {
        f.kind = HB_FIELD_NAME;
        p->fullname_excluded.base = true;
    } else if (strcmp(key, ".fullname") == 0) {
        f.kind = HB_FIELD_FULLNAME;
        p->residue_has_fullname = false;
    } else if (strcmp(key, ".file") == 0) {
        f.kind = HB_FIELD_FILE;
    } else if (strcmp(key, ".config") == 0) {
        f.kind = HB_FIELD_CONFIG_GROUP;
        p->residue_has_config = false;
    } else if (key[0] == '/') {
        f.kind = HB_FIELD_SUBKEY;
        f.key = f.label + 1;
        const char **keys = (const char **)p->fullname_excluded.keys;
        keys = hb_xreallocarray(keys, p->fullname_excluded.nkeys + 1, sizeof *keys);
        keys[p->fullname_excluded.nkeys++] = f.key;
        p->fullname_excluded.keys = keys;
        if (strcmp(f.key, "gomaxprocs") == 0)
            p->fullname_excluded.procs = true;
    } else {
        f.kind = HB_FIELD_CONFIG_KEY;
        f.key = f.label;
        f.key_id = hb_intern_cstr(in, key);
        p->config_excluded = hb_xreallocarray(p->config_excluded, p->nconfig_excluded + 1, sizeof *p->config_excluded);
        p->config_excluded[p->nconfig_excluded++] = f.key_id;
    }
    *field = f; /* the caller frees what it holds on error */
    if (!proj) {
        /* -ignore: its keys are never grouped by, but their exclusions, labels and fixed orders
		 * (which leave results out, as benchstat's do) must live as long as the others. */
        proj = &p->ignored;
    }
    if (proj->nfields == 16) {
        *error = hb_xasprintf("%s: at most 16 keys", flag);
        return -1;
    }
    proj->fields = hb_xreallocarray(proj->fields, proj->nfields + 1, sizeof *proj->fields);
    proj->fields[proj->nfields++] = f;
    return 0;
}

/* The optional "@order" or "@(v1 v2 ...)" after a key, into f. */
static void parse_order(struct hb_lexer *lx, struct hb_field *f, struct hb_intern *in)
{
    if (hb_lex_peek_kind(lx, false) != '@')
        return;
    free(hb_lex_next(lx, false).text);
    struct hb_token t = hb_lex_next(lx, false);
    if (t.kind == 'w' || t.kind == 'q') {
        if (strcmp(t.text, "first") == 0) {
            f->order = HB_ORDER_FIRST;
        } else if (strcmp(t.text, "alpha") == 0) {
            f->order = HB_ORDER_ALPHA;
        } else if (strcmp(t.text, "num") == 0) {
            f->order = HB_ORDER_NUM;
        } else {
            char *msg = hb_xasprintf("unknown sort order \"%s\"", t.text);
            hb_lex_fail(lx, t.off, msg);
            free(msg);
        }
    } else if (t.kind == '(') {
        f->order = HB_ORDER_FIXED;
        for (uint32_t position = 0;; position++) {
            struct hb_token v = hb_lex_next(lx, false);
            if (v.kind == 'w' || v.kind == 'q') {
                /* A value listed twice takes its last position, as in benchstat. */
                hb_u32map_put(&f->fixed, hb_intern_cstr(in, v.text), position);
                free(v.text);
                continue;
            }
            free(v.text);
            if (v.kind != ')')
                hb_lex_fail(lx, v.off, "missing \")\" to close \"@(\"");
            else if (position == 0)
                hb_lex_fail(lx, v.off, "\"@()\" lists no values");
            break;
        }
    } else {
        hb_lex_fail(lx, t.off, "expected a sort order after \"@\"");
    }
    free(t.text);
}

/* Keys, each optionally with a sort order, separated by commas or spaces (benchstat's projection
 * syntax). As before sort orders came, hbstat also lets commas lead, trail and repeat, and takes
 * AND and OR as key names. */
static int parse_spec(struct hb_projections *p, struct hb_projection *proj, struct hb_intern *in, const char *flag,
                      const char *spec, char **error)
{
    struct hb_lexer lx = {flag, spec, 0, NULL};
    int rc = 0;
    while (rc == 0) {
        while (hb_lex_peek_kind(&lx, false) == ',')
            hb_lex_next(&lx, false);
        struct hb_token key = hb_lex_next(&lx, false);
        if (key.kind == 0)
            break;
        if (key.kind != 'w' && key.kind != 'q' && key.kind != 'A' && key.kind != 'O') {
            hb_lex_fail(&lx, key.off, "expected a key");
            break;
        }
        struct hb_field f = {0};
        parse_order(&lx, &f, in);
        rc = lx.error ? -1 : parse_one(p, proj, in, flag, key.text, &f, error);
        free(key.text);
        if (rc) {
            free(f.label);
            hb_u32map_free(&f.fixed);
        }
    }
    if (lx.error) {
        *error = lx.error;
        return -1;
    }
    return rc;
}

int hb_projections_init(struct hb_projections *p, struct hb_intern *in, const char *table, const char *row,
                        const char *col, const char *ignore, char **error)
{
    *p = (struct hb_projections){0};
    p->residue_has_config = p->residue_has_fullname = true;
    if (parse_spec(p, &p->table, in, "-table", table, error) || parse_spec(p, &p->row, in, "-row", row, error) ||
        parse_spec(p, &p->col, in, "-col", col, error) || parse_spec(p, NULL, in, "-ignore", ignore, error))
        return -1;
    return 0;
}

static void free_projection(struct hb_projection *proj)
{
    for (size_t i = 0; i < proj->nfields; i++) {
        struct hb_field *f = &proj->fields[i];
        free(f->label);
        hb_u32map_free(&f->rank);
        hb_u32map_free(&f->fixed);
        hb_u32map_free(&f->group_keys);
        free(f->group_key_list);
    }
    free(proj->fields);
}

void hb_projections_free(struct hb_projections *p)
{
    free_projection(&p->table);
    free_projection(&p->row);
    free_projection(&p->col);
    free_projection(&p->ignored);
    free(p->fullname_excluded.keys);
    free(p->config_excluded);
    hb_u32map_free(&p->residue_config.rank);
    hb_strbuf_free(&p->scratch);
}

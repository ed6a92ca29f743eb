/* read_tables.c — the hashtable suite's rows on the user's keys (hashtable/.../keys:file/count:N)
 * through hbstat's reader, as read_run.c reads the hash rows: each (design, op) of each
 * algorithm/impl summarised to its median and 90% interval, the largest count kept when a run
 * holds several; and every row the suite capped (an error row whose message starts with
 * "capped:") kept as capped with its message, so that no output shows a number for it. */
#include "read_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "collect.h"
#include "hb_alloc.h"
#include "reader.h"
#include "advice_tables.h"

#define CAPPED "capped:"

static struct hb_advice_tables *tables_of(struct hb_advice_machine *m, size_t *cap, const char *name, const char *impl)
{
    struct hb_advice_timing *t = NULL;
    for (size_t i = 0; i < m->ntimings && !t; i++)
        if (strcmp(m->timings[i].name, name) == 0 && strcmp(m->timings[i].impl, impl) == 0)
            t = &m->timings[i];
    if (!t) {
        if (*cap < m->ntimings)
            *cap = m->ntimings;
        hb_grow((void **)&m->timings, cap, m->ntimings + 1, sizeof *m->timings);
        t = &m->timings[m->ntimings++];
        *t = (struct hb_advice_timing){hb_xstrdup(name), hb_xstrdup(impl), {0}, {0}, {0}, NULL, {0}, {0}};
    }
    if (!t->tables)
        t->tables = hb_xcalloc(1, sizeof *t->tables);
    t->tables->present = true;
    m->has_tables = true;
    return t->tables;
}

/* The value of "/key:" in a benchmark name, into out ("" when absent). */
static void name_field(const char *name, const char *key, char *out, size_t len)
{
    out[0] = '\0';
    size_t klen = strlen(key);
    for (const char *p = name; p && *p; p = strchr(p, '/')) {
        if (*p == '/')
            p++;
        if (strncmp(p, key, klen) == 0 && p[klen] == ':') {
            size_t n = strcspn(p + klen + 1, "/");
            snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), p + klen + 1);
            return;
        }
    }
}

static uint64_t count_of(const char *text)
{
    uint64_t v = 0;
    for (; *text >= '0' && *text <= '9'; text++)
        v = v * 10 + (uint64_t)(*text - '0');
    return v;
}

/* A row's place: its design and op, or false when the name is not the suite's on the user's keys. */
static bool place_of(const char *design, const char *op, const char *keys, enum hb_design *d, enum hb_hashtable_op *o)
{
    if (strcmp(keys, "file") != 0)
        return false;
    *d = hb_design_find(design);
    *o = HB_OPS;
    for (int k = 0; k < HB_OPS; k++)
        if (strcmp(hb_hashtable_op_name((enum hb_hashtable_op)k), op) == 0)
            *o = (enum hb_hashtable_op)k;
    return *d != HB_DESIGNS && *o != HB_OPS;
}

struct capped_state {
    struct hb_advice_machine *m;
    size_t *cap;
};

static void on_failed_row(void *arg, const char *name, const char *message, bool skipped)
{
    struct capped_state *s = arg;
    char suite[32] = "", algo[128], impl[128], design[32], op[16], keys[16], count[24];
    snprintf(suite, sizeof suite, "%.*s", (int)strcspn(name, "/"), name);
    if (strcmp(suite, "hashtable") != 0 || strncmp(message, CAPPED, strlen(CAPPED)) != 0)
        return;
    (void)skipped;
    name_field(name, "algo", algo, sizeof algo);
    name_field(name, "impl", impl, sizeof impl);
    name_field(name, "design", design, sizeof design);
    name_field(name, "op", op, sizeof op);
    name_field(name, "keys", keys, sizeof keys);
    name_field(name, "count", count, sizeof count);
    enum hb_design d;
    enum hb_hashtable_op o;
    if (!algo[0] || !impl[0] || !place_of(design, op, keys, &d, &o))
        return;
    struct hb_advice_tables *t = tables_of(s->m, s->cap, algo, impl);
    struct hb_advice_table_cell *c = &t->cell[d][o];
    if (!c->capped)
        c->capped = hb_xstrdup(message);
    if (count_of(count) > t->count)
        t->count = count_of(count);
}

/* Files every cell under its algorithm/impl, design and op; of several counts, the largest. */
static void file_table_cells(const struct hb_collector *c, const struct hb_intern *in, struct hb_advice_machine *m,
                             size_t *cap)
{
    for (size_t i = 0; i < c->ncells; i++) {
        const struct hb_cell *cell = &c->cells[i];
        hb_tuple table = c->tables[cell->table].key;
        enum hb_design d;
        enum hb_hashtable_op o;
        if (!cell->n ||
            !place_of(hb_advice_field_text(in, table, 0), hb_advice_field_text(in, table, 1), "file", &d, &o))
            continue;
        uint64_t count = count_of(hb_advice_field_text(in, table, 2));
        struct hb_advice_tables *t =
            tables_of(m, cap, hb_advice_field_text(in, cell->row, 0), hb_advice_field_text(in, cell->row, 1));
        struct hb_advice_table_cell *slot = &t->cell[d][o];
        if (count < t->count && slot->x.present)
            continue;
        if (count > t->count)
            t->count = count;
        slot->x = hb_advice_summarise_cell(cell);
    }
}

static void file_state(const struct hb_collector *c, const struct hb_intern *in, void *arg)
{
    struct capped_state *s = arg;
    file_table_cells(c, in, s->m, s->cap);
}

/* Marks on every entry's tables the designs the run measured: those with a row of any entry. */
static void mark_designs(struct hb_advice_machine *m)
{
    unsigned designs = 0;
    for (size_t i = 0; i < m->ntimings; i++)
        for (int d = 0; d < HB_DESIGNS && m->timings[i].tables; d++)
            for (int o = 0; o < HB_OPS; o++)
                if (m->timings[i].tables->cell[d][o].x.present || m->timings[i].tables->cell[d][o].capped)
                    designs |= 1u << d;
    for (size_t i = 0; i < m->ntimings; i++)
        if (m->timings[i].tables)
            m->timings[i].tables->designs = designs;
}

int hb_advice_read_tables(const char *path, struct hb_advice_machine *m, char **error)
{
    size_t cap = m->ntimings;
    struct capped_state state = {m, &cap};
    struct hb_read_context hooks = {.failed_row = on_failed_row, .failed_arg = &state};
    int status = hb_advice_collect(path, ".unit:sec/op .name:hashtable /keys:file", "/design,/op,/count", "/algo,/impl",
                                   &hooks, file_state, &state, error);
    mark_designs(m);
    return status;
}

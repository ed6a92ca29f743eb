/* history.c — runs merged into series as they are read, then arranged: the runs in the order
 * asked (each series' values moved with them), configurations numbered, series grouped by unit. */
#include "history.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run_order.h"
#include "xalloc.h"

void hb_history_init(struct hb_history *h, size_t nruns)
{
    *h = (struct hb_history){.in = hb_intern_new(), .nruns = nruns};
    h->runs = hb_xcalloc(nruns ? nruns : 1, sizeof *h->runs);
}

void hb_history_free(struct hb_history *h)
{
    for (size_t i = 0; i < h->nruns; i++) {
        struct hb_history_run *r = &h->runs[i];
        free(r->arg);
        free(r->file);
        free(r->label);
        for (size_t k = 0; k < HB_RUN_CONTEXT_KEYS; k++)
            free(r->context[k]);
    }
    for (size_t i = 0; i < h->nseries; i++)
        free(h->series[i].values);
    free(h->runs);
    free(h->series);
    free(h->units);
    free(h->last_order);
    hb_u32map_free(&h->series_index);
    if (h->in)
        hb_intern_free(h->in);
    *h = (struct hb_history){0};
}

static size_t series_of(struct hb_history *h, hb_str name, hb_str unit)
{
    uint32_t parts[2] = {name, unit}, index;
    hb_tuple key = hb_intern_tuple(h->in, parts, 2);
    if (hb_u32map_get(&h->series_index, key, &index))
        return index;
    size_t u = 0;
    while (u < h->nunits && h->units[u] != unit)
        u++;
    if (u == h->nunits) {
        hb_grow((void **)&h->units, &h->units_cap, h->nunits + 1, sizeof *h->units);
        h->units[h->nunits++] = unit;
    }
    hb_grow((void **)&h->series, &h->series_cap, h->nseries + 1, sizeof *h->series);
    struct hb_series *s = &h->series[h->nseries];
    *s = (struct hb_series){name, unit, hb_xmalloc(h->nruns * sizeof *s->values)};
    for (size_t i = 0; i < h->nruns; i++)
        s->values[i] = NAN;
    hb_u32map_put(&h->series_index, key, (uint32_t)h->nseries);
    return h->nseries++;
}

void hb_history_add(struct hb_history *h, struct hb_history_input *run)
{
    size_t k = h->added++;
    struct hb_history_run *r = &h->runs[k];
    *r = (struct hb_history_run){
        .arg = run->arg, .file = run->file, .label = run->label, .given = k, .counted = run->counted};
    memcpy(r->context, run->context, sizeof r->context);
    memset(run->context, 0, sizeof run->context);
    run->arg = run->file = run->label = NULL;
    const char *text = hb_strbuf_cstr(&run->text);
    /* Runs list their benchmarks in the same order, as a rule: the series at the same place in the
     * last run is tried first, by comparing text, before the name is looked up. */
    hb_grow((void **)&h->last_order, &h->last_order_cap, run->nvalues + 1, sizeof *h->last_order);
    for (size_t i = 0; i < run->nvalues; i++) {
        const struct hb_history_input_value *v = &run->values[i];
        size_t s = i < h->last_order_len ? h->last_order[i] : SIZE_MAX;
        if (s == SIZE_MAX || strcmp(hb_str_text(h->in, h->series[s].name), text + v->name) != 0 ||
            strcmp(hb_str_text(h->in, h->series[s].unit), text + v->unit) != 0) {
            hb_str name = hb_intern_cstr(h->in, text + v->name), unit = hb_intern_cstr(h->in, text + v->unit);
            s = series_of(h, name, unit); /* may move h->series */
        }
        h->series[s].values[k] = v->median;
        h->last_order[i] = s;
    }
    h->last_order_len = run->nvalues;
}

int hb_run_order_parse(const char *name, enum hb_run_order *out)
{
    static const char *const names[] = {"given", "date", "commit"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (enum hb_run_order)i;
            return 0;
        }
    return -1;
}

static bool same_context_value(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

bool hb_history_same_config(const struct hb_history_run *a, const struct hb_history_run *b)
{
    for (size_t k = HB_RUN_CONFIG_FIRST; k < HB_RUN_CONTEXT_KEYS; k++)
        if (!same_context_value(a->context[k], b->context[k]))
            return false;
    return true;
}

const char *hb_history_commit(const struct hb_history_run *run)
{
    return run->context[HB_RUN_VERSION] ? run->context[HB_RUN_VERSION] : run->label;
}

/* sec/op first, then B/s, then the other units as they first appeared (units[] is in that order
 * until arranged). */
static size_t unit_rank(const struct hb_history *h, hb_str unit)
{
    const char *text = hb_str_text(h->in, unit);
    if (strcmp(text, "sec/op") == 0)
        return 0;
    if (strcmp(text, "B/s") == 0)
        return 1;
    size_t u = 0;
    while (h->units[u] != unit)
        u++;
    return 2 + u;
}

struct ranked {
    size_t rank, index;
};

/* By rank, then by place: a total order, so the result does not depend on qsort's algorithm. */
static int ranked_by_rank(const void *pa, const void *pb)
{
    const struct ranked *a = pa, *b = pb;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* Series by unit (first appearance within a unit), units in the same order; the map from (name,
 * unit) is rebuilt to the new places. */
static void group_by_unit(struct hb_history *h)
{
    struct ranked *keys = hb_xmalloc((h->nseries + h->nunits + 1) * sizeof *keys);
    for (size_t s = 0; s < h->nseries; s++)
        keys[s] = (struct ranked){unit_rank(h, h->series[s].unit), s};
    struct ranked *unit_keys = keys + h->nseries;
    for (size_t u = 0; u < h->nunits; u++)
        unit_keys[u] = (struct ranked){unit_rank(h, h->units[u]), u};
    qsort(keys, h->nseries, sizeof *keys, ranked_by_rank);
    qsort(unit_keys, h->nunits, sizeof *unit_keys, ranked_by_rank);
    struct hb_series *series = hb_xmalloc((h->nseries + 1) * sizeof *series);
    for (size_t s = 0; s < h->nseries; s++)
        series[s] = h->series[keys[s].index];
    free(h->series);
    h->series = series;
    h->series_cap = h->nseries + 1;
    hb_str *units = hb_xmalloc((h->nunits + 1) * sizeof *units);
    for (size_t u = 0; u < h->nunits; u++)
        units[u] = h->units[unit_keys[u].index];
    free(h->units);
    h->units = units;
    h->units_cap = h->nunits + 1;
    free(keys);
    hb_u32map_free(&h->series_index);
    for (size_t s = 0; s < h->nseries; s++) {
        uint32_t parts[2] = {h->series[s].name, h->series[s].unit};
        hb_u32map_put(&h->series_index, hb_intern_tuple(h->in, parts, 2), (uint32_t)s);
    }
}

int hb_history_arrange(struct hb_history *h, enum hb_run_order order, char **error)
{
    size_t *sorted = hb_xmalloc((h->nruns ? h->nruns : 1) * sizeof *sorted);
    if (hb_run_order_compute(h->runs, h->nruns, order, sorted, error)) {
        free(sorted);
        return -1;
    }
    struct hb_history_run *runs = hb_xmalloc((h->nruns ? h->nruns : 1) * sizeof *runs);
    for (size_t i = 0; i < h->nruns; i++)
        runs[i] = h->runs[sorted[i]];
    free(h->runs);
    h->runs = runs;
    double *column = hb_xmalloc((h->nruns ? h->nruns : 1) * sizeof *column);
    for (size_t s = 0; s < h->nseries; s++) {
        for (size_t i = 0; i < h->nruns; i++)
            column[i] = h->series[s].values[sorted[i]];
        memcpy(h->series[s].values, column, h->nruns * sizeof *column);
    }
    free(column);
    free(sorted);
    h->nconfigs = 0;
    for (size_t i = 0; i < h->nruns; i++) {
        if (i == 0 || !hb_history_same_config(&h->runs[i - 1], &h->runs[i]))
            h->nconfigs++;
        h->runs[i].config = h->nconfigs - 1;
    }
    group_by_unit(h);
    return 0;
}

/* advice_machine.c — the small questions every layer asks of a machine's measurements, and the summary
 * of one measure over its processes. */
#include "advice_machine.h"

#include "advice_tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "sort_doubles.h"
#include "summary.h"

/* The confidence of every interval the advisor prints (the median's order-statistic interval) */
#define INTERVAL_CONFIDENCE 0.9

bool hb_advice_interval_finite(const struct hb_advice_interval *x)
{
    return x->present && isfinite(x->lo) && isfinite(x->hi);
}

bool hb_advice_intervals_overlap(const struct hb_advice_interval *a, const struct hb_advice_interval *b)
{
    return hb_advice_interval_finite(a) && hb_advice_interval_finite(b) && a->lo <= b->hi && b->lo <= a->hi;
}

void hb_advice_keep_slowest(struct hb_advice_interval *fleet, const struct hb_advice_interval *x, bool first)
{
    if (first || (x->present && (!fleet->present || x->median > fleet->median)))
        *fleet = *x;
}

void hb_advice_interval_summarise(struct hb_advice_interval *x)
{
    double *sorted = hb_xcalloc(x->nprocesses + 1, sizeof *sorted);
    size_t n = 0;
    for (size_t p = 0; p < x->nprocesses; p++)
        if (!isnan(x->process[p]))
            sorted[n++] = x->process[p];
    x->n = n;
    x->present = n > 0;
    if (n) {
        hb_sort_doubles(sorted, n);
        struct hb_summary s;
        hb_summarise(sorted, n, INTERVAL_CONFIDENCE, &s);
        x->median = s.center, x->lo = s.lo, x->hi = s.hi;
        hb_summary_clear(&s);
    }
    free(sorted);
}

double *hb_advice_pool_nans(struct hb_advice_pool *pool, size_t n)
{
    double *v = hb_xcalloc(n + 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = NAN;
    hb_grow((void **)&pool->blocks, &pool->cap, pool->n + 1, sizeof *pool->blocks);
    pool->blocks[pool->n++] = v;
    return v;
}

void hb_advice_pool_free(struct hb_advice_pool *pool)
{
    for (size_t i = 0; i < pool->n; i++)
        free(pool->blocks[i]);
    free(pool->blocks);
    memset(pool, 0, sizeof *pool);
}

static const char *const file_names[HB_FILES] = {"run", "tables", "record", "bulk"};

const char *hb_advice_file_name(enum hb_advice_file f)
{
    return f < HB_FILES ? file_names[f] : "?";
}

enum hb_advice_file hb_advice_file_find(const char *name)
{
    for (int f = 0; f < HB_FILES; f++)
        if (strcmp(file_names[f], name) == 0)
            return (enum hb_advice_file)f;
    return HB_FILES;
}

uint64_t hb_advice_distinct_keys(const struct hb_advice_machine *m)
{
    if (m->keys.from_file)
        return m->keys.sampled ? m->keys.in_file
                               : (m->keys.used > m->keys.duplicates ? m->keys.used - m->keys.duplicates : 0);
    uint64_t most = 0;
    for (size_t i = 0; i < m->spread.nkeysets; i++)
        if (m->spread.keysets[i].keys > most)
            most = m->spread.keysets[i].keys;
    return most;
}

const struct hb_advice_timing *hb_advice_find_timing(const struct hb_advice_machine *m, const char *name,
                                                     const char *impl)
{
    for (size_t i = 0; i < m->ntimings; i++)
        if (strcmp(m->timings[i].name, name) == 0 && strcmp(m->timings[i].impl, impl) == 0)
            return &m->timings[i];
    return NULL;
}

struct hb_advice_timing *hb_advice_timing_of(struct hb_advice_machine *m, const char *name, const char *impl)
{
    for (size_t i = 0; i < m->ntimings; i++)
        if (strcmp(m->timings[i].name, name) == 0 && strcmp(m->timings[i].impl, impl) == 0)
            return &m->timings[i];
    m->timings = hb_xreallocarray(m->timings, m->ntimings + 1, sizeof *m->timings);
    struct hb_advice_timing *t = &m->timings[m->ntimings++];
    *t = (struct hb_advice_timing){.name = hb_xstrdup(name), .impl = hb_xstrdup(impl)};
    return t;
}

const struct hb_spread_algorithm *hb_advice_find_spread(const struct hb_advice_machine *m, const char *name)
{
    for (size_t i = 0; i < m->spread.nalgorithms; i++)
        if (strcmp(m->spread.algorithms[i].name, name) == 0)
            return &m->spread.algorithms[i];
    return NULL;
}

void hb_advice_machine_free(struct hb_advice_machine *m)
{
    free(m->dir);
    free(m->host);
    free(m->cpu_model);
    free(m->rows);
    free(m->keys.file);
    free(m->keys.format);
    free(m->keys.load_ram);
    for (size_t i = 0; i < m->ntimings; i++) {
        free(m->timings[i].name);
        free(m->timings[i].impl);
        hb_advice_tables_free(m->timings[i].tables);
    }
    free(m->timings);
    hb_spread_file_free(&m->spread);
    hb_advice_pool_free(&m->pool);
    memset(m, 0, sizeof *m);
}

/* machine_runs.c — several runs of advise.sh on one machine and the same keys, made one machine:
 * their processes pooled (the unit of replication stays the process, whichever run it came from),
 * every measure summarised again over all of them. */
#include "advice_machine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "advice_tables.h"

bool hb_advice_same_machine(const struct hb_advice_machine *a, const struct hb_advice_machine *b)
{
    return strcmp(a->host ? a->host : "", b->host ? b->host : "") == 0 &&
           strcmp(a->cpu_model ? a->cpu_model : "", b->cpu_model ? b->cpu_model : "") == 0;
}

void hb_advice_machine_summarise(struct hb_advice_machine *m)
{
    hb_advice_interval_summarise(&m->noop);
    for (size_t i = 0; i < m->ntimings; i++) {
        struct hb_advice_timing *t = &m->timings[i];
        struct hb_advice_interval *each[] = {&t->throughput, &t->latency, &t->ram, &t->record, &t->bulk};
        for (size_t k = 0; k < sizeof each / sizeof *each; k++)
            hb_advice_interval_summarise(each[k]);
        for (int d = 0; t->tables && d < HB_DESIGNS; d++)
            for (int o = 0; o < HB_OPS; o++)
                hb_advice_interval_summarise(&t->tables->cell[d][o].x);
    }
}

/* x over the pooled processes: its own values first (offset 0), from's after them (at offset), NAN
 * where a run did not time it. */
static void pool_interval(struct hb_advice_pool *pool, struct hb_advice_interval *x,
                          const struct hb_advice_interval *from, size_t offset, size_t total)
{
    double *v = hb_advice_pool_nans(pool, total);
    for (size_t p = 0; p < x->nprocesses && p < offset; p++)
        v[p] = x->process[p];
    for (size_t p = 0; from && p < from->nprocesses && offset + p < total; p++)
        v[offset + p] = from->process[p];
    x->process = v;
    x->nprocesses = total;
}

/* Whether two runs timed the same keys, by the facts hashbench records of them; else *why. */
static bool same_keys(const struct hb_advice_keys *a, const struct hb_advice_keys *b, char *why, size_t len)
{
    if (a->from_file != b->from_file || a->in_file != b->in_file || a->used != b->used ||
        a->duplicates != b->duplicates || a->length_min != b->length_min || a->length_median != b->length_median ||
        a->length_max != b->length_max || strcmp(a->format ? a->format : "", b->format ? b->format : "") != 0) {
        snprintf(why, len, "%llu keys of median length %llu against %llu of %llu", (unsigned long long)a->used,
                 (unsigned long long)a->length_median, (unsigned long long)b->used,
                 (unsigned long long)b->length_median);
        return false;
    }
    return true;
}

int hb_advice_machine_append(struct hb_advice_machine *into, const struct hb_advice_machine *from, char **error)
{
    char why[200];
    if (!same_keys(&into->keys, &from->keys, why, sizeof why)) {
        *error = hb_xasprintf("%s and %s: runs on one machine (%s) whose keys differ (%s): pooled runs must time the "
                              "same keys",
                              into->dir, from->dir, into->host ? into->host : "?", why);
        return -1;
    }
    if (into->record_rows && from->record_rows && into->record_rows != from->record_rows) {
        *error = hb_xasprintf("%s and %s: records timed at %llu and %llu bytes: pooled runs must time the same "
                              "record size",
                              into->dir, from->dir, (unsigned long long)into->record_rows,
                              (unsigned long long)from->record_rows);
        return -1;
    }
    size_t offset = into->processes, total = into->processes + from->processes;
    static const struct hb_advice_timing none = {0};
    for (size_t i = 0; i < from->ntimings; i++)
        (void)hb_advice_timing_of(into, from->timings[i].name, from->timings[i].impl);
    for (size_t i = 0; i < into->ntimings; i++) {
        struct hb_advice_timing *t = &into->timings[i];
        const struct hb_advice_timing *f = hb_advice_find_timing(from, t->name, t->impl);
        if (!f)
            f = &none;
        pool_interval(&into->pool, &t->throughput, &f->throughput, offset, total);
        pool_interval(&into->pool, &t->latency, &f->latency, offset, total);
        pool_interval(&into->pool, &t->ram, &f->ram, offset, total);
        pool_interval(&into->pool, &t->record, &f->record, offset, total);
        pool_interval(&into->pool, &t->bulk, &f->bulk, offset, total);
        if (!t->tables && !f->tables)
            continue;
        if (!t->tables)
            t->tables = hb_xcalloc(1, sizeof *t->tables);
        t->tables->present = true;
        if (f->tables && f->tables->count > t->tables->count)
            t->tables->count = f->tables->count;
        for (int d = 0; d < HB_DESIGNS; d++)
            for (int o = 0; o < HB_OPS; o++) {
                struct hb_advice_table_cell *c = &t->tables->cell[d][o];
                const struct hb_advice_table_cell *fc = f->tables ? &f->tables->cell[d][o] : NULL;
                if (fc && fc->capped && !c->capped)
                    c->capped = hb_xstrdup(fc->capped);
                pool_interval(&into->pool, &c->x, fc ? &fc->x : NULL, offset, total);
            }
    }
    pool_interval(&into->pool, &into->noop, &from->noop, offset, total);
    into->processes = total;
    into->nruns += from->nruns;
    char *dir = hb_xasprintf("%s, %s", into->dir, from->dir);
    free(into->dir);
    into->dir = dir;
    if (from->repetitions > into->repetitions)
        into->repetitions = from->repetitions;
    into->has_latency = into->has_latency || from->has_latency;
    into->has_tables = into->has_tables || from->has_tables;
    if (!into->record_rows)
        into->record_rows = from->record_rows;
    if (!into->bulk_rows)
        into->bulk_rows = from->bulk_rows;
    if (!into->has_password_cost && from->has_password_cost) {
        into->has_password_cost = true;
        into->argon2_memory_kib = from->argon2_memory_kib, into->argon2_iterations = from->argon2_iterations;
        into->argon2_lanes = from->argon2_lanes, into->argon2_repetitions = from->argon2_repetitions;
        into->argon2_median = from->argon2_median, into->argon2_min = from->argon2_min;
        into->argon2_max = from->argon2_max;
    }
    hb_advice_machine_summarise(into);
    return 0;
}

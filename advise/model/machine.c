/* machine.c — the small questions every layer asks of a machine's measurements. */
#include "machine.h"

#include "tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool hb_advice_interval_finite(const struct hb_advice_interval *x)
{
    return x->present && isfinite(x->lo) && isfinite(x->hi);
}

bool hb_advice_intervals_overlap(const struct hb_advice_interval *a, const struct hb_advice_interval *b)
{
    return hb_advice_interval_finite(a) && hb_advice_interval_finite(b) && a->lo <= b->hi && b->lo <= a->hi;
}

static const char *const test_titles[HB_TESTS] = {"buckets", "collisions", "low-32 collisions", "avalanche"};
static const char *const test_keys[HB_TESTS] = {"buckets", "collisions", "collisions_low32", "avalanche"};

const char *hb_advice_test_title(enum hb_advice_test t)
{
    return test_titles[t];
}

const char *hb_advice_test_key(enum hb_advice_test t)
{
    return test_keys[t];
}

const char *hb_advice_verdict_name(enum hb_advice_verdict v)
{
    switch (v) {
    case HB_VERDICT_PASS: return "pass";
    case HB_VERDICT_WARN: return "warn";
    case HB_VERDICT_FAIL: return "FAIL";
    case HB_VERDICT_NONE: break;
    }
    return "-";
}

uint64_t hb_advice_distinct_keys(const struct hb_advice_machine *m)
{
    if (m->keys.from_file)
        return m->keys.sampled ? m->keys.in_file
                               : (m->keys.used > m->keys.duplicates ? m->keys.used - m->keys.duplicates : 0);
    uint64_t most = 0;
    for (size_t i = 0; i < m->nkeysets; i++)
        if (m->keysets[i].keys > most)
            most = m->keysets[i].keys;
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

const struct hb_advice_spread *hb_advice_find_spread(const struct hb_advice_machine *m, const char *name)
{
    for (size_t i = 0; i < m->nspread; i++)
        if (strcmp(m->spread[i].name, name) == 0)
            return &m->spread[i];
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
    free(m->bucketing);
    for (size_t i = 0; i < m->nkeysets; i++) {
        free(m->keysets[i].spec);
        free(m->keysets[i].title);
    }
    free(m->keysets);
    for (size_t i = 0; i < m->nspread; i++) {
        free(m->spread[i].name);
        free(m->spread[i].impl);
        free(m->spread[i].skipped);
        free(m->spread[i].battery);
    }
    free(m->spread);
    for (size_t i = 0; i < m->nshard_spread; i++) {
        free(m->shard_spread[i].name);
        free(m->shard_spread[i].impl);
        free(m->shard_spread[i].skipped);
    }
    free(m->shard_spread);
    memset(m, 0, sizeof *m);
}

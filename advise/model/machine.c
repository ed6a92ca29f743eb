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
    hb_spread_file_free(&m->shards);
    memset(m, 0, sizeof *m);
}

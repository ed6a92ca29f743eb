/* advice.c — what the gates, the ranking and the needs' notes all ask: an entry's measures, a
 * machine's tag, a note added to a need's result. */
#include "advice.h"

#include <stdio.h>

#include "hb_alloc.h"

const struct hb_advice_interval *hb_advice_measure(const struct hb_advice_entry *e, enum hb_measure m)
{
    static const struct hb_advice_interval absent = {0};
    switch (m) {
    case HB_MEASURE_LATENCY: return &e->latency;
    case HB_MEASURE_THROUGHPUT: return &e->throughput;
    case HB_MEASURE_TABLE: return &e->table_score;
    case HB_MEASURE_BULK: return &e->bulk;
    case HB_MEASURE_BITS:
    case HB_MEASURE_NONE: break;
    }
    return &absent;
}

void hb_advice_machine_tag(size_t i, char *out, size_t len)
{
    snprintf(out, len, "m%zu", i + 1);
}

void hb_advice_note(struct hb_advice_result *r, char *text)
{
    size_t cap = r->nnotes;
    hb_grow((void **)&r->notes, &cap, r->nnotes + 1, sizeof *r->notes);
    r->notes[r->nnotes++] = text;
}

/* advice.c — what the gates, the ranking and the needs' notes all ask: an entry's measures and
 * a machine's tag. */
#include "advice.h"

#include <stdio.h>

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

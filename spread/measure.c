/*
 * measure.c — one algorithm on one keyset: hash every key once (seed 0), then read the outputs
 * three ways: bucket loads from the bucketing value, collisions of the whole output, and
 * collisions of the low 32 bits of the bucketing value (what a table indexed by a 32-bit hash
 * sees).
 */
#include "spread.h"

#include <stdlib.h>

void hb_measure_keyset(const struct hb_hash *h, const struct hb_keyset *ks, const struct hb_bucket_plan *plan,
                       struct hb_keyset_result *r)
{
    size_t n = ks->n, width = h->out_bits / 8;
    unsigned value_bits = h->out_bits < 64 ? h->out_bits : 64;
    uint8_t *outs = hb_xmalloc(n * width);
    for (size_t i = 0; i < n; i++)
        h->oneshot(ks->bytes + ks->start[i], ks->len[i], 0, outs + i * width);

    uint32_t *loads = hb_xcalloc(plan->used, sizeof *loads);
    uint32_t *low32 = hb_xmalloc(n * sizeof *low32);
    for (size_t i = 0; i < n; i++) {
        uint64_t v = hb_bucket_value(h, outs + i * width);
        loads[hb_bucket_of(plan, v, value_bits)]++;
        low32[i] = (uint32_t)v;
    }
    hb_bucket_stats_of(loads, plan->used, n, &r->buckets);
    free(loads);

    hb_collisions_of(hb_equal_pairs_bytes(outs, n, width), n, h->out_bits, &r->full);
    hb_collisions_of(hb_equal_pairs_u32(low32, n), n, value_bits < 32 ? value_bits : 32, &r->low32);
    free(low32);
    free(outs);
}

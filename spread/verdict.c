/*
 * verdict.c — turning scaled p-values into pass / warn / FAIL, with SMHasher3's bounds: a warning
 * at p <= 2^-16, a failure at p <= 2^-20, after each p-value is scaled by the number of tests run
 * on the algorithm (hb_log2_scale), so that a random oracle essentially never fails a run.
 */
#include "spread.h"

enum hb_verdict hb_verdict_of(double scaled_log2_p)
{
    if (scaled_log2_p <= HB_FAIL_LOG2_P)
        return HB_FAIL;
    if (scaled_log2_p <= HB_WARN_LOG2_P)
        return HB_WARN;
    return HB_PASS;
}

const char *hb_verdict_name(enum hb_verdict v)
{
    static const char *const names[] = {[HB_PASS] = "pass", [HB_WARN] = "warn", [HB_FAIL] = "FAIL"};
    return names[v];
}

static const struct {
    const char *name, *key;
} measures[HB_MEASURES] = {
    [HB_MEASURE_BUCKETS] = {"buckets", "buckets"},
    [HB_MEASURE_COLLISIONS] = {"collisions", "collisions"},
    [HB_MEASURE_LOW32] = {"low-32 collisions", "collisions_low32"},
    [HB_MEASURE_AVALANCHE] = {"avalanche", "avalanche"},
    [HB_MEASURE_SHARDS] = {"shards", "shards"},
    [HB_MEASURE_RENDEZVOUS] = {"rendezvous", "rendezvous"},
};

const char *hb_measure_name(enum hb_measure m)
{
    return measures[m].name;
}

const char *hb_measure_key(enum hb_measure m)
{
    return measures[m].key;
}

/*
 * buckets.c — a key's bucketing value, reducing it to a bucket the three ways hash tables do it,
 * and the statistics of the loads: min, max, standard deviation against a random function's, and
 * the chi-square upper tail.
 */
#include "spread.h"

#include <math.h>

static bool is_prime(size_t n)
{
    if (n < 2)
        return false;
    for (size_t d = 2; d <= n / d; d++)
        if (n % d == 0)
            return false;
    return true;
}

size_t hb_largest_prime_at_most(size_t n)
{
    while (n > 2 && !is_prime(n))
        n--;
    return n;
}

void hb_bucket_plan_init(struct hb_bucket_plan *plan, enum hb_bucketing how, size_t requested)
{
    plan->how = how;
    plan->requested = requested;
    plan->used = how == HB_BUCKET_PRIME ? hb_largest_prime_at_most(requested) : requested;
}

const char *hb_bucketing_name(enum hb_bucketing how)
{
    static const char *const names[] = {
        [HB_BUCKET_MOD] = "mod", [HB_BUCKET_PRIME] = "prime", [HB_BUCKET_HIGH] = "high"};
    return names[how];
}

size_t hb_bucket_of(const struct hb_bucket_plan *plan, uint64_t value, unsigned value_bits)
{
    size_t b = plan->used;
    switch (plan->how) {
    case HB_BUCKET_MOD:
        /* the mask a power-of-two table uses is the same as the remainder */
        return (b & (b - 1)) == 0 ? (size_t)(value & (b - 1)) : (size_t)(value % b);
    case HB_BUCKET_PRIME: return (size_t)(value % b);
    case HB_BUCKET_HIGH:
        /* value * b / 2^bits: the top log2(b) bits for a power of two, and an even split otherwise */
        if (value_bits >= 64)
            return (size_t)(((unsigned __int128)value * b) >> 64);
        return (size_t)(((unsigned __int128)value * b) >> value_bits);
    }
    return 0;
}

void hb_bucket_stats_of(const uint32_t *loads, size_t buckets, size_t keys, struct hb_bucket_stats *st)
{
    st->buckets = buckets;
    st->keys = keys;
    st->expected = (double)keys / (double)buckets;
    st->min = UINT64_MAX;
    st->max = 0;
    double squares = 0;
    for (size_t i = 0; i < buckets; i++) {
        if (loads[i] < st->min)
            st->min = loads[i];
        if (loads[i] > st->max)
            st->max = loads[i];
        double d = loads[i] - st->expected;
        squares += d * d;
    }
    st->std_dev = sqrt(squares / (double)buckets);
    st->ideal_std_dev = sqrt(st->expected);
    st->chi2 = squares / st->expected;
    st->log2_p = hb_log2_bucket_chi2_upper(st->chi2, buckets, keys);
}

uint64_t hb_bucketing_value_of(const struct hb_hash *h, const uint8_t *key, size_t len)
{
    if (h->hash64 != NULL)
        return h->hash64(key, len, 0);
    uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(key, len, 0, out);
    return hb_bucket_value(h, out);
}

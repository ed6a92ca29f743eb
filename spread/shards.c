/*
 * shards.c — one algorithm's keys over shards, the two ways programs assign keys to servers:
 *
 *  - h mod N over each shard count of the plan (a power of two takes the low bits, any other count
 *    every bit), the way a fixed set of numbered shards is addressed;
 *  - rendezvous (highest random weight) hashing over S servers: each key goes to the server s of
 *    the largest weight h(key || s). The weight must behave as independent random values per
 *    server; a GF(2)-affine hash gives h(k || s) = A(k) ^ B(s) for keys of one length, and the
 *    largest of A ^ B(s) is decided by the highest bit where the B(s) differ: with 3 servers one of
 *    them takes half the keys, whatever the keys.
 *
 * Each spread is a chi-square of the shard loads against a uniform one, its upper tail as the
 * bucket test takes it (hb_log2_bucket_chi2_upper); the runner scales it with every other test.
 */
#include "spread.h"

#include <stdlib.h>
#include <string.h>

static void result_of(const uint64_t *loads, unsigned shards, size_t keys, struct hb_shard_result *r)
{
    double expected = (double)keys / shards, chi2 = 0;
    uint64_t most = 0, least = UINT64_MAX;
    for (unsigned s = 0; s < shards; s++) {
        double d = (double)loads[s] - expected;
        chi2 += d * d / expected;
        most = loads[s] > most ? loads[s] : most;
        least = loads[s] < least ? loads[s] : least;
    }
    r->shards = shards;
    r->chi2 = chi2;
    r->log2_p = hb_log2_bucket_chi2_upper(chi2, shards, keys);
    r->max_share = keys ? (double)most / (double)keys : 0;
    r->min_share = keys ? (double)least / (double)keys : 0;
}

void hb_measure_shards(const struct hb_hash *h, const struct hb_keyset *ks, const struct hb_shard_plan *plan,
                       struct hb_shard_result *out)
{
    size_t n = ks->n, longest = 0;
    unsigned most = 1;
    for (size_t c = 0; c < plan->ncounts; c++)
        most = plan->counts[c] > most ? plan->counts[c] : most;
    for (size_t c = 0; c < plan->nservers; c++)
        most = plan->servers[c] > most ? plan->servers[c] : most;
    for (size_t i = 0; i < n; i++)
        longest = ks->len[i] > longest ? ks->len[i] : longest;
    uint64_t *loads = hb_xmalloc(most * sizeof *loads);

    if (plan->ncounts) {
        uint64_t *values = hb_xmalloc((n ? n : 1) * sizeof *values);
        for (size_t i = 0; i < n; i++)
            values[i] = hb_bucketing_value_of(h, ks->bytes + ks->start[i], ks->len[i]);
        for (size_t c = 0; c < plan->ncounts; c++) {
            unsigned count = plan->counts[c];
            memset(loads, 0, count * sizeof *loads);
            for (size_t i = 0; i < n; i++)
                loads[values[i] % count]++;
            result_of(loads, count, n, &out[c]);
        }
        free(values);
    }

    /* the key, then the server's index: one buffer per key, its tail rewritten per server */
    uint8_t *buf = hb_xmalloc(longest + 8);
    for (size_t r = 0; r < plan->nservers; r++) {
        unsigned servers = plan->servers[r];
        memset(loads, 0, servers * sizeof *loads);
        for (size_t i = 0; i < n; i++) {
            size_t len = ks->len[i];
            memcpy(buf, ks->bytes + ks->start[i], len);
            unsigned best = 0;
            uint64_t best_weight = 0;
            for (unsigned s = 0; s < servers; s++) {
                for (int b = 0; b < 8; b++)
                    buf[len + (size_t)b] = (uint8_t)((uint64_t)s >> (8 * b));
                uint64_t weight = hb_bucketing_value_of(h, buf, len + 8);
                if (s == 0 || weight > best_weight)
                    best = s, best_weight = weight;
            }
            loads[best]++;
        }
        result_of(loads, servers, n, &out[plan->ncounts + r]);
    }
    free(buf);
    free(loads);
}

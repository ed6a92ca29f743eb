/* ediv_null.c — permutation statistics, drawn lazily: a length's stream grows only as far as the
 * windows of that length ask, so lengths whose windows are all clearly without a change stop
 * after a few dozen permutations, and only a length with a real change draws them all. The draws
 * of one length always come in the same order from the same seed, so every p-value is the same
 * whichever window asked first. */
#include "ediv_null.h"

#include <stdlib.h>
#include <string.h>

#include "ediv.h"
#include "hb_splitmix64.h"
#include "xalloc.h"

/* The permutation statistics of one length (or of one tied window). */
struct stream {
    size_t n;
    uint64_t rng;
    uint32_t *perm; /* the permutation drawn last */
    struct hb_ediv_window window;
    double *draws;
    size_t ndraws, cap;
};

struct hb_ediv_nulls {
    size_t min_segment;
    struct stream **by_length; /* [n]: windows of n values without ties */
    size_t nlengths;
    uint64_t drawn;
};

struct hb_ediv_nulls *hb_ediv_nulls_new(size_t min_segment)
{
    struct hb_ediv_nulls *nulls = hb_xcalloc(1, sizeof *nulls);
    nulls->min_segment = min_segment;
    return nulls;
}

static void stream_init(struct stream *s, const uint32_t *ranks2, size_t n)
{
    *s = (struct stream){.n = n, .rng = HB_EDIV_SEED ^ ((uint64_t)n * UINT64_C(0x9e3779b97f4a7c15))};
    s->perm = hb_xmalloc(n * sizeof *s->perm);
    memcpy(s->perm, ranks2, n * sizeof *s->perm);
    hb_ediv_window_prepare(&s->window, s->perm, n);
}

static void stream_free(struct stream *s)
{
    free(s->perm);
    free(s->draws);
    hb_ediv_window_free(&s->window);
}

void hb_ediv_nulls_free(struct hb_ediv_nulls *nulls)
{
    if (!nulls)
        return;
    for (size_t n = 0; n < nulls->nlengths; n++)
        if (nulls->by_length[n]) {
            stream_free(nulls->by_length[n]);
            free(nulls->by_length[n]);
        }
    free(nulls->by_length);
    free(nulls);
}

uint64_t hb_ediv_nulls_drawn(const struct hb_ediv_nulls *nulls)
{
    return nulls->drawn;
}

/* A uniform integer in [0, range), range >= 1, by Lemire's multiply-and-reject: unbiased, and the
 * same on every machine. */
static uint32_t below(uint64_t *rng, uint32_t range)
{
    uint64_t m = (hb_splitmix64_next(rng) >> 32) * (uint64_t)range;
    if ((uint32_t)m < range) {
        uint32_t threshold = -range % range;
        while ((uint32_t)m < threshold)
            m = (hb_splitmix64_next(rng) >> 32) * (uint64_t)range;
    }
    return (uint32_t)(m >> 32);
}

/* The best split's statistic of one more random permutation (Fisher-Yates on the previous one). */
static double draw(struct hb_ediv_nulls *nulls, struct stream *s)
{
    for (size_t i = s->n - 1; i > 0; i--) {
        size_t j = below(&s->rng, (uint32_t)(i + 1));
        uint32_t t = s->perm[i];
        s->perm[i] = s->perm[j];
        s->perm[j] = t;
    }
    nulls->drawn++;
    return hb_ediv_best_split(&s->window, s->perm, nulls->min_segment).q;
}

static struct stream *untied_stream(struct hb_ediv_nulls *nulls, size_t n)
{
    if (n >= nulls->nlengths) {
        size_t grown = n + 1 > 2 * nulls->nlengths ? n + 1 : 2 * nulls->nlengths;
        nulls->by_length = hb_xreallocarray(nulls->by_length, grown, sizeof *nulls->by_length);
        memset(nulls->by_length + nulls->nlengths, 0, (grown - nulls->nlengths) * sizeof *nulls->by_length);
        nulls->nlengths = grown;
    }
    if (!nulls->by_length[n]) {
        uint32_t *identity = hb_xmalloc(n * sizeof *identity);
        for (size_t i = 0; i < n; i++)
            identity[i] = (uint32_t)(2 * (i + 1));
        nulls->by_length[n] = hb_xmalloc(sizeof *nulls->by_length[n]);
        stream_init(nulls->by_length[n], identity, n);
        free(identity);
    }
    return nulls->by_length[n];
}

/* Counts the draws at least q, drawing (and, when keep, remembering) more as needed. */
static double sequential_p(struct hb_ediv_nulls *nulls, struct stream *s, double q, size_t permutations,
                           size_t stop_after, bool keep)
{
    size_t at_least = 0;
    for (size_t k = 0; k < permutations; k++) {
        double stat;
        if (keep && k < s->ndraws) {
            stat = s->draws[k];
        } else {
            stat = draw(nulls, s);
            if (keep) {
                hb_grow((void **)&s->draws, &s->cap, s->ndraws + 1, sizeof *s->draws);
                s->draws[s->ndraws++] = stat;
            }
        }
        if (stat >= q && ++at_least == stop_after)
            return (double)at_least / (double)(k + 1);
    }
    return (double)(at_least + 1) / (double)(permutations + 1);
}

double hb_ediv_p_value(struct hb_ediv_nulls *nulls, const uint32_t *ranks2, size_t n, bool tied, double q,
                       size_t permutations, size_t stop_after)
{
    if (!tied)
        return sequential_p(nulls, untied_stream(nulls, n), q, permutations, stop_after, true);
    struct stream own;
    stream_init(&own, ranks2, n);
    double p = sequential_p(nulls, &own, q, permutations, stop_after, false);
    stream_free(&own);
    return p;
}

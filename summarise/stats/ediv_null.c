/* ediv_null.c — permutation statistics, drawn lazily: a length's stream grows only as far as the
 * windows of that length ask, so lengths whose windows are all clearly without a change stop
 * after a few dozen permutations, and only a length with a real change draws them all. Draw i of
 * a stream is a function of the window's ranks, its length and i alone (its own seed, a shuffle of
 * the ranks as given), so draws can be taken on several threads at once, in chunks, and every
 * p-value is the same whichever window asked first and however many threads drew. */
#include "ediv_null.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ediv.h"
#include "hb_splitmix64.h"
#include "xalloc.h"

/* Chunks at least this large are drawn on several threads; smaller ones on the caller's. */
enum { PARALLEL_CHUNK = 1024, FIRST_CHUNK = 64 };

/* The permutation statistics of one length (or of one tied window). */
struct stream {
    size_t n;
    uint32_t *ranks2; /* the window's ranks as given, which each draw shuffles afresh */
    double *draws;
    size_t ndraws, cap;
};

struct hb_ediv_nulls {
    size_t min_segment;
    unsigned threads;
    struct stream **by_length; /* [n]: windows of n values without ties */
    size_t nlengths;
    uint64_t drawn;
};

struct hb_ediv_nulls *hb_ediv_nulls_new(size_t min_segment, unsigned threads)
{
    struct hb_ediv_nulls *nulls = hb_xcalloc(1, sizeof *nulls);
    nulls->min_segment = min_segment;
    nulls->threads = threads < 1 ? 1 : threads > HB_EDIV_MAX_THREADS ? HB_EDIV_MAX_THREADS : threads;
    return nulls;
}

static void stream_init(struct stream *s, const uint32_t *ranks2, size_t n)
{
    *s = (struct stream){.n = n, .ranks2 = hb_xmalloc(n * sizeof *s->ranks2)};
    memcpy(s->ranks2, ranks2, n * sizeof *s->ranks2);
}

static void stream_free(struct stream *s)
{
    free(s->ranks2);
    free(s->draws);
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

/* What one thread needs to draw: a permutation to shuffle and the statistic's scratch. */
struct drawer {
    const struct stream *s;
    size_t min_segment, from, to; /* draws [from, to) of s, written to s->draws */
    uint32_t *perm;
    struct hb_ediv_window window;
};

/* Draw i: the window's ranks shuffled (Fisher-Yates) by a generator seeded with the length and i,
 * and the statistic of its best split. */
static double null_draw(struct drawer *d, size_t i)
{
    size_t n = d->s->n;
    uint64_t seed = HB_EDIV_SEED ^ ((uint64_t)n * UINT64_C(0x9e3779b97f4a7c15));
    uint64_t rng = hb_splitmix64_next(&seed) + (uint64_t)i * UINT64_C(0xbf58476d1ce4e5b9);
    memcpy(d->perm, d->s->ranks2, n * sizeof *d->perm);
    for (size_t k = n - 1; k > 0; k--) {
        size_t j = hb_splitmix64_below(&rng, (uint32_t)(k + 1));
        uint32_t t = d->perm[k];
        d->perm[k] = d->perm[j];
        d->perm[j] = t;
    }
    return hb_ediv_best_split(&d->window, d->perm, d->min_segment).q;
}

static void *draw_range(void *arg)
{
    struct drawer *d = arg;
    for (size_t i = d->from; i < d->to; i++)
        d->s->draws[i] = null_draw(d, i);
    return NULL;
}

static void drawer_init(struct drawer *d, const struct stream *s, size_t min_segment, size_t from, size_t to)
{
    *d = (struct drawer){.s = s, .min_segment = min_segment, .from = from, .to = to};
    d->perm = hb_xmalloc(s->n * sizeof *d->perm);
    hb_ediv_window_prepare(&d->window, s->ranks2, s->n);
}

static void drawer_free(struct drawer *d)
{
    free(d->perm);
    hb_ediv_window_free(&d->window);
}

/* Draws s->draws[s->ndraws .. to), on up to nulls->threads threads when the chunk is large. */
static void draw_more(struct hb_ediv_nulls *nulls, struct stream *s, size_t to)
{
    hb_grow((void **)&s->draws, &s->cap, to, sizeof *s->draws);
    size_t from = s->ndraws, count = to - from;
    unsigned threads = count >= PARALLEL_CHUNK ? nulls->threads : 1;
    struct drawer d[HB_EDIV_MAX_THREADS];
    pthread_t tid[HB_EDIV_MAX_THREADS];
    bool started[HB_EDIV_MAX_THREADS] = {false};
    for (unsigned t = 0; t < threads; t++) {
        drawer_init(&d[t], s, nulls->min_segment, from + count * t / threads, from + count * (t + 1) / threads);
        started[t] = t > 0 && pthread_create(&tid[t], NULL, draw_range, &d[t]) == 0;
    }
    /* The caller's share, and that of any thread that could not start. */
    for (unsigned t = 0; t < threads; t++)
        if (!started[t])
            draw_range(&d[t]);
    for (unsigned t = 0; t < threads; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        drawer_free(&d[t]);
    }
    s->ndraws = to;
    nulls->drawn += count;
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

/* Counts the draws at least q, drawing more in growing chunks as needed. */
static double sequential_p(struct hb_ediv_nulls *nulls, struct stream *s, double q, size_t permutations,
                           size_t stop_after)
{
    size_t at_least = 0;
    for (size_t k = 0; k < permutations; k++) {
        if (k == s->ndraws) {
            size_t chunk = s->ndraws < FIRST_CHUNK ? FIRST_CHUNK : s->ndraws;
            draw_more(nulls, s, s->ndraws + chunk < permutations ? s->ndraws + chunk : permutations);
        }
        if (s->draws[k] >= q && ++at_least == stop_after)
            return (double)at_least / (double)(k + 1);
    }
    return (double)(at_least + 1) / (double)(permutations + 1);
}

double hb_ediv_p_value(struct hb_ediv_nulls *nulls, const uint32_t *ranks2, size_t n, bool tied, double q,
                       size_t permutations, size_t stop_after)
{
    if (!tied)
        return sequential_p(nulls, untied_stream(nulls, n), q, permutations, stop_after);
    struct stream own;
    stream_init(&own, ranks2, n);
    double p = sequential_p(nulls, &own, q, permutations, stop_after);
    stream_free(&own);
    return p;
}

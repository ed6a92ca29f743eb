/* rank.c — the order of the qualifying entries, with ties called by intervals: the entry with the
 * least median of the ranking measure leads a group of every entry whose 90% interval overlaps
 * its own (they cannot be told apart); the group is listed by the tie-breaking measure; the next
 * group is formed from what is left. An interval that is not finite (too few repetitions) calls
 * no tie, so the medians alone decide. Then each entry's place is said in words. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "hb_alloc.h"

bool hb_advice_tied(const struct hb_advice_interval *a, const struct hb_advice_interval *b)
{
    if (!hb_advice_intervals_overlap(a, b) || !(a->median > 0) || !(b->median > 0))
        return false;
    double ratio = a->median > b->median ? a->median / b->median : b->median / a->median;
    return ratio <= HB_TIE_MAX_RATIO;
}

/* What orders entries by measure m, the less the better: a median, or for output bits their
 * negative (more bits first). */
static double median_of(const struct hb_advice_entry *e, enum hb_measure m)
{
    if (m == HB_MEASURE_BITS)
        return -(double)e->props->out_bits;
    const struct hb_advice_interval *x = hb_advice_measure(e, m);
    return x->present ? x->median : INFINITY;
}

/* The order inside a group: the tie-breaking measure, else the ranking one; then registry order. */
static int group_compare(const struct hb_advice_result *r, const struct hb_advice_pick *a,
                         const struct hb_advice_pick *b)
{
    enum hb_measure by = r->tie_break != HB_MEASURE_NONE ? r->tie_break : r->rank_by;
    double x = median_of(&a->entry, by), y = median_of(&b->entry, by);
    if (x != y)
        return x < y ? -1 : 1;
    x = median_of(&a->entry, r->rank_by), y = median_of(&b->entry, r->rank_by);
    if (x != y)
        return x < y ? -1 : 1;
    return a->entry.order < b->entry.order ? -1 : a->entry.order > b->entry.order;
}

/* "+12%" of x against the pick's p. */
static void percent(char *out, size_t len, double x, double p)
{
    snprintf(out, len, "%+.0f%%", p > 0 ? 100 * (x / p - 1) : 0.0);
}

/* The names of the entries of group g but entry `self`: "a, b and 3 more" ("" when none). */
static char *group_names(const struct hb_advice_result *r, const size_t *group, size_t g, size_t self)
{
    char *names = hb_xstrdup("");
    size_t shown = 0, more = 0;
    for (size_t i = 0; i < r->nranked; i++) {
        if (group[i] != g || i == self)
            continue;
        if (shown == 3) {
            more++;
            continue;
        }
        char *next = hb_xasprintf("%s%s%s", names, shown ? ", " : "", r->ranked[i].entry.name);
        free(names);
        names = next;
        shown++;
    }
    if (more) {
        char *next = hb_xasprintf("%s and %zu more", names, more);
        free(names);
        names = next;
    }
    return names;
}

static size_t group_size(const size_t *group, size_t n, size_t g)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += group[i] == g;
    return count;
}

static void say_why(struct hb_advice_result *r, const size_t *group)
{
    const char *rank = hb_measure_title(r->rank_by), *tie = hb_measure_title(r->tie_break);
    const struct hb_advice_entry *pick = &r->ranked[0].entry;
    const struct hb_advice_interval *pick_x = hb_advice_measure(pick, r->rank_by);
    size_t in_group = 0;
    for (size_t i = 1; i < r->nranked; i++)
        in_group += group[i] == group[0];
    for (size_t i = 0; i < r->nranked; i++) {
        struct hb_advice_pick *p = &r->ranked[i];
        const struct hb_advice_interval *x = hb_advice_measure(&p->entry, r->rank_by);
        char d_rank[24], d_tie[24];
        percent(d_rank, sizeof d_rank, x->median, pick_x->median);
        percent(d_tie, sizeof d_tie, median_of(&p->entry, r->tie_break), median_of(pick, r->tie_break));
        if (i == 0 && r->nranked == 1) {
            p->why = hb_xstrdup("the only entry that qualifies");
        } else if (i == 0 && in_group && r->tie_break == HB_MEASURE_BITS) {
            char *names = group_names(r, group, group[0], 0);
            p->why = hb_xasprintf("tied on %s with %s (90%% intervals overlap); the most output bits of them (%u)",
                                  rank, names, pick->props->out_bits);
            free(names);
        } else if (i == 0 && in_group && r->tie_break != HB_MEASURE_NONE) {
            char *names = group_names(r, group, group[0], 0);
            p->why =
                hb_xasprintf("tied on %s with %s (90%% intervals overlap); the least %s of them", rank, names, tie);
            free(names);
        } else if (i == 0 && in_group) {
            char *names = group_names(r, group, group[0], 0);
            p->why = hb_xasprintf("the least %s, tied with %s (90%% intervals overlap)", rank, names);
            free(names);
        } else if (i == 0) {
            /* the nearest competitor on the ranking measure, which a tie-break may have put lower */
            const struct hb_advice_pick *next = &r->ranked[1];
            for (size_t k = 2; k < r->nranked; k++)
                if (median_of(&r->ranked[k].entry, r->rank_by) < median_of(&next->entry, r->rank_by))
                    next = &r->ranked[k];
            char d_next[24];
            percent(d_next, sizeof d_next, hb_advice_measure(&next->entry, r->rank_by)->median, pick_x->median);
            const struct hb_advice_interval *next_x = hb_advice_measure(&next->entry, r->rank_by);
            bool intervals = hb_advice_interval_finite(pick_x) && hb_advice_interval_finite(next_x);
            /* no tie, but that need not mean the intervals are apart: overlapping ones whose
             * medians differ by more than the tie's ratio are no tie either, and say so */
            if (intervals && hb_advice_intervals_overlap(pick_x, next_x))
                p->why = hb_xasprintf("the least %s; the closest, %s, takes %s (90%% intervals overlap, medians more "
                                      "than %.0f%% apart)",
                                      rank, next->entry.name, d_next, 100 * (HB_TIE_MAX_RATIO - 1));
            else if (intervals)
                p->why = hb_xasprintf("the least %s; the closest, %s, takes %s (90%% intervals apart)", rank,
                                      next->entry.name, d_next);
            else
                p->why = hb_xasprintf("the least median %s; the closest, %s, takes %s (too few repetitions for an "
                                      "interval: the medians alone decide)",
                                      rank, next->entry.name, d_next);
        } else if (group[i] != group[0] && (group_size(group, r->nranked, group[i]) > 1)) {
            char *names = group_names(r, group, group[i], i);
            p->why = hb_xasprintf("%s %s against the pick; tied with %s (90%% intervals overlap, medians within "
                                  "%.0f%%), the tie ordered by %s",
                                  d_rank, rank, names, 100 * (HB_TIE_MAX_RATIO - 1),
                                  r->tie_break != HB_MEASURE_NONE ? tie : rank);
            free(names);
        } else if (r->tie_break == HB_MEASURE_BITS) {
            p->why = hb_xasprintf("%s %s against the pick%s", d_rank, rank,
                                  group[i] == group[0] ? "; in its tie (90% intervals overlap), with fewer or as many "
                                                         "output bits"
                                                       : "");
        } else if (r->tie_break != HB_MEASURE_NONE) {
            p->why = hb_xasprintf("%s %s and %s %s against the pick%s", d_rank, rank, d_tie, tie,
                                  group[i] == group[0] ? "; in its tie (90% intervals overlap)" : "");
        } else {
            p->why = hb_xasprintf("%s %s against the pick%s", d_rank, rank,
                                  p->tied ? "; tied with it (90% intervals overlap)" : "");
        }
    }
}

/* When any ranked interval reaches past HB_NOISY_HALF_WIDTH of its median, says how far and what
 * it means: the machine was busy or the repetitions few, and the order of close entries is not
 * firm. */
static void note_noise(struct hb_advice_result *r)
{
    double widest = 0;
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_interval *x = hb_advice_measure(&r->ranked[i].entry, r->rank_by);
        if (!hb_advice_interval_finite(x) || !(x->median > 0))
            continue;
        double half = (x->hi - x->median > x->median - x->lo ? x->hi - x->median : x->median - x->lo) / x->median;
        if (half > widest)
            widest = half;
    }
    if (widest > HB_NOISY_HALF_WIDTH)
        r->noise =
            hb_xasprintf("The 90%% intervals of this list reach %.0f%% of their medians (a busy machine: other "
                         "work took the CPU during some repetitions): entries closer than their intervals are in "
                         "no firm order, and ties are called only within %.0f%%. A run on a quiet machine gives "
                         "a firmer ranking.",
                         100 * widest, 100 * (HB_TIE_MAX_RATIO - 1));
}

void hb_advice_rank(struct hb_advice_result *r)
{
    size_t n = r->nranked;
    if (!n)
        return;
    struct hb_advice_pick *in = r->ranked, *out = hb_xcalloc(n, sizeof *out);
    bool *taken = hb_xcalloc(n, sizeof *taken);
    size_t *group = hb_xcalloc(n, sizeof *group), *members = hb_xcalloc(n, sizeof *members);
    size_t placed = 0;
    for (size_t g = 0; placed < n; g++) {
        size_t lead = n;
        for (size_t i = 0; i < n; i++) {
            if (taken[i])
                continue;
            if (lead == n || median_of(&in[i].entry, r->rank_by) < median_of(&in[lead].entry, r->rank_by) ||
                (median_of(&in[i].entry, r->rank_by) == median_of(&in[lead].entry, r->rank_by) &&
                 in[i].entry.order < in[lead].entry.order))
                lead = i;
        }
        const struct hb_advice_interval *lead_x = hb_advice_measure(&in[lead].entry, r->rank_by);
        size_t count = 0;
        for (size_t i = 0; i < n; i++)
            if (!taken[i] && (i == lead || hb_advice_tied(hb_advice_measure(&in[i].entry, r->rank_by), lead_x)))
                members[count++] = i;
        /* insertion sort: groups are small */
        for (size_t a = 1; a < count; a++)
            for (size_t b = a; b > 0 && group_compare(r, &in[members[b]], &in[members[b - 1]]) < 0; b--) {
                size_t t = members[b];
                members[b] = members[b - 1];
                members[b - 1] = t;
            }
        for (size_t a = 0; a < count; a++) {
            taken[members[a]] = true;
            group[placed] = g;
            out[placed++] = in[members[a]];
        }
    }
    free(in);
    r->ranked = out;
    for (size_t i = 0; i < n; i++)
        r->ranked[i].tied = i > 0 && hb_advice_tied(hb_advice_measure(&out[i].entry, r->rank_by),
                                                    hb_advice_measure(&out[0].entry, r->rank_by));
    say_why(r, group);
    note_noise(r);
    free(taken);
    free(group);
    free(members);
}

/* change_points.c — hierarchical bisection over a stack of windows. Each window is ranked on its
 * own, as Matteson and James test each segment with permutations of that segment only; the order
 * in which windows are visited cannot change the result, since every window's test depends only
 * on its own values. */
#include "change_points.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ediv.h"
#include "spikes.h"
#include "xalloc.h"

struct span {
    size_t from, to;
};

/* Scratch for one window at a time: ranks, the statistic's sums, and the window without spikes. */
struct scratch {
    uint32_t *ranks2;
    struct hb_ediv_window window;
    bool *spike;
    double *calm;
    size_t *calm_at;
};

static void scratch_init(struct scratch *w, size_t n)
{
    size_t cap = n ? n : 1;
    *w = (struct scratch){hb_xmalloc(cap * sizeof *w->ranks2),
                          {0},
                          hb_xmalloc(cap * sizeof *w->spike),
                          hb_xmalloc(cap * sizeof *w->calm),
                          hb_xmalloc(cap * sizeof *w->calm_at)};
}

static void scratch_free(struct scratch *w)
{
    free(w->ranks2);
    hb_ediv_window_free(&w->window);
    free(w->spike);
    free(w->calm);
    free(w->calm_at);
}

/* The best split of x[0..n) found without its spikes, as an index of x; `at` when the spikes leave
 * too few values to place one. */
static size_t place_without_spikes(const double *x, size_t n, size_t at, size_t min_segment, struct scratch *w)
{
    size_t spikes = hb_find_spikes(x, n, w->spike), m = 0;
    if (!spikes || n - spikes < 2 * min_segment)
        return at;
    for (size_t i = 0; i < n; i++)
        if (!w->spike[i]) {
            w->calm[m] = x[i];
            w->calm_at[m++] = i;
        }
    hb_ediv_ranks(w->calm, m, w->ranks2);
    hb_ediv_window_prepare(&w->window, w->ranks2, m);
    return w->calm_at[hb_ediv_best_split(&w->window, w->ranks2, min_segment).at];
}

/* The best split of one window and its p-value. */
static struct hb_change_point test_window(struct hb_ediv_nulls *nulls, const double *x, size_t n,
                                          const struct hb_change_search *search, struct scratch *w)
{
    if (n < 2 * search->min_segment)
        return (struct hb_change_point){0, 1};
    bool tied = hb_ediv_ranks(x, n, w->ranks2);
    hb_ediv_window_prepare(&w->window, w->ranks2, n);
    struct hb_ediv_split split = hb_ediv_best_split(&w->window, w->ranks2, search->min_segment);
    double p = hb_ediv_p_value(nulls, w->ranks2, n, tied, split.q, search->permutations, search->stop_after);
    size_t at = split.at;
    if (search->place_without_spikes && p <= search->level)
        at = place_without_spikes(x, n, at, search->min_segment, w);
    return (struct hb_change_point){at, p};
}

struct hb_change_point hb_change_test(struct hb_ediv_nulls *nulls, const double *x, size_t n,
                                      const struct hb_change_search *search)
{
    struct scratch w;
    scratch_init(&w, n);
    struct hb_change_point first = test_window(nulls, x, n, search, &w);
    scratch_free(&w);
    return first;
}

/* Adds the change at `at` to out[0..*found), kept in order of position. */
static void insert_change_point(struct hb_change_point **out, size_t *found, size_t *cap, struct hb_change_point change)
{
    size_t k = *found;
    hb_grow((void **)out, cap, *found + 1, sizeof **out);
    while (k > 0 && (*out)[k - 1].at > change.at) {
        (*out)[k] = (*out)[k - 1];
        k--;
    }
    (*out)[k] = change;
    ++*found;
}

size_t hb_change_points_after(struct hb_ediv_nulls *nulls, const double *x, size_t n,
                              const struct hb_change_search *search, struct hb_change_point first,
                              struct hb_change_point **out, size_t *tests)
{
    *out = NULL;
    size_t found = 0, found_cap = 0, ntests = 0;
    struct scratch w;
    scratch_init(&w, n);
    struct span *stack = NULL;
    size_t depth = 0, stack_cap = 0;
    insert_change_point(out, &found, &found_cap, first);
    hb_grow((void **)&stack, &stack_cap, 2, sizeof *stack);
    stack[depth++] = (struct span){first.at, n};
    stack[depth++] = (struct span){0, first.at};
    while (depth) {
        struct span s = stack[--depth];
        if (s.to - s.from < 2 * search->min_segment)
            continue;
        struct hb_change_point split = test_window(nulls, x + s.from, s.to - s.from, search, &w);
        ntests++;
        if (split.p > search->level)
            continue;
        split.at += s.from;
        insert_change_point(out, &found, &found_cap, split);
        hb_grow((void **)&stack, &stack_cap, depth + 2, sizeof *stack);
        stack[depth++] = (struct span){split.at, s.to};
        stack[depth++] = (struct span){s.from, split.at};
    }
    free(stack);
    scratch_free(&w);
    if (tests)
        *tests = ntests;
    return found;
}

size_t hb_change_points(struct hb_ediv_nulls *nulls, const double *x, size_t n, const struct hb_change_search *search,
                        struct hb_change_point **out, size_t *tests)
{
    struct hb_change_point first = hb_change_test(nulls, x, n, search);
    if (first.at == 0 || first.p > search->level) {
        *out = NULL;
        if (tests)
            *tests = n >= 2 * search->min_segment;
        return 0;
    }
    size_t found = hb_change_points_after(nulls, x, n, search, first, out, tests);
    if (tests)
        ++*tests;
    return found;
}

/* change_points.c — hierarchical bisection over a stack of windows. Each window is ranked on its
 * own, as Matteson and James test each segment with permutations of that segment only; the order
 * in which windows are visited cannot change the result, since every window's test depends only
 * on its own values. */
#include "change_points.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ediv.h"
#include "xalloc.h"

struct span {
    size_t from, to;
};

size_t hb_change_points(struct hb_ediv_nulls *nulls, const double *x, size_t n, const struct hb_change_search *search,
                        struct hb_change_point **out, size_t *tests)
{
    *out = NULL;
    size_t found = 0, found_cap = 0, ntests = 0;
    if (n < 2 * search->min_segment) {
        if (tests)
            *tests = 0;
        return 0;
    }
    uint32_t *ranks2 = hb_xmalloc(n * sizeof *ranks2);
    struct hb_ediv_window window = {0};
    struct span *stack = NULL;
    size_t depth = 0, stack_cap = 0;
    hb_grow((void **)&stack, &stack_cap, 1, sizeof *stack);
    stack[depth++] = (struct span){0, n};
    while (depth) {
        struct span s = stack[--depth];
        size_t len = s.to - s.from;
        if (len < 2 * search->min_segment)
            continue;
        bool tied = hb_ediv_ranks(x + s.from, len, ranks2);
        hb_ediv_window_prepare(&window, ranks2, len);
        struct hb_ediv_split split = hb_ediv_best_split(&window, ranks2, search->min_segment);
        double p = hb_ediv_p_value(nulls, ranks2, len, tied, split.q, search->permutations, search->stop_after);
        ntests++;
        if (p > search->level)
            continue;
        /* Kept in order of position: insert where it belongs. */
        size_t at = s.from + split.at, k = found;
        hb_grow((void **)out, &found_cap, found + 1, sizeof **out);
        while (k > 0 && (*out)[k - 1].at > at) {
            (*out)[k] = (*out)[k - 1];
            k--;
        }
        (*out)[k] = (struct hb_change_point){at, p};
        found++;
        hb_grow((void **)&stack, &stack_cap, depth + 2, sizeof *stack);
        stack[depth++] = (struct span){at, s.to};
        stack[depth++] = (struct span){s.from, at};
    }
    free(stack);
    free(ranks2);
    hb_ediv_window_free(&window);
    if (tests)
        *tests = ntests;
    return found;
}

/* shift.c — Hodges-Lehmann estimates and their intervals. Neither the n1 * n2 differences nor the
 * n (n + 1) / 2 Walsh averages are stored: the k-th smallest is found by bisection on its value,
 * counting how many lie at or below a candidate in one merge-like pass over the sorted samples,
 * so memory stays linear in the samples whatever their size. Floating-point subtraction and
 * addition are monotone, so the counts are exact for the values as the machine computes them, and
 * the bisection ends on one of them. */
#include "shift.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "detectable.h"
#include "signed_rank.h"
#include "sort_doubles.h"
#include "xalloc.h"

/* How many y[j] - x[i] are <= t: for each j the i with x[i] >= y[j] - t... counted from the
 * smallest such i, which only grows with j. */
static uint64_t pairwise_at_most(const double *x, size_t n1, const double *y, size_t n2, double t)
{
    uint64_t count = 0;
    size_t i = n1; /* the first i with y[j] - x[i] <= t, for the current j */
    for (size_t j = n2; j-- > 0;) {
        /* As j falls, y[j] - x[i] falls, so the first such i only moves down. */
        while (i > 0 && y[j] - x[i - 1] <= t)
            i--;
        count += n1 - i;
    }
    return count;
}

/* How many (d[i] + d[j]) / 2, i <= j, are <= t. */
static uint64_t walsh_at_most(const double *d, size_t n, double t)
{
    uint64_t count = 0;
    size_t end = n; /* the first j with (d[i] + d[j]) / 2 > t, for the current i; only falls */
    for (size_t i = 0; i < n; i++) {
        while (end > 0 && (d[i] + d[end - 1]) / 2 > t)
            end--;
        if (end > i)
            count += end - i;
    }
    return count;
}

/* The smallest value v among the candidates with at_most(v) >= k, by bisection between lo (where
 * fewer than k lie at or below) and hi (where k or more do). */
static double kth_by_bisection(uint64_t (*at_most)(const void *arg, double t), const void *arg, uint64_t k, double lo,
                               double hi)
{
    for (;;) {
        double mid = lo + (hi - lo) / 2;
        if (!(mid > lo && mid < hi))
            return hi;
        if (at_most(arg, mid) >= k)
            hi = mid;
        else
            lo = mid;
    }
}

struct two_samples {
    const double *x, *y;
    size_t n1, n2;
};

static uint64_t pairwise_arg(const void *arg, double t)
{
    const struct two_samples *s = arg;
    return pairwise_at_most(s->x, s->n1, s->y, s->n2, t);
}

struct one_sample {
    const double *d;
    size_t n;
};

static uint64_t walsh_arg(const void *arg, double t)
{
    const struct one_sample *s = arg;
    return walsh_at_most(s->d, s->n, t);
}

double hb_pairwise_kth(const double *x, size_t n1, const double *y, size_t n2, uint64_t k)
{
    struct two_samples s = {x, y, n1, n2};
    double min = y[0] - x[n1 - 1], max = y[n2 - 1] - x[0];
    if (k <= 1 || min == max)
        return min;
    return kth_by_bisection(pairwise_arg, &s, k, nextafter(min, -INFINITY), max);
}

double hb_walsh_kth(const double *d, size_t n, uint64_t k)
{
    struct one_sample s = {d, n};
    double min = d[0], max = d[n - 1]; /* (d[0] + d[0]) / 2 and (d[n-1] + d[n-1]) / 2 */
    if (k <= 1 || min == max)
        return min;
    return kth_by_bisection(walsh_arg, &s, k, nextafter(min, -INFINITY), max);
}

/* The critical values are the tests' own (the largest statistic rejected at a level): the
 * interval's lower bound is one rank above it. A one-entry cache, as a table's cells mostly
 * share their sizes. */
uint64_t hb_shift_rank_unpaired(size_t n1, size_t n2, double confidence)
{
    static size_t last_n1, last_n2;
    static double last_confidence = -1;
    static uint64_t last_rank;
    if (n1 == last_n1 && n2 == last_n2 && confidence == last_confidence)
        return last_rank;
    double u = hb_utest_critical_u(n1, n2, 1 - confidence);
    uint64_t rank = u < 0 ? 0 : (uint64_t)floor(u) + 1;
    last_n1 = n1, last_n2 = n2, last_confidence = confidence, last_rank = rank;
    return rank;
}

uint64_t hb_shift_rank_paired(size_t n, double confidence)
{
    double t = hb_signed_rank_critical(n, 1 - confidence);
    return t < 0 ? 0 : (uint64_t)floor(t) + 1;
}

static double median_of_kth(double (*kth)(const void *arg, uint64_t k), const void *arg, uint64_t count)
{
    if (count % 2)
        return kth(arg, count / 2 + 1);
    double a = kth(arg, count / 2), b = kth(arg, count / 2 + 1);
    return a + 0.5 * (b - a);
}

static double pairwise_kth_arg(const void *arg, uint64_t k)
{
    const struct two_samples *s = arg;
    return hb_pairwise_kth(s->x, s->n1, s->y, s->n2, k);
}

static double walsh_kth_arg(const void *arg, uint64_t k)
{
    const struct one_sample *s = arg;
    return hb_walsh_kth(s->d, s->n, k);
}

static struct hb_shift interval(double (*kth)(const void *arg, uint64_t k), const void *arg, uint64_t count,
                                uint64_t rank)
{
    struct hb_shift r = {median_of_kth(kth, arg, count), -INFINITY, INFINITY};
    if (rank >= 1 && rank <= count + 1 - rank) {
        r.lo = kth(arg, rank);
        r.hi = kth(arg, count + 1 - rank);
    }
    return r;
}

struct hb_shift hb_shift_unpaired(const double *x, size_t n1, const double *y, size_t n2, double confidence)
{
    struct two_samples s = {x, y, n1, n2};
    return interval(pairwise_kth_arg, &s, (uint64_t)n1 * n2, hb_shift_rank_unpaired(n1, n2, confidence));
}

struct hb_shift hb_shift_paired(const double *d, size_t n, double confidence)
{
    if (n == 0)
        return (struct hb_shift){NAN, -INFINITY, INFINITY};
    double *sorted = hb_xmalloc(n * sizeof *sorted);
    memcpy(sorted, d, n * sizeof *sorted);
    hb_sort_doubles(sorted, n);
    struct one_sample s = {sorted, n};
    struct hb_shift r = interval(walsh_kth_arg, &s, (uint64_t)n * (n + 1) / 2, hb_shift_rank_paired(n, confidence));
    free(sorted);
    return r;
}

/* padjust.c — Holm and Benjamini-Hochberg adjusted p-values. Both work on the p-values sorted
 * ascending, p(1) <= ... <= p(m):
 *   Holm: q(i) = max over j <= i of min(1, (m - j + 1) p(j))   (a running maximum, step down)
 *   BH:   q(i) = min over j >= i of min(1, m p(j) / j)         (a running minimum, step up) */
#include "padjust.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const char *const names[] = {"none", "holm", "bh"};

int hb_adjust_parse(const char *name, enum hb_adjust *out)
{
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (enum hb_adjust)i;
            return 0;
        }
    return -1;
}

const char *hb_adjust_name(enum hb_adjust method)
{
    return names[method];
}

static const double *sort_p;

/* Ascending p; equal p-values keep their input order so that the result does not depend on qsort. */
static int by_p(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    if (sort_p[i] != sort_p[j])
        return sort_p[i] < sort_p[j] ? -1 : 1;
    return (i > j) - (i < j);
}

static double min1(double x)
{
    return x < 1 ? x : 1;
}

void hb_p_adjust(enum hb_adjust method, const double *p, size_t m, double *q)
{
    if (method == HB_ADJUST_NONE || m == 0) {
        memmove(q, p, m * sizeof *q);
        return;
    }
    size_t *order = hb_xmalloc(m * sizeof *order);
    double *adjusted = hb_xmalloc(m * sizeof *adjusted);
    for (size_t i = 0; i < m; i++)
        order[i] = i;
    sort_p = p;
    qsort(order, m, sizeof *order, by_p);
    if (method == HB_ADJUST_HOLM) {
        double running = 0;
        for (size_t k = 0; k < m; k++) { /* k = i - 1 */
            double v = min1((double)(m - k) * p[order[k]]);
            running = v > running ? v : running;
            adjusted[order[k]] = running;
        }
    } else {
        double running = 1;
        for (size_t k = m; k-- > 0;) {
            double v = min1((double)m * p[order[k]] / (double)(k + 1));
            running = v < running ? v : running;
            adjusted[order[k]] = running;
        }
    }
    memcpy(q, adjusted, m * sizeof *q);
    free(order);
    free(adjusted);
}

/* design_command.c — run-order, duet-order and pairs-needed: numbers a script needs before it
 * measures, computed here so that every machine gets the same ones (awk's generators differ
 * between awk implementations) and each from the code that later judges the results. */
#include "design_command.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "balanced_order.h"
#include "bisect_pairs.h"
#include "duet_order.h"
#include "padjust.h"
#include "xalloc.h"

static int flushed(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    fprintf(stderr, "hbab: writing the output failed\n");
    return 2;
}

int hb_run_order_command(const struct hb_ab_options *o)
{
    uint32_t k = (uint32_t)o->revisions, n = (uint32_t)o->processes;
    uint32_t *order = hb_xmalloc(((size_t)n + 1) * k * sizeof *order);
    hb_balanced_order(strtoull(o->seed, NULL, 10), k, n, order);
    for (uint32_t r = 0; r <= n; r++)
        for (uint32_t i = 0; i < k; i++)
            printf("%u %u\n", (unsigned)r, (unsigned)order[(size_t)r * k + i]);
    free(order);
    return flushed();
}

int hb_duet_order_command(const struct hb_ab_options *o)
{
    uint32_t n = (uint32_t)o->processes;
    struct hb_duet_process *order = hb_xmalloc(((size_t)n + 1) * 2 * sizeof *order);
    hb_duet_order(strtoull(o->seed, NULL, 10), n, order);
    for (uint32_t r = 0; r <= n; r++)
        for (uint32_t i = 0; i < 2; i++)
            printf("%u %u %u\n", (unsigned)r, (unsigned)order[2 * r + i].revision, (unsigned)order[2 * r + i].slot);
    free(order);
    return flushed();
}

int hb_pairs_needed_command(const struct hb_ab_options *o)
{
    enum hb_adjust method = HB_ADJUST_NONE;
    if (o->adjust)
        hb_adjust_parse(o->adjust, &method);
    size_t pairs = hb_bisect_pairs(o->alpha, (size_t)o->rows, method);
    if (pairs == 0) {
        fprintf(stderr, "hbab: pairs-needed: no number of pairs up to %d reaches alpha %g over %g rows\n",
                HB_BISECT_MAX_PAIRS, o->alpha, o->rows);
        return 2;
    }
    printf("%zu\n", pairs);
    return flushed();
}

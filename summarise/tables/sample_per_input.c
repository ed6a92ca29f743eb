/* sample_per_input.c — one median per input and cell. */
#include "sample_per_input.h"

#include <stdlib.h>

#include "median_ci.h"
#include "sort_doubles.h"
#include "xalloc.h"

void hb_input_mark(const struct hb_collector *c, struct hb_input_mark *mark)
{
    mark->ncells = c->ncells;
    mark->n = hb_xmalloc((c->ncells + 1) * sizeof *mark->n);
    for (size_t i = 0; i < c->ncells; i++)
        mark->n[i] = c->cells[i].n;
}

void hb_input_reduce(struct hb_collector *c, struct hb_input_mark *mark)
{
    for (size_t i = 0; i < c->ncells; i++) {
        struct hb_cell *cell = &c->cells[i];
        size_t before = i < mark->ncells ? mark->n[i] : 0;
        size_t added = cell->n - before;
        if (added < 2)
            continue;
        double *fresh = cell->values + before, center, lo, hi;
        hb_sort_doubles(fresh, added);
        hb_median_summary(fresh, added, 0.5, &center, &lo, &hi);
        fresh[0] = center;
        cell->n = before + 1;
    }
    free(mark->n);
    mark->n = NULL;
}

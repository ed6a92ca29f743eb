/* cells.c — a collected cell summarised as hbstat does (summarise/stats), and a key's fields. */
#include "cells.h"

#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "sort_doubles.h"
#include "summary.h"

#define CONFIDENCE 0.9

struct hb_advice_interval hb_advice_summarise_cell(const struct hb_cell *cell)
{
    double *sorted = hb_xmalloc(cell->n * sizeof *sorted);
    memcpy(sorted, cell->values, cell->n * sizeof *sorted);
    hb_sort_doubles(sorted, cell->n);
    struct hb_summary s;
    hb_summarise(sorted, cell->n, CONFIDENCE, &s);
    struct hb_advice_interval x = {true, s.center, s.lo, s.hi, cell->n};
    hb_summary_clear(&s);
    free(sorted);
    return x;
}

const char *hb_advice_field_text(const struct hb_intern *in, hb_tuple key, size_t i)
{
    size_t n;
    const uint32_t *vals = hb_tuple_vals(in, key, &n);
    return i < n ? hb_str_text(in, vals[i]) : "";
}

/* cells.c — a collected cell summarised as hbstat does (summarise/stats), a key's fields, and one
 * file read through hbstat's reader and collector, as both run readers read theirs. */
#include "cells.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter.h"
#include "hb_alloc.h"
#include "projection.h"
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
    struct hb_advice_interval x = {.present = true, .median = s.center, .lo = s.lo, .hi = s.hi, .n = cell->n};
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

int hb_advice_collect(const char *path, const char *filter_text, const char *columns, const char *rows,
                      const struct hb_read_context *hooks,
                      void (*use)(const struct hb_collector *collector, const struct hb_intern *in, void *arg),
                      void *arg, char **error)
{
    struct hb_intern *in = hb_intern_new();
    struct hb_projections proj = {0};
    struct hb_filter *filter = NULL;
    struct hb_collector collector;
    hb_collector_init(&collector, in, &proj, NULL);
    int rc = -1;
    if (hb_filter_parse(filter_text, &filter, error) || hb_projections_init(&proj, in, columns, rows, "", "", error))
        goto done;
    hb_collector_init(&collector, in, &proj, filter);
    char *notes_text = NULL;
    size_t notes_len = 0;
    FILE *notes = open_memstream(&notes_text, &notes_len);
    if (!notes)
        hb_out_of_memory(1, 1);
    struct hb_read_context ctx = {.collector = &collector,
                                  .in = in,
                                  .label = hb_intern_cstr(in, path),
                                  .notes = notes,
                                  .context_member = hooks->context_member,
                                  .context_arg = hooks->context_arg,
                                  .failed_row = hooks->failed_row,
                                  .failed_arg = hooks->failed_arg};
    rc = hb_read_path(path, &ctx, error);
    fclose(notes);
    free(notes_text);
    if (rc == 0)
        use(&collector, in, arg);
done:
    hb_collector_free(&collector);
    hb_projections_free(&proj);
    hb_filter_free(filter);
    hb_intern_free(in);
    return rc;
}

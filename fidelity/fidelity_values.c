/*
 * fidelity_values.c — TSV rows to named values, and medians (fidelity_values.h).
 */
#include "fidelity_values.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_tsv_file.h"

enum { MAX_COLS = 8 };

bool hb_tsv_each(const char *tsv, const char *const *cols, size_t ncols,
                 void (*fn)(const char *const *fields, void *ctx), void *ctx)
{
    if (ncols > MAX_COLS)
        return false;
    struct hb_tsv_file t;
    hb_tsv_file_parse(tsv, &t);
    int idx[MAX_COLS];
    bool ok = t.nlines > 0;
    for (size_t c = 0; c < ncols && ok; c++)
        ok = (idx[c] = hb_tsv_file_column(&t, cols[c])) >= 0;
    for (size_t r = 0; ok && r < hb_tsv_file_rows(&t); r++) {
        const char *picked[MAX_COLS];
        bool complete = true;
        for (size_t c = 0; c < ncols && complete; c++) {
            complete = (size_t)idx[c] < t.nfields[r + 1];
            picked[c] = hb_tsv_file_cell(&t, r, idx[c]);
        }
        if (complete)
            fn(picked, ctx);
    }
    hb_tsv_file_free(&t);
    return ok;
}

struct add_ctx {
    struct hb_values *vals;
    bool has_unit;
};

static void add_value_line(const char *const *f, void *p)
{
    struct add_ctx *ctx = p;
    struct hb_values *vals = ctx->vals;
    char *end;
    double v = strtod(f[ctx->has_unit ? 2 : 1], &end);
    if (end == f[ctx->has_unit ? 2 : 1])
        return;
    if (vals->n == vals->cap) {
        size_t cap = vals->cap ? vals->cap * 2 : 256;
        struct hb_value *items = realloc(vals->items, cap * sizeof *items);
        if (items == NULL)
            return;
        vals->items = items;
        vals->cap = cap;
    }
    struct hb_value *it = &vals->items[vals->n];
    it->row = strdup(f[0]);
    it->unit = strdup(ctx->has_unit ? f[1] : "");
    it->v = v;
    if (it->row != NULL && it->unit != NULL)
        vals->n++;
}

bool hb_values_add_tsv(struct hb_values *vals, const char *tsv, const char *row_col, const char *unit_col,
                       const char *value_col)
{
    struct add_ctx ctx = {vals, unit_col != NULL};
    const char *cols[3] = {row_col, unit_col != NULL ? unit_col : value_col, value_col};
    return hb_tsv_each(tsv, cols, unit_col != NULL ? 3 : 2, add_value_line, &ctx);
}

bool hb_values_get(const struct hb_values *vals, const char *row, const char *unit, double *out)
{
    for (size_t i = 0; i < vals->n; i++)
        if (strcmp(vals->items[i].row, row) == 0 && strcmp(vals->items[i].unit, unit) == 0) {
            *out = vals->items[i].v;
            return true;
        }
    return false;
}

void hb_values_free(struct hb_values *vals)
{
    for (size_t i = 0; i < vals->n; i++) {
        free(vals->items[i].row);
        free(vals->items[i].unit);
    }
    free(vals->items);
    vals->items = NULL;
    vals->n = vals->cap = 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double hb_median(double *v, size_t n)
{
    if (n == 0)
        return NAN;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

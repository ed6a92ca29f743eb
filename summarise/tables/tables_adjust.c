/* tables_adjust.c — families of comparisons, their adjusted p-values, and detectable effects. */
#include "tables_adjust.h"

#include <stdlib.h>

#include "detectable.h"
#include "xalloc.h"

struct hb_family_member *hb_tables_family(const struct hb_tables *t, hb_str unit, size_t *m)
{
    struct hb_family_member *family = NULL;
    size_t cap = 0;
    *m = 0;
    for (size_t i = 0; i < t->ntables; i++) {
        const struct hb_table *table = &t->tables[i];
        if (table->unit != unit)
            continue;
        for (size_t r = 0; r < table->nrows; r++)
            for (size_t c = 1; c < table->ncols; c++)
                if (hb_table_cell(table, r, c)->compared && !hb_table_cell(table, r, c)->cmp.exact) {
                    hb_grow((void **)&family, &cap, *m + 1, sizeof *family);
                    family[(*m)++] = (struct hb_family_member){i, r, c};
                }
    }
    return family;
}

static struct hb_table_cell *member_cell(const struct hb_tables *t, const struct hb_family_member *f)
{
    return hb_table_cell(&t->tables[f->table], f->row, f->col);
}

double *hb_family_adjusted(const struct hb_tables *t, const struct hb_family_member *family, size_t m,
                           enum hb_adjust method)
{
    double *q = hb_xmalloc((m + 1) * sizeof *q);
    for (size_t k = 0; k < m; k++)
        q[k] = member_cell(t, &family[k])->cmp.p;
    hb_p_adjust(method, q, m, q);
    return q;
}

void hb_tables_each_unit(const struct hb_tables *t, void (*fn)(const struct hb_tables *t, hb_str unit, void *arg),
                         void *arg)
{
    for (size_t i = 0; i < t->ntables; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = t->tables[j].unit == t->tables[i].unit;
        if (!seen)
            fn(t, t->tables[i].unit, arg);
    }
}

static const char *const method_words[] = {"", "Holm, family-wise error", "Benjamini-Hochberg, false discovery rate"};

static void adjust_unit(const struct hb_tables *t, hb_str unit, void *arg)
{
    enum hb_adjust method = *(const enum hb_adjust *)arg;
    size_t m;
    struct hb_family_member *family = hb_tables_family(t, unit, &m);
    double *q = hb_family_adjusted(t, family, m, method);
    for (size_t k = 0; k < m; k++) {
        struct hb_table_cell *cell = member_cell(t, &family[k]);
        cell->cmp.q = q[k];
        cell->cmp.adjust_note = hb_xasprintf("p adjusted for the %zu comparison%s of %s (%s)", m, m == 1 ? "" : "s",
                                             hb_str_text(t->in, unit), method_words[method]);
    }
    free(q);
    free(family);
}

void hb_tables_adjust(struct hb_tables *t, enum hb_adjust method)
{
    if (method != HB_ADJUST_NONE)
        hb_tables_each_unit(t, adjust_unit, &method);
}

static void detectable_unit(const struct hb_tables *t, hb_str unit, void *arg)
{
    enum hb_adjust method = *(const enum hb_adjust *)arg;
    size_t m;
    struct hb_family_member *family = hb_tables_family(t, unit, &m);
    for (size_t k = 0; k < m; k++) {
        struct hb_table_cell *cell = member_cell(t, &family[k]);
        if (hb_comparison_significant(&cell->cmp))
            continue;
        const struct hb_table_cell *base = hb_table_cell(&t->tables[family[k].table], family[k].row, 0);
        double level = method == HB_ADJUST_NONE ? cell->cmp.alpha : cell->cmp.alpha / (double)m;
        if (cell->cmp.paired)
            hb_detectable_effect_paired(cell->log_ratios, cell->npairs, level, &cell->cmp);
        else
            hb_detectable_effect(base->values, base->n, cell->values, cell->n, level, &cell->cmp);
    }
    free(family);
}

void hb_tables_detectable(struct hb_tables *t, enum hb_adjust method)
{
    hb_tables_each_unit(t, detectable_unit, &method);
}

/* sample_per_input.c — one median per input and cell, and under -sample paired the ordinal of the
 * input each median came from. */
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

static size_t count_before(const struct hb_input_mark *mark, size_t cell)
{
    return cell < mark->ncells ? mark->n[cell] : 0;
}

void hb_input_reduce(struct hb_collector *c, struct hb_input_mark *mark)
{
    for (size_t i = 0; i < c->ncells; i++) {
        struct hb_cell *cell = &c->cells[i];
        size_t before = count_before(mark, i);
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

/* The one line that says which cell cannot be paired, and why. */
static char *ambiguous_cell(const struct hb_collector *c, const struct hb_cell *cell, uint32_t ordinal,
                            const char *flag)
{
    struct hb_strbuf row = {0}, col = {0};
    hb_key_label(&c->proj->row, cell->row, c->in, &row);
    hb_key_label(&c->proj->col, cell->col, c->in, &col);
    char *message = hb_xasprintf("%s: row \"%s\", column \"%s\" (%s) gets values from two inputs that are both "
                                 "input %u of their label, so its pairs are ambiguous (does -col put several labels in "
                                 "one column?)",
                                 flag, hb_strbuf_cstr(&row), hb_strbuf_cstr(&col),
                                 hb_str_text(c->in, c->tables[cell->table].unit), ordinal);
    hb_strbuf_free(&row);
    hb_strbuf_free(&col);
    return message;
}

int hb_input_reduce_paired(struct hb_collector *c, struct hb_input_mark *mark, struct hb_pairing *pairing,
                           uint32_t ordinal, const char *flag, char **error)
{
    /* After the reduction a cell that received anything holds exactly one value more. */
    size_t *before = hb_xmalloc((c->ncells + 1) * sizeof *before);
    for (size_t i = 0; i < c->ncells; i++)
        before[i] = count_before(mark, i);
    hb_input_reduce(c, mark);
    int status = 0;
    hb_grow((void **)&pairing->cells, &pairing->cap, c->ncells, sizeof *pairing->cells);
    for (size_t i = pairing->ncells; i < c->ncells; i++)
        pairing->cells[i] = (struct hb_pair_keys){0};
    pairing->ncells = c->ncells;
    for (size_t i = 0; i < c->ncells && status == 0; i++) {
        struct hb_pair_keys *keys = &pairing->cells[i];
        if (c->cells[i].n == before[i])
            continue;
        for (size_t k = 0; k < keys->n; k++)
            if (keys->ordinal[k] == ordinal) {
                *error = ambiguous_cell(c, &c->cells[i], ordinal, flag);
                status = -1;
            }
        hb_grow((void **)&keys->ordinal, &keys->cap, keys->n + 1, sizeof *keys->ordinal);
        keys->ordinal[keys->n++] = ordinal;
    }
    free(before);
    return status;
}

void hb_pairing_free(struct hb_pairing *p)
{
    for (size_t i = 0; i < p->ncells; i++)
        free(p->cells[i].ordinal);
    free(p->cells);
    *p = (struct hb_pairing){0};
}

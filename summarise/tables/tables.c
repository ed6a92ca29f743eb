/* tables.c — from collected cells to finished tables: ordering, summaries, comparisons with the
 * baseline column and the geomean row, exactly as benchstat's table builder does them. */
#include "tables.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "median_ci.h"
#include "sort_doubles.h"
#include "xalloc.h"

/* qsort has no context argument; the sort runs single-threaded, so the context is file-scoped. */
static const struct hb_projection *sort_proj;
static const struct hb_intern *sort_in;
static const struct hb_collector *sort_collector;

static int compare_row_keys(const void *a, const void *b)
{
    return hb_key_compare(sort_proj, *(const hb_tuple *)a, *(const hb_tuple *)b, sort_in);
}

static int compare_table_keys(const void *a, const void *b)
{
    const struct hb_collected_table *ta = &sort_collector->tables[*(const uint32_t *)a];
    const struct hb_collected_table *tb = &sort_collector->tables[*(const uint32_t *)b];
    int c = hb_key_compare(sort_proj, ta->key, tb->key, sort_in);
    if (c)
        return c;
    uint32_t ra = hb_collector_unit_rank(sort_collector, ta->unit);
    uint32_t rb = hb_collector_unit_rank(sort_collector, tb->unit);
    return (ra > rb) - (ra < rb);
}

/* Distinct keys of a table's cells along one axis, in projection order; index maps key -> position. */
static hb_tuple *axis_keys(const struct hb_collector *c, const uint32_t *cells, size_t ncells, bool rows,
                           const struct hb_projection *proj, size_t *n, struct hb_u32map *index)
{
    hb_tuple *keys = NULL;
    size_t cap = 0;
    struct hb_u32map seen = {0};
    *n = 0;
    for (size_t i = 0; i < ncells; i++) {
        hb_tuple k = rows ? c->cells[cells[i]].row : c->cells[cells[i]].col;
        uint32_t dummy;
        if (hb_u32map_get(&seen, k, &dummy))
            continue;
        hb_u32map_put(&seen, k, 0);
        hb_grow((void **)&keys, &cap, *n + 1, sizeof *keys);
        keys[(*n)++] = k;
    }
    hb_u32map_free(&seen);
    sort_proj = proj;
    qsort(keys, *n, sizeof *keys, compare_row_keys);
    for (size_t i = 0; i < *n; i++)
        hb_u32map_put(index, keys[i], (uint32_t)i);
    return keys;
}

static void summarise_column(struct hb_table *t, size_t col, const bool *leave_out)
{
    struct hb_column_summary *s = &t->summaries[col];
    double *centers = hb_xmalloc((t->nrows + 1) * sizeof *centers);
    double *ratios = hb_xmalloc((t->nrows + 1) * sizeof *ratios);
    size_t ncenters = 0, nratios = 0, nbase = 0, nwarn = 0;
    bool bad_ratio = false;
    for (size_t r = 0; r < t->nrows; r++)
        nbase += hb_table_cell(t, r, 0)->present && !(leave_out && leave_out[r]);
    for (size_t r = 0; r < t->nrows; r++) {
        const struct hb_table_cell *cell = hb_table_cell(t, r, col);
        if (!cell->present || (leave_out && leave_out[r]))
            continue;
        centers[ncenters++] = cell->summary.center;
        if (col == 0 || !hb_table_cell(t, r, 0)->present)
            continue;
        double a = cell->summary.center, b = hb_table_cell(t, r, 0)->summary.center;
        if (a == b) {
            ratios[nratios++] = 1; /* also 0/0 */
        } else if (b == 0) {
            bad_ratio = true;
            ratios[nratios++] = 0; /* keeps the benchmark-set count right */
        } else {
            ratios[nratios++] = a / b;
        }
    }
    if (col > 0 && nbase != nratios)
        s->warnings[nwarn++] = hb_xstrdup("benchmark set differs from baseline; geomeans may not be comparable");
    double gm = hb_geomean(centers, ncenters);
    if (isnan(gm)) {
        s->warnings[nwarn++] = hb_xstrdup("summaries must be >0 to compute geomean");
    } else {
        s->has_summary = true;
        s->summary = gm;
    }
    if (col > 0 && !bad_ratio) {
        gm = hb_geomean(ratios, nratios);
        if (isnan(gm)) {
            s->warnings[nwarn++] = hb_xstrdup("ratios must be >0 to compute geomean");
        } else {
            s->has_ratio = true;
            s->ratio = gm;
        }
    }
    free(centers);
    free(ratios);
}

/* The footnote of every paired comparison: one per table, as every such cell carries the same text. */
static const char paired_note[] =
    "Wilcoxon signed-rank test on pairs (the k-th input of each label with the baseline's k-th); n is the pairs used";
static const char blocked_note[] = "Wilcoxon signed-rank test on pairs (the k-th input of each label with the "
                                   "baseline's k-th), each %u consecutive pairs averaged into one (-pair-block); n is "
                                   "the pairs used";

/* -ranks: the cell's values by the ordinal of the input each came from, in the order collected (which
 * is the order of their keys), before any sort. */
static void keep_by_input(struct hb_table_cell *cell, const struct hb_pair_keys *keys)
{
    uint32_t max = 0;
    for (size_t i = 0; i < keys->n && i < cell->n; i++)
        max = keys->ordinal[i] > max ? keys->ordinal[i] : max;
    cell->by_input = hb_xmalloc(((size_t)max + 1) * sizeof *cell->by_input);
    cell->nby_input = max;
    for (size_t k = 0; k < max; k++)
        cell->by_input[k] = NAN;
    for (size_t i = 0; i < keys->n && i < cell->n; i++)
        cell->by_input[keys->ordinal[i] - 1] = cell->values[i];
}

/* Replaces the log ratios of cell, ratio[k] for ordinal k (NAN: no pair), by the means of its
 * complete blocks of block consecutive ordinals from 1, in ordinal order. */
static void block_log_ratios(struct hb_table_cell *cell, const double *ratio, uint32_t max, unsigned block)
{
    cell->npairs = 0;
    for (uint32_t first = 1; first + block - 1 <= max; first += block) {
        double sum = 0;
        unsigned k = 0;
        while (k < block && !isnan(ratio[first + k]))
            sum += ratio[first + k++];
        if (k == block)
            cell->log_ratios[cell->npairs++] = sum / block;
    }
}

/* The log ratios of cell's pairs with base: every ordinal both hold a value for, both values > 0
 * (no log ratio exists otherwise), in the order of cell's values; with block > 1, the means of
 * blocks of that many consecutive ordinals (block_log_ratios). The values must still be in the
 * order they were collected in, which is the order of their keys. */
static void pair_log_ratios(const struct hb_table_cell *base, const struct hb_pair_keys *base_keys,
                            struct hb_table_cell *cell, const struct hb_pair_keys *keys, unsigned block)
{
    uint32_t max = 0;
    for (size_t i = 0; i < base_keys->n; i++)
        max = base_keys->ordinal[i] > max ? base_keys->ordinal[i] : max;
    size_t *at = hb_xmalloc(((size_t)max + 1) * sizeof *at);
    for (size_t k = 0; k <= max; k++)
        at[k] = SIZE_MAX;
    for (size_t i = 0; i < base_keys->n && i < base->n; i++)
        at[base_keys->ordinal[i]] = i;
    cell->log_ratios = hb_xmalloc((keys->n + 1) * sizeof *cell->log_ratios);
    cell->npairs = 0;
    double *by_ordinal = block > 1 ? hb_xmalloc(((size_t)max + 1) * sizeof *by_ordinal) : NULL;
    for (size_t k = 0; by_ordinal && k <= max; k++)
        by_ordinal[k] = NAN;
    for (size_t j = 0; j < keys->n && j < cell->n; j++) {
        uint32_t k = keys->ordinal[j];
        if (k > max || at[k] == SIZE_MAX)
            continue;
        double b = base->values[at[k]], v = cell->values[j];
        if (!(b > 0 && v > 0))
            continue;
        if (by_ordinal)
            by_ordinal[k] = log(v / b);
        else
            cell->log_ratios[cell->npairs++] = log(v / b);
    }
    if (by_ordinal)
        block_log_ratios(cell, by_ordinal, max, block);
    free(by_ordinal);
    free(at);
}

/* A not-repeatable row has no one count: its median would move the geomean by an amount that is
 * not a change of the code, so the geomean row leaves it out, in every column, and says so. */
static void leave_out_unrepeatable(struct hb_table *table)
{
    bool *leave_out = hb_xcalloc(table->nrows ? table->nrows : 1, sizeof *leave_out);
    size_t n = 0;
    for (size_t r = 0; r < table->nrows; r++) {
        for (size_t c = 0; c < table->ncols; c++) {
            const struct hb_table_cell *cell = hb_table_cell(table, r, c);
            if (cell->present && (cell->summary.lo != cell->summary.hi || (cell->compared && cell->cmp.not_repeatable)))
                leave_out[r] = true;
        }
        n += leave_out[r];
    }
    if (n) {
        hb_table_resummarise(table, leave_out);
        for (size_t c = 0; c < table->ncols; c++) {
            struct hb_column_summary *s = &table->summaries[c];
            size_t w = 0;
            while (w < 3 && s->warnings[w])
                w++;
            s->warnings[w] =
                hb_xasprintf("geomean leaves out %zu not-repeatable row%s (their counts differ)", n, n == 1 ? "" : "s");
        }
    }
    free(leave_out);
}

static void build_table(struct hb_tables *tables, struct hb_collector *c, const struct hb_pairing *pairing,
                        const struct hb_pairing *inputs, struct hb_table *t, const uint32_t *cells, size_t ncells)
{
    struct hb_u32map row_index = {0}, col_index = {0};
    t->rows = axis_keys(c, cells, ncells, true, &tables->proj->row, &t->nrows, &row_index);
    t->cols = axis_keys(c, cells, ncells, false, &tables->proj->col, &t->ncols, &col_index);
    t->cells = hb_xcalloc(t->nrows * t->ncols, sizeof *t->cells);
    const struct hb_pair_keys **keys = pairing ? hb_xcalloc(t->nrows * t->ncols, sizeof *keys) : NULL;
    for (size_t i = 0; i < ncells; i++) {
        struct hb_cell *src = &c->cells[cells[i]];
        uint32_t r = 0, col = 0;
        hb_u32map_get(&row_index, src->row, &r);
        hb_u32map_get(&col_index, src->col, &col);
        struct hb_table_cell *dst = hb_table_cell(t, r, col);
        dst->present = true;
        dst->values = src->values;
        dst->n = src->n;
        dst->unranked = src->unranked;
        if (keys && cells[i] < pairing->ncells)
            keys[r * t->ncols + col] = &pairing->cells[cells[i]];
        if (inputs && cells[i] < inputs->ncells)
            keep_by_input(dst, &inputs->cells[cells[i]]);
        if (src->nvary || src->vary_fullname)
            dst->sample_warning =
                hb_residue_warning(tables->proj, tables->in, src->vary_keys, src->nvary, src->vary_fullname);
    }
    /* Pairs are found by the order the values were collected in, which the sort below changes. */
    for (size_t r = 0; keys && r < t->nrows; r++) {
        const struct hb_pair_keys *base_keys = keys[r * t->ncols];
        for (size_t col = 1; col < t->ncols && base_keys; col++) {
            const struct hb_pair_keys *cell_keys = keys[r * t->ncols + col];
            if (cell_keys)
                pair_log_ratios(hb_table_cell(t, r, 0), base_keys, hb_table_cell(t, r, col), cell_keys,
                                tables->pair_block);
        }
    }
    free(keys);
    /* The U test needs sorted samples; a cell compared with nothing needs only its summary's
	 * order statistics, which selection finds faster than a sort. */
    for (size_t r = 0; r < t->nrows; r++) {
        size_t present = 0;
        for (size_t col = 0; col < t->ncols; col++)
            present += hb_table_cell(t, r, col)->present;
        bool compared = present > 1 && hb_table_cell(t, r, 0)->present;
        for (size_t col = 0; col < t->ncols; col++) {
            struct hb_table_cell *cell = hb_table_cell(t, r, col);
            if (!cell->present)
                continue;
            if (compared)
                hb_sort_doubles(cell->values, cell->n);
            else
                hb_median_select(cell->values, cell->n, tables->confidence);
            if (tables->counted) {
                hb_summarise_exact(cell->values, cell->n, &cell->summary);
                continue;
            }
            hb_summarise(cell->values, cell->n, tables->confidence, &cell->summary);
            hb_summary_note_noise(cell->values, cell->n, tables->noisy_pct, &cell->summary);
        }
    }
    for (size_t r = 0; r < t->nrows; r++) {
        const struct hb_table_cell *base = hb_table_cell(t, r, 0);
        for (size_t col = 1; col < t->ncols && base->present; col++) {
            struct hb_table_cell *cell = hb_table_cell(t, r, col);
            if (!cell->present)
                continue;
            cell->compared = true;
            if (tables->counted) {
                hb_compare_exact(base->values, base->n, cell->values, cell->n, tables->exact_change, &cell->cmp);
            } else if (pairing) {
                hb_compare_paired(cell->log_ratios, cell->npairs, tables->alpha, &cell->cmp);
                cell->cmp.test_note =
                    tables->pair_block > 1 ? hb_xasprintf(blocked_note, tables->pair_block) : hb_xstrdup(paired_note);
            } else {
                hb_compare(base->values, base->n, cell->values, cell->n, tables->alpha, &cell->cmp);
            }
        }
    }
    t->summaries = hb_xcalloc(t->ncols, sizeof *t->summaries);
    for (size_t col = 0; col < t->ncols; col++)
        summarise_column(t, col, NULL);
    if (tables->counted)
        leave_out_unrepeatable(t);
    hb_u32map_free(&row_index);
    hb_u32map_free(&col_index);
}

static void build_all(struct hb_tables *tables, struct hb_collector *c, const struct hb_pairing *pairing,
                      const struct hb_pairing *inputs);

void hb_tables_build(struct hb_tables *tables, struct hb_collector *c, double confidence, double alpha,
                     double noisy_pct)
{
    hb_tables_build_paired(tables, c, NULL, NULL, confidence, alpha, noisy_pct, 1);
}

void hb_tables_build_paired(struct hb_tables *tables, struct hb_collector *c, const struct hb_pairing *pairing,
                            const struct hb_pairing *inputs, double confidence, double alpha, double noisy_pct,
                            unsigned pair_block)
{
    *tables = (struct hb_tables){.collector = c,
                                 .proj = c->proj,
                                 .in = c->in,
                                 .confidence = confidence,
                                 .noisy_pct = noisy_pct,
                                 .alpha = alpha,
                                 .pair_block = pair_block ? pair_block : 1};
    build_all(tables, c, pairing, inputs);
}

void hb_tables_build_counted(struct hb_tables *tables, struct hb_collector *c, double confidence, double alpha,
                             double exact_change)
{
    *tables = (struct hb_tables){.collector = c,
                                 .proj = c->proj,
                                 .in = c->in,
                                 .confidence = confidence,
                                 .alpha = alpha,
                                 .counted = true,
                                 .exact_change = exact_change};
    build_all(tables, c, NULL, NULL);
}

static void build_all(struct hb_tables *tables, struct hb_collector *c, const struct hb_pairing *pairing,
                      const struct hb_pairing *inputs)
{
    uint32_t *order = hb_xmalloc((c->ntables + 1) * sizeof *order);
    for (size_t i = 0; i < c->ntables; i++)
        order[i] = (uint32_t)i;
    sort_proj = &c->proj->table;
    sort_in = c->in;
    sort_collector = c;
    qsort(order, c->ntables, sizeof *order, compare_table_keys);

    /* Bucket the cells by table, keeping their order. */
    size_t *count = hb_xcalloc(c->ntables + 1, sizeof *count);
    for (size_t i = 0; i < c->ncells; i++)
        count[c->cells[i].table + 1]++;
    for (size_t i = 1; i <= c->ntables; i++)
        count[i] += count[i - 1];
    uint32_t *bucketed = hb_xmalloc((c->ncells + 1) * sizeof *bucketed);
    size_t *fill = hb_xmalloc((c->ntables + 1) * sizeof *fill);
    for (size_t i = 0; i <= c->ntables; i++)
        fill[i] = count[i];
    for (size_t i = 0; i < c->ncells; i++)
        bucketed[fill[c->cells[i].table]++] = (uint32_t)i;

    tables->tables = hb_xcalloc(c->ntables + 1, sizeof *tables->tables);
    tables->ntables = c->ntables;
    for (size_t i = 0; i < c->ntables; i++) {
        uint32_t id = order[i];
        struct hb_table *t = &tables->tables[i];
        t->key = c->tables[id].key;
        t->unit = c->tables[id].unit;
        build_table(tables, c, pairing, inputs, t, bucketed + count[id], count[id + 1] - count[id]);
    }
    free(order);
    free(count);
    free(fill);
    free(bucketed);
}

void hb_tables_free(struct hb_tables *tables)
{
    for (size_t i = 0; i < tables->ntables; i++) {
        struct hb_table *t = &tables->tables[i];
        for (size_t k = 0; k < t->nrows * t->ncols; k++) {
            hb_summary_clear(&t->cells[k].summary);
            hb_comparison_clear(&t->cells[k].cmp);
            free(t->cells[k].sample_warning);
            free(t->cells[k].log_ratios);
            free(t->cells[k].by_input);
        }
        for (size_t col = 0; col < t->ncols; col++)
            for (int w = 0; w < 4; w++)
                free(t->summaries[col].warnings[w]);
        free(t->cells);
        free(t->summaries);
        free(t->rows);
        free(t->cols);
    }
    free(tables->tables);
    tables->tables = NULL;
    tables->ntables = 0;
}

void hb_tables_note_uncertain(struct hb_tables *tables, double pct)
{
    for (size_t i = 0; i < tables->ntables; i++) {
        struct hb_table *t = &tables->tables[i];
        for (size_t k = 0; k < t->nrows * t->ncols; k++)
            if (t->cells[k].present)
                hb_summary_note_uncertain(pct, &t->cells[k].summary);
    }
}

struct hb_scaler hb_table_row_scaler(const struct hb_tables *t, const struct hb_table *table, size_t row)
{
    double *centers = hb_xmalloc((table->ncols + 1) * sizeof *centers);
    size_t n = 0;
    for (size_t c = 0; c < table->ncols; c++)
        if (hb_table_cell(table, row, c)->present)
            centers[n++] = hb_table_cell(table, row, c)->summary.center;
    struct hb_scaler s = hb_common_scale(centers, n, hb_unit_class_of(hb_str_text(t->in, table->unit)));
    free(centers);
    return s;
}

void hb_table_resummarise(struct hb_table *t, const bool *leave_out)
{
    for (size_t col = 0; col < t->ncols; col++) {
        for (int w = 0; w < 4; w++)
            free(t->summaries[col].warnings[w]);
        t->summaries[col] = (struct hb_column_summary){0};
        summarise_column(t, col, leave_out);
    }
}

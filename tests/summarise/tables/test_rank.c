/* test_rank.c — -rank only reorders: on generated tables (random cells missing, medians often
 * tied, a lower-is-better and a higher-is-better unit), every row keeps its own cells, rows with
 * a baseline cell come first, best median first (ascending for sec/op, descending for B/s), ties
 * and rows without a baseline keep their order, and no number or geomean changes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collect.h"
#include "tables.h"
#include "units.h"

static uint64_t rng_state;

static uint32_t next_random(uint32_t bound)
{
    rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(rng_state >> 33) % bound;
}

enum { MAX_ROWS = 12, MAX_COLS = 3 };

struct snapshot {
    hb_tuple rows[MAX_ROWS];
    bool present[MAX_ROWS][MAX_COLS];
    double center[MAX_ROWS][MAX_COLS];
    double geomean[MAX_COLS], ratio[MAX_COLS];
};

static void take(const struct hb_table *t, struct snapshot *s)
{
    for (size_t r = 0; r < t->nrows; r++) {
        s->rows[r] = t->rows[r];
        for (size_t c = 0; c < t->ncols; c++) {
            s->present[r][c] = hb_table_cell(t, r, c)->present;
            s->center[r][c] = hb_table_cell(t, r, c)->summary.center;
        }
    }
    for (size_t c = 0; c < t->ncols; c++) {
        s->geomean[c] = t->summaries[c].summary;
        s->ratio[c] = t->summaries[c].ratio;
    }
}

/* Checks table t (ranked) against its snapshot before ranking; seed reproduces the case. */
static void check_ranked(const struct hb_table *t, const struct snapshot *before, bool higher_better, unsigned seed)
{
    size_t last_index = 0;
    bool seen_unbased = false;
    for (size_t r = 0; r < t->nrows; r++) {
        size_t was = MAX_ROWS;
        for (size_t i = 0; i < t->nrows; i++)
            if (before->rows[i] == t->rows[r])
                was = i;
        if (was == MAX_ROWS)
            fail_msg("seed %u: row %zu is new", seed, r);
        for (size_t c = 0; c < t->ncols; c++)
            if (hb_table_cell(t, r, c)->present != before->present[was][c] ||
                (before->present[was][c] && hb_table_cell(t, r, c)->summary.center != before->center[was][c]))
                fail_msg("seed %u: row %zu lost its cell in column %zu", seed, r, c);
        bool based = before->present[was][0];
        if (based && seen_unbased)
            fail_msg("seed %u: row %zu has a baseline but follows one without", seed, r);
        if (r > 0) {
            const struct hb_table_cell *prev = hb_table_cell(t, r - 1, 0), *cur = hb_table_cell(t, r, 0);
            bool tie = !based || prev->summary.center == cur->summary.center;
            if (based && prev->present && !tie &&
                (higher_better ? prev->summary.center < cur->summary.center
                               : prev->summary.center > cur->summary.center))
                fail_msg("seed %u: rows %zu and %zu out of rank", seed, r - 1, r);
            if ((tie || !based) && prev->present == based && was < last_index)
                fail_msg("seed %u: tied rows %zu and %zu swapped", seed, r - 1, r);
        }
        seen_unbased |= !based;
        last_index = was;
    }
    for (size_t c = 0; c < t->ncols; c++)
        if (t->summaries[c].summary != before->geomean[c] || t->summaries[c].ratio != before->ratio[c])
            fail_msg("seed %u: geomean of column %zu changed", seed, c);
}

static void generated_tables(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 300; seed++) {
        rng_state = seed; /* fixed: a failure names its seed */
        struct hb_intern *in = hb_intern_new();
        struct hb_projections proj;
        char *error = NULL;
        if (hb_projections_init(&proj, in, ".config", ".fullname", ".file", "", &error))
            fail_msg("%s", error);
        struct hb_collector c;
        hb_collector_init(&c, in, &proj, NULL);
        hb_str units[2] = {hb_intern_cstr(in, "sec/op"), hb_intern_cstr(in, "B/s")};
        hb_collector_observe_unit(&c, units[0]);
        hb_collector_observe_unit(&c, units[1]);
        uint32_t nrows = 1 + next_random(MAX_ROWS), ncols = 1 + next_random(MAX_COLS);
        char name[32], file[8];
        for (uint32_t col = 0; col < ncols; col++)
            for (uint32_t row = 0; row < nrows; row++) {
                if (next_random(4) == 0)
                    continue; /* a missing cell */
                snprintf(name, sizeof name, "B/row=%u", row);
                snprintf(file, sizeof file, "f%u", col);
                struct hb_origin o = {{name, strlen(name), false}, hb_intern_cstr(in, file), 0};
                /* Few distinct values, so that medians tie often. */
                for (int i = 0; i < 3; i++) {
                    double v = 1 + next_random(4);
                    struct hb_value values[2] = {{v, units[0], 0}, {v * 10, units[1], 0}};
                    hb_collector_add(&c, &o, hb_intern_cstr(in, name), values, 2);
                }
            }
        struct hb_tables tables;
        hb_tables_build(&tables, &c, 0.95, 0.05, 0);
        struct snapshot *before = calloc(tables.ntables + 1, sizeof *before);
        for (size_t i = 0; i < tables.ntables; i++)
            take(&tables.tables[i], &before[i]);
        hb_tables_rank(&tables);
        for (size_t i = 0; i < tables.ntables; i++)
            check_ranked(&tables.tables[i], &before[i],
                         hb_unit_higher_is_better(hb_str_text(in, tables.tables[i].unit)), seed);
        free(before);
        hb_tables_free(&tables);
        hb_collector_free(&c);
        hb_projections_free(&proj);
        hb_intern_free(in);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(generated_tables)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

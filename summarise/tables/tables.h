/* tables.h — the finished tables: cells summarised, later columns compared with the first, the
 * geomean row worked out, tables, rows and columns ordered by their keys' sort orders (first
 * appearance unless a KEY@ORDER says otherwise; docs/statistics.md), rows optionally re-ranked by -rank.
 * Output formats read only this. */
#ifndef HB_TABLES_H
#define HB_TABLES_H

#include <stdbool.h>
#include <stddef.h>

#include "collect.h"
#include "sample_per_input.h"
#include "scale.h"
#include "summary.h"

/* -ranks (not in benchstat): a cell's place in its column's ranking (summarise/ranks). */
struct hb_cell_rank {
    bool ranked;      /* worked out: the column was ranked and the cell is present */
    size_t lo, hi;    /* its rank interval among the column's rows, 1 = best */
    bool best;        /* in the column's best set (the fastest, for times and rates) */
    size_t processes; /* inputs of its label it has a value from */
};

struct hb_table_cell {
    bool present;
    double *values; /* the collector's array: ascending if compared, else its summary's orders in place */
    size_t n;
    struct hb_summary summary;
    char *sample_warning; /* "benchmarks vary in ...", or NULL */
    bool compared;        /* a later column with a baseline cell in its row */
    struct hb_comparison cmp;
    /* -sample paired, compared cells: ln(value / baseline value) of each complete pair (the k-th
     * input of this cell's label and of the baseline's, both values > 0), in input order. */
    double *log_ratios;
    size_t npairs;
    /* -ranks: by_input[k - 1] is the value from the k-th input of the cell's label, NAN where that
     * input gave none, for k up to nby_input; kept as collected, before the sort. */
    double *by_input;
    size_t nby_input;
    bool unranked; /* -ranks-filter left its row out of the ranking */
    struct hb_cell_rank rank;
};

/* -ranks: what a column's ranking says as a whole. */
struct hb_column_rank {
    bool ranked;              /* its rows were ranked */
    const char *not_ranked;   /* or why not (a static text), NULL when ranked or not asked for */
    size_t rows, best;        /* rows ranked, and in the best set */
    size_t processes;         /* inputs of the column (the most any row had) */
    size_t unseparable_pairs; /* pairs of rows sharing fewer than 3 inputs: never separated */
};

struct hb_column_summary {
    bool has_summary, has_ratio;
    double summary, ratio;
    char *warnings[4]; /* in benchstat's order; NULL-terminated */
    struct hb_column_rank rank;
};

struct hb_table {
    hb_tuple key; /* -table key */
    hb_str unit;
    hb_tuple *rows, *cols;
    size_t nrows, ncols;
    struct hb_table_cell *cells;         /* nrows x ncols, row-major */
    struct hb_column_summary *summaries; /* per column */
};

/* How much the machine varied during one input's run, as the input says (hashbench's context key
 * machine_variation), in percent. */
struct hb_run_variation {
    hb_str label; /* the input's label (.file) */
    double percent;
};

struct hb_tables {
    struct hb_table *tables;
    size_t ntables;
    const struct hb_collector *collector;
    struct hb_projections *proj;
    struct hb_intern *in;
    double confidence, alpha, noisy_pct;
    unsigned pair_block;    /* -pair-block: consecutive pairs averaged into one (1: none) */
    bool show_shift;        /* -delta-ci: the text format shows each comparison's shift and interval too */
    double rank_confidence; /* -ranks: the simultaneous confidence of its sets; 0: no -ranks */
    bool counted;           /* the cells are exact counts (hb_tables_build_counted) */
    double exact_change;    /* their threshold: a change beyond this percent is one */
    /* The inputs that carry their machine's variation, in input order; not owned (the caller keeps
     * them and sets these after building): formats print them above the tables. */
    const struct hb_run_variation *variations;
    size_t nvariations;
};

/* Builds the tables from everything collected (which must outlive them). */
/* noisy_pct > 0 adds a footnote to cells whose coefficient of variation exceeds it. */
void hb_tables_build(struct hb_tables *t, struct hb_collector *c, double confidence, double alpha, double noisy_pct);
/* The same under -sample paired: pairing holds the ordinal of every collected value (from
 * hb_input_reduce_paired), and every comparison is the signed-rank test of its pairs, with a
 * footnote naming it; summaries, deltas and geomeans are as without pairing. inputs (-ranks; NULL:
 * not kept), the same record of ordinals, keeps each cell's values by input (by_input) for
 * hb_tables_ranks. With pair_block N > 1, the pairs of ordinals (b-1)N+1..bN make one pair, their
 * mean log ratio (a block missing one is dropped). */
void hb_tables_build_paired(struct hb_tables *t, struct hb_collector *c, const struct hb_pairing *pairing,
                            const struct hb_pairing *inputs, double confidence, double alpha, double noisy_pct,
                            unsigned pair_block);
/* The same for counted inputs (hashbench_measure: instructions; docs/statistics.md, "Counted
 * inputs"): every cell summarised once, exactly (hb_summarise_exact), every comparison the exact
 * change (hb_compare_exact at exact_change percent), and a row whose counts differ left out of the
 * geomean row, which says so. */
void hb_tables_build_counted(struct hb_tables *t, struct hb_collector *c, double confidence, double alpha,
                             double exact_change);

/* -ranks (not in benchstat): ranks the rows of every column of every table with summarise/ranks at
 * confidence, from the values by input the tables were built with (inputs of one label are
 * processes; a row's values from the k-th input of each are paired), better values first (1 / value
 * for higher-is-better units); cells the -ranks-filter left out (unranked) take no part. A column
 * whose values include one <= 0 is not ranked and says why.
 * Returns -1 with *error (free it) naming the first column that has rows but fewer than 2 inputs. */
/* The confidence of -ranks' sets: 95%, simultaneous over a column's rows. */
#define HB_RANKS_CONFIDENCE 0.95
int hb_tables_ranks(struct hb_tables *t, double confidence, char **error);
void hb_tables_free(struct hb_tables *t);

/* -uncertain PCT (not in benchstat): footnotes every cell whose median's interval reaches further
 * than PCT percent from it (hb_summary_note_uncertain), unless -noisy has already footnoted it. */
void hb_tables_note_uncertain(struct hb_tables *t, double pct);

/* Works out every timed comparison's shift and its interval at the tables' confidence (not in
 * benchstat; hb_comparison's shift fields): on the logs of the values, the Hodges-Lehmann estimate
 * with the Mann-Whitney interval, or under -sample paired of the pairs' log ratios with the
 * signed-rank interval. Compared cells must be sorted, as built. */
void hb_tables_shift(struct hb_tables *t);

/* -rank (not in benchstat): orders every table's rows by the baseline (first) column's median,
 * best first (ascending, or descending for higher-is-better units: those ending in "/s"); rows
 * without a baseline cell go last; ties keep their order. Numbers, geomeans included, stay as
 * built. */
void hb_tables_rank(struct hb_tables *t);

/* The scaler for one row's numbers: from the smallest non-zero center among its cells (benchstat's
 * Table.RowScaler), so that a row reads in one prefix. */
struct hb_scaler hb_table_row_scaler(const struct hb_tables *t, const struct hb_table *table, size_t row);

/* Computes every column's geomean and ratio again, leaving out the rows r with leave_out[r]
 * (NULL: none); each column's warnings are rebuilt, with room left for one more. */
void hb_table_resummarise(struct hb_table *t, const bool *leave_out);

static inline struct hb_table_cell *hb_table_cell(const struct hb_table *t, size_t row, size_t col)
{
    return &t->cells[row * t->ncols + col];
}

#endif

/* history_changes.h — the change points of every series of a history (docs/history.md): each
 * series is cut where its configuration changes and each piece searched by E-divisive on ranks
 * (stats/change_points.h) with its spikes given the middle ranks and the machine's drift taken out
 * (machine_drift.h). A unit's pieces are one family of m first tests: a piece changes when its
 * p-value, adjusted by Holm's method over the m, is at most alpha, so that the chance of any false
 * change among the unit's series stays at alpha; each further split of a piece that changes is
 * kept at p <= alpha / m, as if it were a first test of its own, so that extra splits stay as rare
 * as false first ones. */
#ifndef HB_HISTORY_CHANGES_H
#define HB_HISTORY_CHANGES_H

#include <stddef.h>

#include "history.h"
#include "summary.h"

/* The fewest runs on either side of a change: one odd run (a spike) is never a change. */
enum { HB_HISTORY_MIN_SEGMENT = 3 };

struct hb_history_change {
    size_t series; /* in h->series */
    size_t index;  /* the first run after the change, in the history's order */
    double p;      /* of the permutation test that kept it */
    /* The runs between this change and the ones beside it (or the configuration's first and last
     * run): the median of their values and its confidence interval (hb_summarise), and how many. */
    struct hb_summary before, after;
    size_t nbefore, nafter;
};

/* One unit's series: its family for the multiple-testing control. */
struct hb_history_family {
    hb_str unit;
    size_t first_series, nseries; /* h->series[first_series ..) are this unit's */
    size_t pieces;                /* m: the series' pieces (one per configuration) long enough to test */
    size_t permutations;          /* the most a test draws (enough for p to reach alpha / m) */
    double level;                 /* alpha / m: a further split is kept at p <= it */
    size_t changed_pieces;        /* the pieces whose first test says they change */
    size_t first_change, nchanges;
    size_t changed_series;
    size_t tests;        /* windows tested, first tests included */
    size_t drift_pieces; /* configuration pieces whose machine drift was taken out */
    size_t drift_series; /* the fewest steady series it was estimated from (when drift_pieces) */
};

struct hb_history_changes {
    struct hb_history_change *changes; /* by family, then series, then run */
    size_t nchanges, changes_cap;
    struct hb_history_family *families; /* one per unit, in h->units' order */
    size_t nfamilies;
    double alpha, confidence;
    size_t min_segment;
    unsigned long long permutations_drawn;
    bool exact;          /* counted runs: changes are differences of exact values, no test (p is NaN) */
    double exact_change; /* then: a change is a move beyond this many percent */
};

/* Finds the change points of every series of the arranged history h, at family level alpha, with
 * the before and after intervals at confidence. */
void hb_history_find_changes(const struct hb_history *h, double alpha, double confidence,
                             struct hb_history_changes *out);
void hb_history_changes_free(struct hb_history_changes *c);

/* The family of unit u in out, its series those from first_series on that have u's unit (the
 * series come grouped by unit); appended to out->families, its changes to come. The finders
 * (history_changes.c, history_exact.c) open one per unit and close it after its search. */
struct hb_history_family *hb_history_family_open(const struct hb_history *h, struct hb_history_changes *out, size_t u,
                                                 size_t first_series);

/* Counts the changes the search appended since f was opened, and the series they fall in. */
void hb_history_family_close(const struct hb_history_changes *out, struct hb_history_family *f);

/* The permutations a test of a family of m pieces at level alpha / m may draw: enough that the
 * smallest p-value, 1 / (permutations + 1), is half the level, in round thousands (at least 2000,
 * at most 200000, less one). */
size_t hb_history_permutations(size_t m, double alpha);

/* For series s: the median of the piece (between changes and configuration changes) each run
 * falls in, written to out[0..h->nruns); NaN where the run lacks the series. */
void hb_history_piece_medians(const struct hb_history *h, const struct hb_history_changes *c, size_t s, double *out);

#endif

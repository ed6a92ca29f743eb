/* history_walk.h — the walk over hbstat -history's results that its text, markdown and html
 * formats share: the runs, each change of configuration, then per unit the table of change
 * points with the text format's scaled numbers and footnotes, and the unit's summary line, always
 * in that order and with the same words, so the formats differ only in how a piece is written. */
#ifndef HB_HISTORY_WALK_H
#define HB_HISTORY_WALK_H

#include <stddef.h>

#include "footnotes.h"
#include "history.h"
#include "history_changes.h"

/* One change point as shown. */
struct hb_history_row {
    const struct hb_history_change *point;
    const char *name, *unit, *commit;
    char run[24];                      /* its index */
    char before[48], before_range[16]; /* "10.00n", "1%" (scaled for the row, as benchstat) */
    char after[48], after_range[16];
    const char *before_notes, *after_notes; /* footnote markers, "" when none */
    double change;                          /* after / before - 1 of the medians; NaN when before is 0 */
    char delta[24];                         /* "+8.00%", or "?" */
    char test[48];                          /* "p=0.001 n=14+13" */
    const char *direction;                  /* "worse", "better" or "" (no change or no direction) */
};

/* A change of configuration between two runs: each member that differs. */
struct hb_history_config_change {
    size_t index; /* the first run of the new configuration */
    const struct hb_history_run *before, *after;
};

struct hb_history_walker {
    /* The opening line: how many runs, in which order, from which to which. */
    void (*runs)(void *arg, const char *text);
    /* One line per configuration change: its text ("configuration changed at run 20 (c20):
     * cpu_model: A -> B") and the change itself. */
    void (*config_change)(void *arg, const struct hb_history_config_change *change, const char *text);
    /* Per unit with a change: the table's start, each change, the table's end with its footnotes
     * (notes->texts[i] is number i + 1). */
    void (*table)(void *arg, const char *unit);
    void (*row)(void *arg, const struct hb_history_row *row);
    void (*table_end)(void *arg, const struct hb_footnotes *notes);
    /* Per unit, with or without changes: the summary line. */
    void (*summary)(void *arg, const char *text);
};

/* Walks the results; order names the runs' order ("given", "date" or "commit"). */
void hb_history_walk(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                     const struct hb_history_walker *w, void *arg);

/* The members in which two configurations differ, as "cpu_model: A -> B, compiler: x -> y". */
void hb_history_config_difference(const struct hb_history_run *before, const struct hb_history_run *after,
                                  struct hb_strbuf *out);

#endif

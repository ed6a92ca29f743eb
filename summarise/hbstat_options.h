/* hbstat_options.h — hbstat's options as the command line gave them (cli.c parses them): what every
 * command and the checks beside the parser read, kept apart from the parser so that those
 * checks (cli_design.c) need not include it. */
#ifndef HB_HBSTAT_OPTIONS_H
#define HB_HBSTAT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct hb_options {
    const char *col, *row, *table, *filter, *ignore, *format, *metric;
    double alpha, confidence;
    double noisy_pct;         /* -noisy PCT: footnote cells whose CV exceeds it (0: off) */
    double uncertain_pct;     /* -uncertain PCT: footnote cells whose interval reaches beyond ±PCT% (0: off) */
    bool rank;                /* -rank: rows by the baseline column's median, best first */
    bool ranks;               /* -ranks: rank intervals and the best set per column (implies -sample input) */
    const char *ranks_filter; /* -ranks-filter EXPR: the results -ranks ranks; NULL: all */
    const char *adjust;       /* -adjust none|holm|bh, or NULL when not given */
    const char *sample;       /* -sample repetition|input|paired */
    const char *context;      /* -context KEY: print that member of the input's context (or "*": all), no tables */
    bool detectable;          /* -detectable: the detectable effect of every "~" */
    bool delta_ci;            /* -delta-ci: text shows each change's shift and interval, as other formats do */
    bool gate;                /* --fail-on-regression given */
    double regression_pct;    /* its PCT */
    double exact_change;      /* -exact-change PCT: counted inputs' exact values change beyond it */
    bool history;             /* -history: the inputs are runs, searched for change points */
    const char *order;        /* -order given|date|commit (-history only) */
    bool verdict;             /* -verdict given: print the comparison's verdict instead of tables */
    double verdict_pct;       /* its PCT: a row is slower when worse by more than this */
    bool run_order;           /* -run-order: print an A/B run's balanced order, no inputs */
    const char *seed;         /* -seed S (-run-order), a whole number as given */
    double revisions;         /* -revisions K (-run-order) */
    double processes;         /* -processes N (-run-order): rounds after the warm-up */
    bool pairs_needed;        /* -pairs-needed: print a bisection step's pairs, no inputs */
    double rows;              /* -rows M (-pairs-needed) */
    char **inputs;            /* [label=]path, or under -history the runs */
    size_t ninputs;
    bool help, version;
    const char *tally;   /* -tally MODE: a script's figures from the inputs (its files), no tables */
    bool formats;        /* -formats: the -format names, one per line */
    unsigned long given; /* bit i: flag i of the flag table was on the command line */
};

#endif

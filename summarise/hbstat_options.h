/* hbstat_options.h — hbstat's options as the command line gave them (cli.c parses them): what every
 * command reads, hbstat's own and the table commands of the programs that stand on hbstat's code
 * (hbreport, hbab). */
#ifndef HB_HBSTAT_OPTIONS_H
#define HB_HBSTAT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_out_files.h"

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
    double pair_block;        /* -pair-block N: under -sample paired, N consecutive pairs make one (default 1) */
    const char *context;      /* -context KEY: print that member of the input's context (or "*": all), no tables */
    bool detectable;          /* -detectable: the detectable effect of every "~" */
    bool delta_ci;            /* -delta-ci: text shows each change's shift and interval, as other formats do */
    bool gate;                /* --fail-on-regression given */
    double regression_pct;    /* its PCT */
    double exact_change;      /* -exact-change PCT: counted inputs' exact values change beyond it */
    bool history;             /* -history: the inputs are runs, searched for change points */
    const char *order;        /* -order given|date|commit (-history only) */
    char **inputs;            /* [label=]path, or under -history the runs */
    size_t ninputs;
    struct hb_out_files outputs; /* --output FORMAT=FILE, in order (formats checked) */
    bool help, version;
    unsigned long given; /* bit i: flag i of the flag table was on the command line */
};

#endif

/* ab_cli.h — hbab's command line: a command, then its flags in Go's flag syntax as hbstat's (-flag
 * value, -flag=value and --flag value are the same; "--" ends them), then its arguments. verdict
 * and noise take hbstat's own table flags, parsed by hbstat's parser, so that they mean there
 * what they mean to hbstat. */
#ifndef HB_AB_CLI_H
#define HB_AB_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_strbuf.h"
#include "hbstat_options.h"

enum hb_ab_command {
    HB_AB_RUN_ORDER,    /* the balanced order of a sequential A/B run */
    HB_AB_DUET_ORDER,   /* the sides and CPUs of a duet run's rounds */
    HB_AB_PAIRS_NEEDED, /* a bisection step's pairs */
    HB_AB_VERDICT,      /* a comparison's verdict */
    HB_AB_NOISE,        /* how noisy a run's tables came out */
    HB_AB_TALLY,        /* a script's figures from its files */
};

struct hb_ab_options {
    enum hb_ab_command command;
    bool help, version;
    const char *seed;        /* -seed S, decimal digits as given */
    double revisions;        /* -revisions K */
    double processes;        /* -processes N: rounds after the warm-up */
    double rows;             /* -rows M */
    double alpha;            /* -alpha A (pairs-needed; the table flags have their own) */
    const char *adjust;      /* -adjust METHOD (pairs-needed), NULL when not given */
    double min_change;       /* verdict's PCT */
    struct hb_options table; /* verdict, noise: hbstat's table flags and the inputs */
    const char *tally;       /* tally's MODE */
    char *const *args;       /* tally's arguments after MODE */
    size_t nargs;
};

/* Parses argv[1..argc) into o. Returns 0, or -1 with *error (one line; free it). */
int hb_ab_parse_args(int argc, char **argv, struct hb_ab_options *o, char **error);

/* Frees what parsing allocated. */
void hb_ab_options_free(struct hb_ab_options *o);

/* Appends the --help text. */
void hb_ab_usage(struct hb_strbuf *out);

#endif

/* advise_cli.h — hbadvise's command line. */
#ifndef HB_ADVICE_CLI_H
#define HB_ADVICE_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "advice.h"
#include "hb_out_files.h"
#include "needs.h"
#include "output_formats.h"
#include "advice_tables.h"

enum hb_advice_mode {
    HB_MODE_ADVISE,
    HB_MODE_DEFAULT_BUCKETS,
    HB_MODE_VERDICTS,
    HB_MODE_TIME_PASSWORD,
    HB_MODE_TABLE_ENTRIES,
    HB_MODE_TABLE_DESIGNS,
    HB_MODE_CANDIDATES,
    HB_MODE_CONTENDERS,
    HB_MODE_AGREE,
    HB_MODE_SHARD_COUNTS,
    HB_MODE_RENDEZVOUS_SERVERS
};

struct hb_advice_options {
    enum hb_advice_mode mode;
    bool wanted[HB_NEEDS];
    const char *rows;
    const struct hb_need_rule *candidates; /* --candidates NEED */
    enum hb_advice_file contenders;        /* --contenders KIND */
    const struct hb_advice_format *format;
    bool verdicts_html;
    bool to_stdout;              /* false when only --output files are written */
    struct hb_out_files outputs; /* --output FORMAT=FILE, in order */
    struct hb_advice_params params;
    char **dirs; /* argv's, borrowed */
    size_t ndirs;
};

/* Parses argv; --help and --version print and exit 0, a bad flag or value prints one line and
 * exits 2. */
void hb_advice_parse_options(int argc, char **argv, struct hb_advice_options *o);

#endif

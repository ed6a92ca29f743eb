/* tables_command.h — hbstat's work on its inputs: read them, build, adjust and rank the tables and
 * write them in the chosen format. hbstat's main calls it, and so does any program that shows
 * hbstat's tables (hbreport), so that both summarise a run alike. */
#ifndef HB_TABLES_COMMAND_H
#define HB_TABLES_COMMAND_H

#include <stdio.h>

#include "cli.h"
#include "hb_strbuf.h"

enum hb_tables_status {
    HB_TABLES_DONE = 0,
    HB_TABLES_REGRESSION = 1, /* --fail-on-regression tripped: its rows are in regressions */
    HB_TABLES_BAD_FLAGS = 2,  /* -filter or a projection refused: *error */
    HB_TABLES_BAD_INPUT = 3,  /* an input refused: *error */
};

/* Summarises o->inputs as o says: the output goes to out, warnings beside it (csv's cell warnings)
 * to warnings, the regressions of --fail-on-regression to regressions. Notes about the inputs
 * (skipped rows, pooled labels) go to notes. On a refusal *error is one line (free it) and out is
 * left empty. */
enum hb_tables_status hb_tables_command(const struct hb_options *o, FILE *notes, struct hb_strbuf *out,
                                        struct hb_strbuf *warnings, struct hb_strbuf *regressions, char **error);

#endif

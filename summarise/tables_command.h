/* tables_command.h — hbstat's work on its inputs: read them, build, adjust and rank the tables and
 * write them in the chosen format. hbstat's main calls it, and so does any program that shows
 * hbstat's tables (hbreport), so that both summarise a run alike. */
#ifndef HB_TABLES_COMMAND_H
#define HB_TABLES_COMMAND_H

#include <stdio.h>

#include "cli.h"
#include "hb_strbuf.h"
#include "filter.h"
#include "tables.h"

enum hb_tables_status {
    HB_TABLES_DONE = 0,
    HB_TABLES_REGRESSION = 1, /* --fail-on-regression tripped: its rows are in regressions */
    HB_TABLES_BAD_FLAGS = 2,  /* -filter or a projection refused: *error */
    HB_TABLES_BAD_INPUT = 3,  /* an input refused: *error */
};

/* The tables of one reading of the inputs, and what they point into: kept together so that any
 * number of outputs are written from one summary of each cell. Not to be copied once read. */
struct hb_tables_run {
    struct hb_tables tables;
    struct hb_intern *in;
    struct hb_projections proj;
    struct hb_collector collector;
    struct hb_filter *filter, *rank_filter;
    struct hb_pairing pairing;
    struct hb_run_variation *variations;
};

/* Reads o->inputs and builds their tables as o says (summaries, comparisons, -adjust,
 * -detectable, -rank) into run. Notes about the inputs (skipped rows, pooled labels) go to notes.
 * Returns HB_TABLES_DONE, or HB_TABLES_BAD_FLAGS or HB_TABLES_BAD_INPUT with *error (one line;
 * free it). Free run with hb_tables_run_free whatever it returned. */
enum hb_tables_status hb_tables_read(const struct hb_options *o, FILE *notes, struct hb_tables_run *run, char **error);

/* Appends run's tables in format to out, and what that format reports beside them (csv's cell
 * warnings) to warnings. */
void hb_tables_write(const struct hb_tables_run *run, const char *format, struct hb_strbuf *out,
                     struct hb_strbuf *warnings);

/* --fail-on-regression over run's tables as o says: HB_TABLES_REGRESSION with one line per
 * regression appended to regressions, else HB_TABLES_DONE (also when o has no gate). */
enum hb_tables_status hb_tables_gate(const struct hb_options *o, const struct hb_tables_run *run,
                                     struct hb_strbuf *regressions);

void hb_tables_run_free(struct hb_tables_run *run);

/* hb_tables_read, hb_tables_write in o->format and hb_tables_gate in one call (hbreport): on a
 * refusal *error is one line (free it) and out is left empty. */
enum hb_tables_status hb_tables_command(const struct hb_options *o, FILE *notes, struct hb_strbuf *out,
                                        struct hb_strbuf *warnings, struct hb_strbuf *regressions, char **error);

#endif

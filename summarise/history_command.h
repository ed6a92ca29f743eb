/* history_command.h — hbstat -history from flags to report. */
#ifndef HB_HISTORY_COMMAND_H
#define HB_HISTORY_COMMAND_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "hb_strbuf.h"

/* Reads the runs o->inputs, orders them, finds every series' change points and writes the report
 * in o->format to standard output (the readers' notes to standard error, in run order). Returns
 * the exit status: 0, or 2 after one line on standard error naming the bad flag or input. Nothing
 * is written to standard output unless every run was read. */
int hb_history_command(const struct hb_options *o);

/* The same report appended to out (the readers' notes to notes, in run order), for a program
 * that puts it on a page (hbreport --history). Returns 0, or 2 with *error naming the bad flag or
 * input (*usage true when it is a flag); out is then unchanged. */
int hb_history_render(const struct hb_options *o, FILE *notes, struct hb_strbuf *out, bool *usage, char **error);

#endif

/* history_command.h — hbstat -history from flags to report. */
#ifndef HB_HISTORY_COMMAND_H
#define HB_HISTORY_COMMAND_H

#include "cli.h"

/* Reads the runs o->inputs, orders them, finds every series' change points and writes the report
 * in o->format to standard output (the readers' notes to standard error, in run order). Returns
 * the exit status: 0, or 2 after one line on standard error naming the bad flag or input. Nothing
 * is written to standard output unless every run was read. */
int hb_history_command(const struct hb_options *o);

#endif

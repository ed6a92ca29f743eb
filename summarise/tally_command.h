/* tally_command.h — hbstat -tally MODE ARG... (the figures of ab-calibrate.sh and noise-check.sh)
 * and hbstat -formats (the output formats, one per line, for a script to test for one). */
#ifndef HB_TALLY_COMMAND_H
#define HB_TALLY_COMMAND_H

#include "cli.h"

/* Runs o's -tally mode on its inputs and writes the output; returns the exit status. */
int hb_tally_command(const struct hb_options *o);

/* Prints every -format name on a line of its own; returns the exit status. */
int hb_formats_command(void);

#endif

/* tally_command.h — hbab tally MODE ARG...: the figures of ab-calibrate.sh, noise-check.sh and
 * reference.sh. */
#ifndef HB_TALLY_COMMAND_H
#define HB_TALLY_COMMAND_H

#include "ab_cli.h"

/* Runs o's tally mode on its arguments and writes the output; returns the exit status (2 with one
 * line on stderr when its files cannot be read). */
int hb_tally_command(const struct hb_ab_options *o);

#endif

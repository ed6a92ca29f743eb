/* judge_command.h — hbab verdict and hbab noise: hbstat's tables of the inputs, built as hbstat
 * builds them (tables_command.h) with the table flags given, judged instead of printed. */
#ifndef HB_JUDGE_COMMAND_H
#define HB_JUDGE_COMMAND_H

#include "ab_cli.h"

/* Builds o's tables and prints the verdict (verdict) or the noise table (noise). Returns the exit
 * status: 0, or 2 with one line on stderr when a flag or an input is refused or the output cannot
 * be written. */
int hb_judge_command(const struct hb_ab_options *o);

#endif

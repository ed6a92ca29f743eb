/* context_command.h — hbstat -context: a run's provenance for scripts, instead of tables. */
#ifndef HB_CONTEXT_COMMAND_H
#define HB_CONTEXT_COMMAND_H

#include "cli.h"

/* Prints the context member o->context of the one input (a Google Benchmark JSON file), or with
 * "*" every scalar member as KEY<tab>VALUE lines. Returns the exit status: 0, 1 when the member is
 * absent, 2 for bad input (one line on stderr). */
int hb_context_command(const struct hb_options *o);

#endif

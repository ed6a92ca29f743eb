/* context_command.h — hbstat -context: a run's provenance for scripts, instead of tables. */
#ifndef HB_CONTEXT_COMMAND_H
#define HB_CONTEXT_COMMAND_H

#include "cli.h"

/* Reads the Google Benchmark JSON file at path and calls member(arg, ...) with every scalar member
 * of its "context" (a number or boolean as written, a string decoded), in file order. Returns 0,
 * or -1 with *error (one line; free it) for a file the reader refuses. */
int hb_context_members(const char *path,
                       void (*member)(void *arg, const char *key, size_t key_len, const char *value, size_t value_len),
                       void *arg, char **error);

/* Prints the context member o->context of the one input (a Google Benchmark JSON file), or with
 * "*" every scalar member as KEY<tab>VALUE lines. Returns the exit status: 0, 1 when the member is
 * absent, 2 for bad input (one line on stderr). */
int hb_context_command(const struct hb_options *o);

#endif

/* cli.h — hbstat's command line, in Go's flag syntax as benchstat's: -flag value, -flag=value and
 * --flag value are the same; flags come before the inputs; "--" ends them. */
#ifndef HB_CLI_H
#define HB_CLI_H

#include "hb_strbuf.h"
#include "hbstat_options.h"

/* Parses argv[1..argc) into o (with benchstat's defaults). Returns 0, or -1 with *error (free it);
 * either way o is freed with hb_options_free. */
int hb_parse_args(int argc, char **argv, struct hb_options *o, char **error);

/* Whether the flag called name (without dashes) was on the command line. */
bool hb_option_given(const struct hb_options *o, const char *name);

/* Frees what parsing allocated (the --output list). */
void hb_options_free(struct hb_options *o);

/* Appends the --help text. */
void hb_usage(struct hb_strbuf *out);

#endif

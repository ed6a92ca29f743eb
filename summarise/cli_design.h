/* cli_design.h — the flags of hbstat's A/B design commands (-run-order, -pairs-needed) and of
 * -verdict: their checks and their --help entries, beside cli.c's. */
#ifndef HB_CLI_DESIGN_H
#define HB_CLI_DESIGN_H

#include "hbstat_options.h"
#include "hb_strbuf.h"

/* Checks the design flags of o, whose given bits name flags by name_of(bit) (NULL past the last):
 * -run-order and -pairs-needed take only their own flags and no inputs, their own flags need
 * them, and -verdict is not for -format or -history. Returns 0, or -1 with *error (free it). */
int hb_check_design(const struct hb_options *o, unsigned long given, const char *(*name_of)(size_t bit), char **error);

/* Appends the --help entries of -verdict, -run-order and -pairs-needed. */
void hb_design_usage(struct hb_strbuf *out);

#endif

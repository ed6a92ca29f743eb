/* tally_modes.h — hbab tally MODE ARG...: the figures ab-calibrate.sh, noise-check.sh and
 * reference.sh need, one mode per figure, as one table: the flag's validation, its --help entry
 * and the dispatch all walk hb_tally_modes. */
#ifndef HB_TALLY_MODES_H
#define HB_TALLY_MODES_H

#include <stddef.h>

#include "hb_strbuf.h"

struct hb_tally_mode {
    const char *name; /* -tally's value */
    const char *args; /* the arguments' names, for --help and errors */
    size_t nargs;
    /* Appends the output for args[0..nargs); returns 0, or -1 with *error (free it). */
    int (*run)(char *const *args, struct hb_strbuf *out, char **error);
    const char *help;
};

extern const struct hb_tally_mode hb_tally_modes[];
extern const size_t hb_ntally_modes;

/* The mode called name, or NULL. */
const struct hb_tally_mode *hb_tally_find(const char *name);

#endif

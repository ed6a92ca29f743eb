/* filter.h — benchstat's -filter language: key:value, key:"quoted", key:/regexp/, key:(a OR b), *,
 * combined by juxtaposition or AND, OR, - (not) and parentheses. Keys are .name, .fullname, .file,
 * .unit, /KEY (sub-name key) or a file configuration key. Regexps are POSIX extended, unanchored. */
#ifndef HB_FILTER_H
#define HB_FILTER_H

#include <stdbool.h>

#include "projection.h"

struct hb_filter;

/* Parses query; returns 0 and *out, or -1 with *error (a one-line message to free). */
int hb_filter_parse(const char *query, struct hb_filter **out, char **error);
void hb_filter_free(struct hb_filter *f);

/* True when the filter looks at .unit, so that its verdict differs between a result's values. */
bool hb_filter_uses_unit(const struct hb_filter *f);

/* Whether the value in `unit` (its tidied unit; orig_unit is the unit as written, or NULL) of a
 * result from origin passes the filter. unit may be NULL when hb_filter_uses_unit is false. */
bool hb_filter_match(const struct hb_filter *f, const struct hb_origin *origin, const char *unit, const char *orig_unit,
                     const struct hb_intern *in);

#endif

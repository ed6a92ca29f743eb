/* run_order.h — -order: the runs by their context's date (Google Benchmark's ISO 8601 time with
 * its UTC offset), by their commit (hashbench_version, a git describe TAG-N-gHASH: by tag as a
 * version, then by N), or as given. Internal to the history library. */
#ifndef HB_RUN_ORDER_H
#define HB_RUN_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "history.h"

/* Writes into out[0..n) the indices of runs[0..n) in the order asked: stable, so runs with equal
 * keys keep the order given. Returns 0, or -1 with *error naming the first run (in the order
 * given) that has no usable key. */
int hb_run_order_compute(const struct hb_history_run *runs, size_t n, enum hb_run_order order, size_t *out,
                         char **error);

/* Parses a date as Google Benchmark writes it, "2026-01-31T12:00:00+01:00" (also with a space for
 * the T, fractional seconds, Z or +0100 for the offset, or no offset: UTC), into nanoseconds since
 * 1970 UTC. Returns 0, or -1 when text is no such date. */
int hb_parse_run_date(const char *text, int64_t *ns);

/* Orders two version strings as versions: runs of digits by their value, other text bytewise
 * ("v1.9" < "v1.10"). */
int hb_version_compare(const char *a, const char *b);

#endif

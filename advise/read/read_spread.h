/* read_spread.h — hbspread --format json into a machine's spread verdicts. */
#ifndef HB_ADVICE_READ_SPREAD_H
#define HB_ADVICE_READ_SPREAD_H

#include "machine.h"

/* Limits of a spread file: the longest string, the deepest nesting, the most algorithms and
 * keysets (hbspread writes one object per registry name and a few keysets). */
enum {
    HB_SPREAD_MAX_STRING = 1 << 16,
    HB_SPREAD_MAX_DEPTH = 16,
    HB_SPREAD_MAX_ALGORITHMS = 4096,
    HB_SPREAD_MAX_KEYSETS = 256
};

/* Streams path through yajl: the config (buckets, bucketing, avalanche keys), the keysets, and per
 * algorithm its verdicts, its full-width collisions on the first keyset, or why it was skipped.
 * Returns 0, or -1 with *error (one line naming path and the cause; free it). */
int hb_advice_read_spread(const char *path, struct hb_advice_machine *m, char **error);

#endif

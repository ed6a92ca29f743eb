/* read_spread.h — hbspread --format json (spread.json) read back, in bounded memory. */
#ifndef HB_READ_SPREAD_H
#define HB_READ_SPREAD_H

#include "spread_file.h"

/* Limits of a spread file: the longest string, the deepest nesting, the most algorithms and
 * keysets (hbspread writes one object per registry name and a few keysets). */
enum {
    HB_SPREAD_MAX_STRING = 1 << 16,
    HB_SPREAD_MAX_DEPTH = 16,
    HB_SPREAD_MAX_ALGORITHMS = 4096,
    HB_SPREAD_MAX_KEYSETS = 256
};

/* Streams path through yajl into *f (zeroed by the caller; free it with hb_spread_file_free, also
 * after an error): the config (buckets, bucketing, avalanche keys), the verdict rule's bounds, the
 * keysets, and per algorithm its verdicts, its full-width collisions on the first and the headline
 * keyset, or why it was skipped. Returns 0, or -1 with *error (one line naming path and the cause;
 * free it). */
int hb_spread_read(const char *path, struct hb_spread_file *f, char **error);

#endif

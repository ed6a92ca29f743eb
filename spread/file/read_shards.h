/* read_shards.h — one algorithm's "shards" and "rendezvous" members in hbspread's JSON (hbspread
 * --shards, --rendezvous) and the config's lists of counts, fed value by value by read_spread.c's
 * streaming reader. */
#ifndef HB_READ_SHARDS_H
#define HB_READ_SHARDS_H

#include <stdbool.h>
#include <stddef.h>

#include "spread_file.h"

/* An element of the algorithm's "shards" (rendezvous false) or "rendezvous" array opens. Returns 0,
 * or -1 with *why (more than the most allowed). */
int hb_read_shards_open(struct hb_spread_algorithm *a, bool rendezvous, char **why);
/* A member `key` of the element last opened. Returns 0, or -1 with *why naming a value that is not
 * what hbspread writes. Unknown members are ignored. */
int hb_read_shards_scalar(struct hb_spread_algorithm *a, bool rendezvous, const char *key, bool is_string,
                          const char *text, size_t len, char **why);
/* A number of config.shard_counts (rendezvous false) or config.rendezvous_servers. */
int hb_read_shard_count(struct hb_spread_file *f, bool rendezvous, bool is_string, const char *text, size_t len,
                        char **why);

#endif

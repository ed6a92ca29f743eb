/* run_pool.h — reading a history's runs on several threads at once: parsing JSON is most of the
 * time a long history takes, and each run is read on its own (run_read.h), so threads only meet
 * where the runs are handed over, in the order given. */
#ifndef HB_RUN_POOL_H
#define HB_RUN_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "run_read.h"

/* The most threads a pool starts, whatever the machine has. */
enum { HB_RUN_POOL_MAX_THREADS = 8 };

/* Reads the runs named by args[0..n) on up to `threads` threads (at least one), keeping the values
 * filter passes (NULL: all), and hands each to take(arg, run, failed) on the calling thread, in the
 * order given, whatever order they are read in; run is freed after take returns (take may move
 * what it keeps out of it). At the first run that fails, in that order, take sees it with failed
 * set (its notes may be worth printing), no later run is handed over, and the pool returns -1
 * with *error; else 0. At most a few runs per thread are held at once. */
int hb_read_runs(char *const *args, size_t n, const struct hb_filter *filter, bool cpu_time, unsigned threads,
                 void (*take)(void *arg, struct hb_history_input *run, bool failed), void *arg, char **error);

/* The threads worth starting here: the processors online, at most HB_RUN_POOL_MAX_THREADS. */
unsigned hb_run_pool_threads(void);

#endif

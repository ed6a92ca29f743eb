/* read_tables.h — hashbench --suite hashtable's rows on the user's keys into a machine. */
#ifndef HB_ADVICE_READ_TABLES_H
#define HB_ADVICE_READ_TABLES_H

#include "advice_machine.h"

/* Reads path (Google Benchmark JSON) through summarise/input: every hashtable row at keys:file, by
 * algorithm/impl, design and op, summarised to its median and 90% interval into the timing's tables
 * (a timing is added for an entry the run has no hash rows of), capped rows kept as capped, and
 * m->has_tables set when any was read. A file without such rows is no error. Returns 0, or -1 with
 * *error (one line naming path and the cause; free it). */
int hb_advice_read_tables(const char *path, struct hb_advice_machine *m, char **error);

#endif

/* read_run.h — a hashbench run (Google Benchmark JSON) into a machine's timings and key facts. */
#ifndef HB_ADVICE_READ_RUN_H
#define HB_ADVICE_READ_RUN_H

#include "advice_machine.h"

/* Reads path through summarise/input: the rows at size:ROWS (throughput at load:cpu and load:ram,
 * latency, the noop baseline), each summarised to its median and 90% interval, into m->timings;
 * the context's keys_*, host_name and cpu_model into m. Returns 0, or -1 with *error (one line
 * naming path and the cause; free it): unreadable or malformed JSON, no rows at that size. */
int hb_advice_read_run(const char *path, const char *rows, struct hb_advice_machine *m, char **error);

#endif

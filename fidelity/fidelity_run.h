/*
 * fidelity_run.h — running the other programs hbfidelity compares with (hashbench, hbstat,
 * openssl, xxhsum, b3sum): their output to a file or to memory, their wall time.
 */
#ifndef HB_FIDELITY_RUN_H
#define HB_FIDELITY_RUN_H

#include <stddef.h>

/* Runs argv (argv[0] looked up in PATH) with stdout and stderr to the file out_path (created or
 * truncated; NULL: /dev/null). Returns the exit status (-1 when it could not start or was killed)
 * and the CPU time it used, user and system, in *cpu_s (may be NULL). */
int hb_run(char *const argv[], const char *out_path, double *cpu_s);

/* Runs argv and returns its stdout, NUL-terminated (free it), or NULL when it could not start
 * or exited non-zero; stderr goes to /dev/null. */
char *hb_capture(char *const argv[]);

/* Monotonic seconds. */
double hb_now(void);
/* CPU seconds of the calling thread. */
double hb_thread_cpu(void);

#endif /* HB_FIDELITY_RUN_H */

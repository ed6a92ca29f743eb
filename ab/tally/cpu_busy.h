/* cpu_busy.h — how busy the CPUs other than the benchmark's were during a run, from two snapshots
 * of /proc/stat's "cpu" lines (before and after the run, as ab-calibrate.sh and noise-check.sh
 * record them in machine.txt). The benchmark runs pinned to the last CPU; a disturbed run shows as
 * the other CPUs' busy share. */
#ifndef HB_CPU_BUSY_H
#define HB_CPU_BUSY_H

#include <stddef.h>

/* The busy share, in percent, of the time of every CPU but the highest-numbered one between the
 * first and the last snapshot of each "cpu" line in text (busy: user, nice, system, irq, softirq
 * and steal; all: those and idle and iowait); NaN when the other CPUs' time did not grow (or text
 * has no two snapshots). Lines not starting with "cpu" are ignored. */
double hb_cpu_busy_others(const char *text);

#endif

/* history_noise.h — benchmark noise shaped like runs on a shared virtual machine, for the tests and
 * the benchmark of hbstat -history. Every factor is a natural logarithm (a value is multiplied by
 * exp of it), drawn from a fixed-seed SplitMix64 with no library maths, so a seed gives the same
 * series on every machine:
 *   - each run, every benchmark shares the machine's state: a Gaussian-like 1% of its own, plus a
 *     slow drift, an AR(1) process keeping 0.8 of the last run's drift and adding a fresh 0.3%
 *     (a standard deviation of about 0.5%);
 *   - 2% of runs are slow for every benchmark at once (another tenant was busy): by 0.10-0.30;
 *   - each benchmark in each run has its own Gaussian-like noise of 2% (a sum of twelve uniforms,
 *     Irwin and Hall's approximation of the normal);
 *   - 2% of a benchmark's runs are outliers on their own, slower by 0.15-0.60. */
#ifndef HB_HISTORY_NOISE_H
#define HB_HISTORY_NOISE_H

#include <stdint.h>

struct hb_vm_noise {
    uint64_t rng;
    double drift; /* the machine's drift for the current run */
    double slow;  /* the current run's machine-wide slowdown (0 for most runs) */
};

void hb_vm_noise_init(struct hb_vm_noise *noise, uint64_t seed);

/* Moves to the next run; returns the log factor every benchmark of that run shares. */
double hb_vm_noise_next_run(struct hb_vm_noise *noise);

/* The log factor of one benchmark in the current run, beside the run's shared one. */
double hb_vm_noise_benchmark(struct hb_vm_noise *noise);

/* The same without the outliers: only the benchmark's Gaussian-like noise, with standard deviation sd. */
double hb_vm_noise_gaussian(struct hb_vm_noise *noise, double sd);

/* Uniform in [0, 1). */
double hb_vm_noise_uniform(struct hb_vm_noise *noise);

#endif

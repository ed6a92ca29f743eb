/* history_fixture.h — histories built in memory for the tests of hbstat -history: one value per
 * run and row, as a run's median would be, with the shared-VM noise of history_noise.h, steps,
 * ramps, spikes and configuration changes placed by the test. */
#ifndef HB_HISTORY_FIXTURE_H
#define HB_HISTORY_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "history.h"
#include "history_changes.h"

enum { FIXTURE_MAX_ROWS = 64, FIXTURE_MAX_RUNS = 512 };

/* A history's values before noise: log factors by row and run, and each run's configuration. */
struct fixture {
    size_t rows, runs;
    double shift[FIXTURE_MAX_ROWS][FIXTURE_MAX_RUNS]; /* log factor, 0 for none */
    int config[FIXTURE_MAX_RUNS];                     /* runs with different numbers differ in cpu_model */
    bool noise;                                       /* add history_noise.h's shared-VM noise */
    uint64_t seed;
};

/* A step of pct percent in row from run `from` on (to the end). */
void fixture_step(struct fixture *f, size_t row, size_t from, double pct);

/* The history of f (each row's base value a few nanoseconds, different per row), arranged in the
 * order given. Free with hb_history_free. */
void fixture_build(const struct fixture *f, struct hb_history *h);

/* The changes found in row `row` (its series is row `row` of the one unit, sec/op). */
size_t fixture_changes_of(const struct hb_history_changes *c, size_t row, const struct hb_history_change **out,
                          size_t max);

#endif

/* spread_battery.h — the "battery" member of an algorithm in spread.json (hbspread --battery):
 * the linearity probe and, per bits selection a table design consumes (low, absl-h1, absl-h2,
 * top7), the verdict and the first structured key set that failed. */
#ifndef HB_SPREAD_BATTERY_H
#define HB_SPREAD_BATTERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The battery's result for one bits selection (low, absl-h1, absl-h2, top7). */
struct hb_spread_battery_design {
    char bits[16];
    bool fail;
    bool has_failure; /* first_failure is not null */
    unsigned stride_log2, buckets_log2;
    uint64_t occupied;
    double expected;
};

#define HB_BATTERY_MAX_DESIGNS 8

struct hb_spread_battery {
    bool present;
    bool fail;   /* the top verdict */
    bool linear; /* the linearity probe */
    uint64_t triples, zero;
    struct hb_spread_battery_design designs[HB_BATTERY_MAX_DESIGNS];
    size_t ndesigns;
};

#endif

/* spread_battery.h — the "battery" member of an algorithm in spread.json (hbspread --battery):
 * the linearity probe and, per view of the bits table designs consume (hb_designs.h: low, absl-h1,
 * ..., low32), the verdict and the first structured key set that failed. */
#ifndef HB_SPREAD_BATTERY_H
#define HB_SPREAD_BATTERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The battery's result for one view, named in "bits" (hb_view_name). */
struct hb_spread_battery_design {
    char bits[16];
    bool fail;
    bool has_failure; /* first_failure is not null */
    unsigned stride_log2, buckets_log2;
    uint64_t buckets;  /* the values the view takes (0 in files written before it was recorded) */
    uint64_t keys;     /* in the failing table */
    uint64_t occupied; /* buckets holding a key, distinct tags, or for low32 the pairs of equal values */
    double expected;   /* a random function's mean of the same */
};

#define HB_BATTERY_MAX_DESIGNS 16

struct hb_spread_battery {
    bool present;
    bool fail;   /* the top verdict */
    bool linear; /* the linearity probe */
    uint64_t triples, zero;
    struct hb_spread_battery_design designs[HB_BATTERY_MAX_DESIGNS];
    size_t ndesigns;
};

#endif

/*
 * known_cost.h — the baseline suite's row of known cost: "mulchain" loads 8 bytes of its input
 * and runs them through HB_MULCHAIN_MULS dependent 64-bit multiplies (3 core cycles each on
 * current x86-64), so in the latency loop a call costs 3 x HB_MULCHAIN_MULS core cycles plus a
 * few for the load and the address. Its cycles/hash checks the core-clock calibration in every
 * run that has the baseline suite.
 */
#ifndef HB_KNOWN_COST_H
#define HB_KNOWN_COST_H

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_MULCHAIN_MULS 1000

extern const struct hb_hash hb_mulchain_entry;

#ifdef __cplusplus
}
#endif

#endif /* HB_KNOWN_COST_H */

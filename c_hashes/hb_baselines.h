/*
 * hb_baselines.h — what the harness needs of the baseline entries beyond their descriptors: the
 * length of mulchain's chain, from which the row of known cost's expected core cycles follow.
 */
#ifndef HB_BASELINES_H
#define HB_BASELINES_H

#ifdef __cplusplus
extern "C" {
#endif

/* mulchain/portable runs its 8 input bytes through this many dependent 64-bit multiplies, so a
 * call costs this many times the core's multiply latency (plus a few cycles for the load). */
#define HB_MULCHAIN_MULS 1000

#ifdef __cplusplus
}
#endif

#endif /* HB_BASELINES_H */

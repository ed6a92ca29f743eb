/*
 * reference.h — the reference workload: a fixed 16-byte mixer (two 8-byte loads, one 64 x 64 ->
 * 128-bit multiply folded to 64 bits, a shift-multiply-shift finish) of the size and shape of a
 * fast hash on a short key. The default run measures it as the row
 * baseline/algo:reference/impl:portable/size:16/load:cpu, through the same throughput loop and
 * function-pointer call as every hash row, so that it feels the machine's noise the way those rows
 * do; its code never changes, so its spread over the run is the machine's, not the code's
 * (docs/statistics.md, "Machine variation").
 */
#ifndef HB_REFERENCE_H
#define HB_REFERENCE_H

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const struct hb_hash hb_reference_entry;

#ifdef __cplusplus
}
#endif

#endif /* HB_REFERENCE_H */

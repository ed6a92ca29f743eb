/*
 * memread.h — the baseline suite's memory-read ceiling: "memread" reads every input byte with the
 * widest vector loads this build has and folds them into 8 output bytes, so no hash can beat it on
 * the same buffer. It is a struct hb_hash so it runs through the same loop and call as the hashes.
 */
#ifndef HB_MEMREAD_H
#define HB_MEMREAD_H

#include <stddef.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* memread's implementations, widest first (avx512, avx2 and sse2 on x86-64, portable elsewhere). */
extern const struct hb_hash *const hb_memread_entries[];
extern const size_t hb_memread_entry_count;

#ifdef __cplusplus
}
#endif

#endif /* HB_MEMREAD_H */

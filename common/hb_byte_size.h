/*
 * hb_byte_size.h — the one grammar for a byte count on every command line: a whole decimal
 * number with an optional binary multiple, k or K (KiB, 2^10), M (MiB, 2^20) or G (GiB, 2^30),
 * each also written with "iB" after it (64KiB, 1MiB). Nothing else: no sign, no spaces, no
 * fraction, no decimal "KB".
 */
#ifndef HB_BYTE_SIZE_H
#define HB_BYTE_SIZE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parses text into *out when it follows the grammar and is at most max. Otherwise returns false,
 * leaves *out alone and, when why is not NULL, points *why at a static reason: "not a byte count",
 * "unknown suffix (k, K, M or G, binary multiples)" or "too large". */
bool hb_parse_byte_size(const char *text, uint64_t max, uint64_t *out, const char **why);

#ifdef __cplusplus
}
#endif

#endif /* HB_BYTE_SIZE_H */

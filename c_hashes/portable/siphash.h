/*
 * siphash.h — SipHash with an explicit 128-bit key, for the reference vectors (which use the key
 * 00 01 .. 0f). The registry entries derive the key from the 64-bit seed: k0 = seed, k1 = 0, i.e.
 * the key bytes are the seed in little-endian followed by eight zero bytes.
 */
#ifndef HB_SIPHASH_H
#define HB_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SipHash-c-d of len bytes under key; returns the 64-bit result (the reference writes it
 * little-endian; hashbench's output bytes are this integer big-endian). */
uint64_t hb_siphash_with_key(unsigned c_rounds, unsigned d_rounds, const uint8_t key[16], const void *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* HB_SIPHASH_H */

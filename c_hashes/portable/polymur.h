/*
 * polymur.h — PolymurHash with an explicit seed and tweak, for the authors' reference values
 * (test.c of github.com/orlp/polymur-hash: seed 0xfedbca9876543210, tweak 0xabcdef0123456789).
 * The registry entry maps hashbench's 64-bit seed to polymur_init_params_from_seed(seed) with
 * tweak 0, the variant SMHasher3 lists as "polymurhash".
 */
#ifndef HB_POLYMUR_H
#define HB_POLYMUR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* polymur_hash(in, len, params from polymur_init_params_from_seed(seed), tweak). */
uint64_t hb_polymur_with_tweak(const void *in, size_t len, uint64_t seed, uint64_t tweak);

#ifdef __cplusplus
}
#endif

#endif /* HB_POLYMUR_H */

/*
 * memread_sve.c — memread (memread_entry.h) with SVE loads (this file only is compiled with
 * -march=armv8.2-a+sve): whatever the vector length the core has, four full vectors a step into
 * four accumulators, then one vector at a time, and the last partial vector one load predicated on
 * the bytes that remain, which reads nothing past the input (inactive lanes neither load nor
 * fault) and puts every byte in its own position of the word, as the scalar tail would.
 */
#include "memread_entry.h"

#include <arm_sve.h>

static uint64_t memread_sve_value(const void *in, size_t len, uint64_t seed)
{
    const uint8_t *p = in;
    const size_t vl = svcntb();
    const svbool_t all = svptrue_b8();
    svuint8_t a = svdup_n_u8(0), b = a, c = a, d = a;
    for (; len >= 4 * vl; len -= 4 * vl, p += 4 * vl) {
        a = sveor_u8_x(all, a, svld1_u8(all, p));
        b = sveor_u8_x(all, b, svld1_u8(all, p + vl));
        c = sveor_u8_x(all, c, svld1_u8(all, p + 2 * vl));
        d = sveor_u8_x(all, d, svld1_u8(all, p + 3 * vl));
    }
    for (; len >= vl; len -= vl, p += vl)
        a = sveor_u8_x(all, a, svld1_u8(all, p));
    if (len > 0) /* p may be NULL when len is 0: no load at all */
        b = sveor_u8_x(all, b, svld1_u8(svwhilelt_b8_u64(0, len), p));
    svuint8_t x = sveor_u8_x(all, sveor_u8_x(all, a, b), sveor_u8_x(all, c, d));
    return sveorv_u64(svptrue_b64(), svreinterpret_u64_u8(x)) ^ seed;
}

MEMREAD_ENTRY(hb_memread_sve, "sve", HB_CPU_SVE, memread_sve_value,
              "reads every byte with full-width SVE loads, the tail predicated (memory-read ceiling)",
              MEMREAD_VERIFICATION_WORDS);

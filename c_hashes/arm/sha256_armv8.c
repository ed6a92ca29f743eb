/*
 * sha256_armv8.c — SHA-256 and SHA-224 (FIPS 180-4) with the AArch64 SHA-2 instructions (this file
 * only is compiled with -march=armv8-a+crypto). No portable fallback: on a CPU without them the
 * entries are listed as unavailable and the names resolve to OpenSSL. The same interface as
 * x86/sha256_shani.c.
 *
 * The one-shot path compresses the input's whole blocks in place and builds only the padded final
 * block or two on the stack: no context, no allocation. The streaming state is the chaining value,
 * the byte count and a partial block.
 *
 * SHA256H and SHA256H2 do four rounds each on the working variables held as two registers, ABCD
 * and EFGH, in the chaining value's own word order (no shuffles, unlike SHA-NI's ABEF/CDGH);
 * SHA256SU0 and SHA256SU1 extend the message schedule four words at a time.
 */
#include "hb_internal.h"

#include <arm_neon.h>

#include "sha256_frame.h"

/* The chaining value as the instructions take it. */
struct sha256_regs {
    uint32x4_t abcd, efgh;
};

static inline struct sha256_regs regs_from_words(const uint32_t h[8])
{
    return (struct sha256_regs){vld1q_u32(h), vld1q_u32(h + 4)};
}

static inline void regs_to_words(struct sha256_regs s, uint32_t h[8])
{
    vst1q_u32(h, s.abcd);
    vst1q_u32(h + 4, s.efgh);
}

/* 16 message bytes as four big-endian words. */
static inline uint32x4_t load_words(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

/* Compresses the blocks 64-byte blocks at p into s. The sixteen schedule words stay in four
 * registers: after group g uses w[g % 4], that register is extended to the words of group g + 4
 * from itself and the three that follow. */
static inline struct sha256_regs compress(struct sha256_regs s, const uint8_t *p, size_t blocks)
{
    for (; blocks > 0; blocks--, p += 64) {
        struct sha256_regs saved = s;
        uint32x4_t w[4] = {load_words(p), load_words(p + 16), load_words(p + 32), load_words(p + 48)};
        for (int g = 0; g < 16; g++) {
            uint32x4_t wk = vaddq_u32(w[g % 4], vld1q_u32(round_constants + 4 * g));
            if (g < 12)
                w[g % 4] = vsha256su1q_u32(vsha256su0q_u32(w[g % 4], w[(g + 1) % 4]), w[(g + 2) % 4], w[(g + 3) % 4]);
            uint32x4_t abcd = s.abcd;
            s.abcd = vsha256hq_u32(s.abcd, s.efgh, wk);
            s.efgh = vsha256h2q_u32(s.efgh, abcd, wk);
        }
        s.abcd = vaddq_u32(s.abcd, saved.abcd);
        s.efgh = vaddq_u32(s.efgh, saved.efgh);
    }
    return s;
}

#define HB_SHA256_FRAME
#include "sha256_frame.h"

HB_SHA256_ENTRY(hb_sha256_armv8_sha2, "sha256", "armv8-sha2", HB_CPU_ASIMD | HB_CPU_SHA2, sha256_iv, 8,
                "SHA-256 (FIPS 180-4), AArch64 SHA-2 instructions", HB_VERIFICATION_SHA256);
HB_SHA256_ENTRY(hb_sha224_armv8_sha2, "sha224", "armv8-sha2", HB_CPU_ASIMD | HB_CPU_SHA2, sha224_iv, 7,
                "SHA-224 (FIPS 180-4), AArch64 SHA-2 instructions", HB_VERIFICATION_SHA224);

/*
 * crc_fold_fused_body.h — CRC-32C and CRC-32 with PMULL folding and crc32 instruction streams side
 * by side, included once per instruction set by crc_fold_pmull_crc.c (three-way XORs as two EORs)
 * and crc_fold_pmull_eor3_crc.c (one EOR3, the SHA-3 extension), each compiled with its flags.
 * The includer defines HB_CRC_FUSED_IMPL (the impl string), HB_CRC_FUSED_VAR(name) (the entries'
 * symbols), HB_CRC_FUSED_CPU_REQ and HB_CRC_FUSED_WHAT (the summary's instruction words).
 *
 * Folding keeps the carry-less multiplier busy and leaves the crc32 unit idle, and the reverse: so
 * each block of the input is cut into three crc32 streams followed by the folded bytes (sizes in
 * crc_fold_gen.c, two lanes folded per stream word), each iteration advancing the fold by one step
 * of CRC_ARM_FUSED_LANES lanes and each stream by a few words. At the end of a block the streams'
 * registers are multiplied into the fold's first lane by constants fixed with the block's size,
 * and the fold jumps over the next block's streams (x86/crc_fold_vpclmul_avx512.c's scheme, with
 * 128-bit lanes). Inputs under a block fold alone; short ones take one crc32 chain. The last lane
 * is reduced by the crc32 instruction itself.
 */
#include "crc_armv8_chain.h"
#include "crc_fold_neon.h"

/* One crc32 chain beats loading and reducing eight lanes below this many bytes: chosen without an
 * AArch64 core to measure on, from the chain's 8 bytes per 2-3 cycles against the fold's set-up
 * and reduction of a dozen dependent multiplications. */
#define FUSED_CHAIN_MAX 128
#define LANES           CRC_ARM_FUSED_LANES
#define STEP            (16 * LANES)
#define STREAM          CRC_ARM_FUSED_STREAM_BYTES
#define BLOCK           (3 * STREAM + CRC_ARM_FUSED_FOLD_BYTES)

/* Advances the three chains by one iteration's words each. */
static inline void fused_streams(bool castagnoli, uint32_t c[3], const uint8_t *s, size_t iteration)
{
    const uint8_t *w = s + iteration * 8 * CRC_ARM_FUSED_STREAM_WORDS;
    for (int i = 0; i < CRC_ARM_FUSED_STREAM_WORDS; i++) {
        c[0] = crc_armv8_u64(castagnoli, c[0], hb_load_le64(w + 8 * i));
        c[1] = crc_armv8_u64(castagnoli, c[1], hb_load_le64(w + STREAM + 8 * i));
        c[2] = crc_armv8_u64(castagnoli, c[2], hb_load_le64(w + 2 * STREAM + 8 * i));
    }
}

/* a[0..LANES) hold the STEP bytes that end at p: folds the rest of the input in and returns the
 * folded last lane. */
static inline crc_lane fused_finish(crc_lane a[LANES], const uint8_t *p, size_t len, const struct crc_fold_consts *k)
{
    poly64x2_t kstep = crc_fold_constant(k, LANES);
    for (; len >= STEP; p += STEP, len -= STEP)
        for (int j = 0; j < LANES; j++)
            a[j] = crc_fold_lane(a[j], kstep, crc_lane_load(p + 16 * j));
    crc_lane last = a[LANES - 1];
    for (int j = 0; j < LANES - 1; j++)
        last = crc_fold_lane(a[j], crc_fold_constant(k, (unsigned)(LANES - 1 - j)), last);
    return crc_fold_tail(last, p, len, k);
}

/* The register over len >= BLOCK bytes. */
static inline uint32_t fused_blocks(bool castagnoli, uint32_t crc, const uint8_t *p, size_t len)
{
    const struct crc_fold_consts *k = castagnoli ? &crc32c_fold_consts : &crc32_fold_consts;
    const struct crc_fused_consts *fused = castagnoli ? &crc32c_arm_fused_consts : &crc32_arm_fused_consts;
    poly64x2_t kstep = crc_fold_constant(k, LANES), gap = crc_constant_pair(fused->gap_fold);
    crc_lane a[LANES];
    uint32_t c[3] = {crc, 0, 0}; /* the register enters with the first stream */
    for (int first = 1; len >= BLOCK; first = 0, p += BLOCK, len -= BLOCK) {
        const uint8_t *f = p + 3 * STREAM;
        for (int j = 0; j < LANES; j++)
            a[j] = first ? crc_lane_load(f + 16 * j) : crc_fold_lane(a[j], gap, crc_lane_load(f + 16 * j));
        fused_streams(castagnoli, c, p, 0);
        for (size_t i = 1; i < CRC_ARM_FUSED_ITERATIONS; i++) {
            for (int j = 0; j < LANES; j++)
                a[j] = crc_fold_lane(a[j], kstep, crc_lane_load(f + i * STEP + 16 * j));
            fused_streams(castagnoli, c, p, i);
        }
        a[0] = crc_xor3(a[0], crc_clmul(c[0], fused->stream_shift[0]),
                        veorq_u64(crc_clmul(c[1], fused->stream_shift[1]), crc_clmul(c[2], fused->stream_shift[2])));
        c[0] = c[1] = c[2] = 0;
    }
    crc_lane x = fused_finish(a, p, len, k);
    return crc_armv8_reduce_lane(castagnoli, vgetq_lane_u64(x, 0), vgetq_lane_u64(x, 1));
}

/* The long paths behind one call, so that short inputs take one test and no register saves. */
static __attribute__((noinline)) uint32_t fused_long(bool castagnoli, uint32_t crc, const uint8_t *p, size_t len)
{
    if (len >= BLOCK)
        return fused_blocks(castagnoli, crc, p, len);
    crc_lane x = crc_fold_lanes(crc, p, len, castagnoli ? &crc32c_fold_consts : &crc32_fold_consts);
    return crc_armv8_reduce_lane(castagnoli, vgetq_lane_u64(x, 0), vgetq_lane_u64(x, 1));
}

/* HB_CRC_ENTRY pastes its first argument: the names are expanded one call earlier. */
#define FUSED_ENTRY(...) HB_CRC_ENTRY(__VA_ARGS__)

static uint32_t HB_CRC_FUSED_VAR(crc32c_run)(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < FUSED_CHAIN_MAX)
        return crc_armv8_chain(true, crc, p, len);
    return fused_long(true, crc, p, len);
}

static uint32_t HB_CRC_FUSED_VAR(crc32_run)(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < FUSED_CHAIN_MAX)
        return crc_armv8_chain(false, crc, p, len);
    return fused_long(false, crc, p, len);
}

FUSED_ENTRY(HB_CRC_FUSED_VAR(hb_crc32c), "crc32c", HB_CRC_FUSED_IMPL, HB_CRC_FUSED_VAR(crc32c_run),
            HB_CRC_FUSED_CPU_REQ,
            "CRC-32C (Castagnoli), 128-bit " HB_CRC_FUSED_WHAT " folding fused with 3 crc32cx streams",
            HB_VERIFICATION_CRC32C);
FUSED_ENTRY(HB_CRC_FUSED_VAR(hb_crc32), "crc32", HB_CRC_FUSED_IMPL, HB_CRC_FUSED_VAR(crc32_run), HB_CRC_FUSED_CPU_REQ,
            "CRC-32 (IEEE; gzip, zlib, PNG), 128-bit " HB_CRC_FUSED_WHAT " folding fused with 3 crc32x streams",
            HB_VERIFICATION_CRC32);

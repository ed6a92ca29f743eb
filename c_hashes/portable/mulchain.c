/*
 * mulchain.c — the baseline suite's row of known cost: mulchain loads 8 bytes of its input and
 * runs them through HB_MULCHAIN_MULS dependent 64-bit multiplies (hb_baselines.h), so in the
 * latency loop a call costs HB_MULCHAIN_MULS times the core's 64-bit multiply latency, plus a few
 * cycles for the load and the address. Its cycles/hash checks the core-clock calibration in every
 * run that has the baseline suite; the harness knows the latency per core type
 * (harness/machine/known_cost.cpp). Portable C: each step is one multiply instruction on every
 * architecture we build for (imul on x86-64, mul on AArch64).
 */
#include "hb_baselines.h"
#include "hb_internal.h"

static uint64_t mulchain_hash64(const void *in, size_t len, uint64_t seed)
{
    uint64_t x = seed ^ len;
    if (len >= 8)
        x ^= hb_load_le64(in);
    /* The empty asm keeps the compiler from folding the chain into one multiply by a power. */
    for (int i = 0; i < HB_MULCHAIN_MULS; i += 4) {
        x *= UINT64_C(0x9E3779B97F4A7C15);
        __asm__("" : "+r"(x));
        x *= UINT64_C(0x9E3779B97F4A7C15);
        __asm__("" : "+r"(x));
        x *= UINT64_C(0x9E3779B97F4A7C15);
        __asm__("" : "+r"(x));
        x *= UINT64_C(0x9E3779B97F4A7C15);
        __asm__("" : "+r"(x));
    }
    return x;
}

static void mulchain_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, mulchain_hash64(in, len, seed));
}

const struct hb_hash hb_mulchain_portable = {
    .name = "mulchain",
    .impl = "portable",
    .family = "baseline",
    .summary = "1000 dependent 64-bit multiplies on 8 input bytes (known cost: 1000 multiply latencies)",
    .kind = HB_KIND_BASELINE,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER | HB_FLAG_KNOWN_COST,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = mulchain_oneshot,
    .hash64 = mulchain_hash64,
    .verification = 0x9DA10B25u,
};

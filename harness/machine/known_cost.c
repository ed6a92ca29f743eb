/* known_cost.c — mulchain: a chain of HB_MULCHAIN_MULS dependent multiplies (known_cost.h). */
#include "known_cost.h"

#include <string.h>

#include "hb_version.h"

static const char *mulchain_version(void)
{
    return "hashbench " HB_VERSION;
}

static uint64_t mulchain_hash64(const void *in, size_t len, uint64_t seed)
{
    uint64_t x = seed ^ len;
    if (len >= 8) {
        uint64_t w;
        memcpy(&w, in, 8);
        x ^= w;
    }
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
    uint64_t v = mulchain_hash64(in, len, seed);
    for (int i = 7; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)v;
}

const struct hb_hash hb_mulchain_entry = {
    .name = "mulchain",
    .impl = "portable",
    .family = "baseline",
    .summary = "1000 dependent 64-bit multiplies on 8 input bytes (known cost: 3000 core cycles)",
    .kind = HB_KIND_BASELINE,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .linkage = HB_LINK_BUILTIN,
    .version = mulchain_version,
    .oneshot = mulchain_oneshot,
    .hash64 = mulchain_hash64,
};

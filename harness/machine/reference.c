/* reference.c — the reference workload (reference.h). Changing this code would change what every
 * recorded machine_variation measured: leave it as it is. */
#include "reference.h"

#include <string.h>

#include "hb_version.h"

static const char *reference_version(void)
{
    return "hashbench " HB_VERSION;
}

static uint64_t reference_hash64(const void *in, size_t len, uint64_t seed)
{
    const unsigned char *p = in;
    uint64_t lo = 0, hi = 0;
    /* Keys of 8 bytes or more: the first and the last 8 (overlapping below 16); shorter keys are
     * copied whole. */
    if (len >= 8) {
        memcpy(&lo, p, 8);
        memcpy(&hi, p + len - 8, 8);
    } else if (len > 0) {
        memcpy(&lo, p, len);
    }
    unsigned __int128 product =
        (unsigned __int128)(lo ^ seed ^ UINT64_C(0x243F6A8885A308D3)) * (hi ^ UINT64_C(0x13198A2E03707344));
    uint64_t x = (uint64_t)product ^ (uint64_t)(product >> 64) ^ (uint64_t)len;
    x ^= x >> 29;
    x *= UINT64_C(0xBF58476D1CE4E5B9);
    x ^= x >> 32;
    return x;
}

static void reference_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    uint64_t v = reference_hash64(in, len, seed);
    for (int i = 7; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)v;
}

const struct hb_hash hb_reference_entry = {
    .name = "reference",
    .impl = "portable",
    .family = "baseline",
    .summary = "a fixed 16-byte mixer, the reference workload that measures the machine's variation",
    .kind = HB_KIND_BASELINE,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .linkage = HB_LINK_BUILTIN,
    .version = reference_version,
    .oneshot = reference_oneshot,
    .hash64 = reference_hash64,
};

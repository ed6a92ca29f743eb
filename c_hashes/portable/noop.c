/*
 * noop.c — the harness baseline: returns the seed and reads nothing. Its time per call is the
 * cost every benchmark row carries (the call through the descriptor, the loop, the counters).
 * It does not stream.
 */
#include "hb_internal.h"

static void noop_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)in;
    (void)len;
    hb_store_be64(out, seed);
}

/* The latency suite's floor: the first 8 output bytes through the same register path as a hash. */
static uint64_t noop_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)in;
    (void)len;
    return seed;
}

const struct hb_hash hb_noop_portable = {
    .name = "noop",
    .impl = "portable",
    .family = "baseline",
    .summary = "returns the seed, reads no input (call-overhead baseline)",
    .kind = HB_KIND_BASELINE,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linear = true,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = noop_oneshot,
    .hash64 = noop_hash64,
    .verification = 0,
};

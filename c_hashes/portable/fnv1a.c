/*
 * fnv1a.c — FNV-1a, 32 and 64 bits (Fowler, Noll, Vo; draft-eastlake-fnv). Unseeded: the offset
 * basis is fixed by the specification. One multiply per byte, so slow on long inputs; listed as
 * the classic baseline of hash-table hashing.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#define FNV32_OFFSET 2166136261u
#define FNV32_PRIME  16777619u
#define FNV64_OFFSET UINT64_C(14695981039346656037)
#define FNV64_PRIME  UINT64_C(1099511628211)

static uint32_t fnv1a_32_run(uint32_t h, const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * FNV32_PRIME;
    return h;
}

static uint64_t fnv1a_64_run(uint64_t h, const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * FNV64_PRIME;
    return h;
}

static void fnv1a_32_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, fnv1a_32_run(FNV32_OFFSET, in, len));
}

static uint64_t fnv1a_32_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return fnv1a_32_run(FNV32_OFFSET, in, len);
}

static void fnv1a_32_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uint32_t *)state = FNV32_OFFSET;
}

static void fnv1a_32_update(void *state, const void *in, size_t len)
{
    uint32_t *h = state;
    *h = fnv1a_32_run(*h, in, len);
}

static void fnv1a_32_final(void *state, uint8_t *out)
{
    hb_store_be32(out, *(uint32_t *)state);
}

static void fnv1a_64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be64(out, fnv1a_64_run(FNV64_OFFSET, in, len));
}

static uint64_t fnv1a_64_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return fnv1a_64_run(FNV64_OFFSET, in, len);
}

static void fnv1a_64_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uint64_t *)state = FNV64_OFFSET;
}

static void fnv1a_64_update(void *state, const void *in, size_t len)
{
    uint64_t *h = state;
    *h = fnv1a_64_run(*h, in, len);
}

static void fnv1a_64_final(void *state, uint8_t *out)
{
    hb_store_be64(out, *(uint64_t *)state);
}

const struct hb_hash hb_fnv1a_32_portable = {
    .name = "fnv1a-32",
    .impl = "portable",
    .family = "fnv",
    .summary = "FNV-1a 32-bit, byte at a time",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = fnv1a_32_oneshot,
    .hash64 = fnv1a_32_hash64,
    .state_size = sizeof(uint32_t),
    .init = fnv1a_32_init,
    .update = fnv1a_32_update,
    .final = fnv1a_32_final,
    .verification = 0x3F30C7A1,
};

const struct hb_hash hb_fnv1a_64_portable = {
    .name = "fnv1a-64",
    .impl = "portable",
    .family = "fnv",
    .summary = "FNV-1a 64-bit, byte at a time",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = fnv1a_64_oneshot,
    .hash64 = fnv1a_64_hash64,
    .state_size = sizeof(uint64_t),
    .init = fnv1a_64_init,
    .update = fnv1a_64_update,
    .final = fnv1a_64_final,
    .verification = 0x165DD760,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(fnv1a_32_portable, fnv1a_32_hash64)
HB_DIRECT_DEFINE(fnv1a_64_portable, fnv1a_64_hash64)

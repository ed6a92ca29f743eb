/*
 * isal_crc64.c — CRC-64 through Intel's ISA-L (linked shared, as in isal_adapter.c), the variants
 * formats use, each named after its reveng catalogue entry:
 *   crc64-xz     CRC-64/XZ: the ECMA-182 polynomial, reflected, register preset and result
 *                inverted; the check of .xz files (xz, 7-Zip), ISA-L crc64_ecma_refl;
 *   crc64-go-iso CRC-64/GO-ISO: the ISO 3309 polynomial, same conventions; Go's hash/crc64 with
 *                its ISO table, ISA-L crc64_iso_refl;
 *   crc64-redis  CRC-64/REDIS: the Jones polynomial, reflected, no preset and no final inversion;
 *                Redis RDB files and DUMP payloads, ISA-L crc64_jones_refl.
 * ISA-L 2.30 (Debian 12) has no CRC-64/NVME (the Rocksoft polynomial of NVMe and of S3's
 * CRC64NVME checksums); it arrived in ISA-L 2.31.
 *
 * Every ISA-L crc64_*_refl(init, buf, len) inverts init on entry and its result on exit, so
 * passing a previous result continues a preset-and-inverted CRC; CRC-64/REDIS, which has neither,
 * runs its raw register r as ~f(~r, buf, len).
 */
#include "hb_internal.h"

#include <isa-l.h>

static uint64_t xz_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return crc64_ecma_refl(0, in, len);
}

static uint64_t go_iso_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return crc64_iso_refl(0, in, len);
}

static uint64_t redis_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return ~crc64_jones_refl(~UINT64_C(0), in, len);
}

static void xz_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, xz_hash64(in, len, seed));
}

static void go_iso_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, go_iso_hash64(in, len, seed));
}

static void redis_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, redis_hash64(in, len, seed));
}

/* The state of every variant: the running value, starting at 0 (for crc64-xz and crc64-go-iso the
 * last result, for crc64-redis the raw register). */
static void crc64_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uint64_t *)state = 0;
}

static void crc64_final(void *state, uint8_t *out)
{
    hb_store_be64(out, *(uint64_t *)state);
}

static void xz_update(void *state, const void *in, size_t len)
{
    uint64_t *crc = state;
    *crc = crc64_ecma_refl(*crc, in, len);
}

static void go_iso_update(void *state, const void *in, size_t len)
{
    uint64_t *crc = state;
    *crc = crc64_iso_refl(*crc, in, len);
}

static void redis_update(void *state, const void *in, size_t len)
{
    uint64_t *reg = state;
    *reg = ~crc64_jones_refl(~*reg, in, len);
}

#define ISAL_CRC64_ENTRY(var, name_, summary_, prefix, verification_)                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = "isal",                                                                                                \
        .family = "crc",                                                                                               \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_CHECKSUM,                                                                                      \
        .out_bits = 64,                                                                                                \
        .seed_bits = 0,                                                                                                \
        .flags = HB_FLAG_INTEGER,                                                                                      \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linear = true,                                                                                                \
        .linkage = HB_LINK_SHARED,                                                                                     \
        .version = hb_isal_version,                                                                                    \
        .oneshot = prefix##_oneshot,                                                                                   \
        .hash64 = prefix##_hash64,                                                                                     \
        .state_size = sizeof(uint64_t),                                                                                \
        .init = crc64_init,                                                                                            \
        .update = prefix##_update,                                                                                     \
        .final = crc64_final,                                                                                          \
        .verification = verification_,                                                                                 \
    }

ISAL_CRC64_ENTRY(hb_crc64_xz_isal, "crc64-xz", "CRC-64/XZ (.xz files, 7-Zip), ISA-L crc64_ecma_refl", xz, 0x22665979);
ISAL_CRC64_ENTRY(hb_crc64_go_iso_isal, "crc64-go-iso", "CRC-64/GO-ISO (Go hash/crc64 ISO table), ISA-L crc64_iso_refl",
                 go_iso, 0x1C24C1E3);
ISAL_CRC64_ENTRY(hb_crc64_redis_isal, "crc64-redis", "CRC-64/REDIS (Redis RDB, DUMP), ISA-L crc64_jones_refl", redis,
                 0x343A6BF7);

/*
 * zlib_adapter.c — CRC-32 (the ISO-HDLC / gzip polynomial, reflected) and Adler-32 from zlib,
 * linked statically. The *_z entry points take size_t lengths, so inputs over 4 GiB need no
 * splitting. Both are unseeded checksums; the output is the 32-bit value, big-endian.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <zlib.h>

static const char *zlib_version_text(void)
{
    return "zlib " ZLIB_VERSION;
}

static void crc32_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, (uint32_t)crc32_z(0, in, len));
}

static void adler32_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, (uint32_t)adler32_z(1, in, len));
}

static uint64_t crc32_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return (uint32_t)crc32_z(0, in, len);
}

static uint64_t adler32_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return (uint32_t)adler32_z(1, in, len);
}

static void crc32_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uLong *)state = crc32_z(0, Z_NULL, 0);
}

static void crc32_update(void *state, const void *in, size_t len)
{
    uLong *crc = state;
    *crc = crc32_z(*crc, in, len);
}

static void adler32_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uLong *)state = adler32_z(0, Z_NULL, 0);
}

static void adler32_update(void *state, const void *in, size_t len)
{
    uLong *sum = state;
    *sum = adler32_z(*sum, in, len);
}

static void checksum_final(void *state, uint8_t *out)
{
    hb_store_be32(out, (uint32_t) * (uLong *)state);
}

const struct hb_hash hb_crc32_zlib = {
    .name = "crc32",
    .impl = "zlib",
    .family = "crc",
    .summary = "CRC-32 (gzip, PNG, Ethernet polynomial), zlib",
    .kind = HB_KIND_CHECKSUM,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linear = true,
    .linkage = HB_LINK_STATIC,
    .version = zlib_version_text,
    .oneshot = crc32_oneshot,
    .hash64 = crc32_hash64,
    .state_size = sizeof(uLong),
    .init = crc32_init,
    .update = crc32_update,
    .final = checksum_final,
    .verification = HB_VERIFICATION_CRC32,
};

const struct hb_hash hb_adler32_zlib = {
    .name = "adler32",
    .impl = "zlib",
    .family = "adler",
    .summary = "Adler-32 (zlib stream checksum), zlib",
    .kind = HB_KIND_CHECKSUM,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_STATIC,
    .version = zlib_version_text,
    .oneshot = adler32_oneshot,
    .hash64 = adler32_hash64,
    .state_size = sizeof(uLong),
    .init = adler32_init,
    .update = adler32_update,
    .final = checksum_final,
    .verification = 0x4D8F4388,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(adler32_zlib, adler32_hash64)

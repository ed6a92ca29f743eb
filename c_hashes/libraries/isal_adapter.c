/*
 * isal_adapter.c — CRC-32C and CRC-32 from Intel's ISA-L (linked shared: Debian ships no archive).
 * crc32_iscsi() takes the running CRC pre-inverted and an int length, so long inputs are fed in
 * pieces below INT_MAX; crc32_gzip_refl() is the reflected, zlib-compatible CRC-32 (ISA-L's
 * crc32_ieee is the non-reflected variant and gives other values).
 */
#include "hb_internal.h"

#include <limits.h>
#include <isa-l.h>

const char *hb_isal_version(void)
{
    /* ISA-L has no run-time version query: this is the version of the headers built against. */
    return "ISA-L " HB_STRINGIFY(ISAL_MAJOR_VERSION) "." HB_STRINGIFY(ISAL_MINOR_VERSION) "." HB_STRINGIFY(
        ISAL_PATCH_VERSION);
}

/* Running CRC-32C without the final inversion (the state between updates). */
static uint32_t iscsi_run(uint32_t crc, const uint8_t *p, size_t len)
{
    while (len > 0) {
        size_t piece = len < (size_t)INT_MAX ? len : (size_t)1 << 30;
        crc = crc32_iscsi((unsigned char *)p, (int)piece, crc);
        p += piece;
        len -= piece;
    }
    return crc;
}

static void crc32c_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, ~iscsi_run(0xffffffffu, in, len));
}

static uint64_t crc32c_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return (uint32_t)~iscsi_run(0xffffffffu, in, len);
}

static void crc32c_update(void *state, const void *in, size_t len)
{
    uint32_t *crc = state;
    *crc = iscsi_run(*crc, in, len);
}

static void crc32_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, crc32_gzip_refl(0, (unsigned char *)in, len));
}

static uint64_t crc32_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return crc32_gzip_refl(0, (unsigned char *)in, len);
}

static void crc32_init(void *state, uint64_t seed)
{
    (void)seed;
    *(uint32_t *)state = 0;
}

static void crc32_update(void *state, const void *in, size_t len)
{
    uint32_t *crc = state;
    *crc = crc32_gzip_refl(*crc, (unsigned char *)in, len);
}

static void crc32_final(void *state, uint8_t *out)
{
    hb_store_be32(out, *(uint32_t *)state);
}

const struct hb_hash hb_crc32c_isal = {
    .name = "crc32c",
    .impl = "isal",
    .family = "crc",
    .summary = "CRC-32C (Castagnoli; iSCSI, ext4, SCTP), ISA-L crc32_iscsi",
    .kind = HB_KIND_CHECKSUM,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linear = true,
    .linkage = HB_LINK_SHARED,
    .version = hb_isal_version,
    .oneshot = crc32c_oneshot,
    .hash64 = crc32c_hash64,
    .state_size = sizeof(uint32_t),
    .init = hb_crc_state_init,
    .update = crc32c_update,
    .final = hb_crc_state_final,
    .verification = HB_VERIFICATION_CRC32C,
};

const struct hb_hash hb_crc32_isal = {
    .name = "crc32",
    .impl = "isal",
    .family = "crc",
    .summary = "CRC-32 (gzip, PNG, Ethernet polynomial), ISA-L crc32_gzip_refl",
    .kind = HB_KIND_CHECKSUM,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linear = true,
    .linkage = HB_LINK_SHARED,
    .version = hb_isal_version,
    .oneshot = crc32_oneshot,
    .hash64 = crc32_hash64,
    .state_size = sizeof(uint32_t),
    .init = crc32_init,
    .update = crc32_update,
    .final = crc32_final,
    .verification = HB_VERIFICATION_CRC32,
};

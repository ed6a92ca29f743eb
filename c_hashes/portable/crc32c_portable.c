/*
 * crc32c_portable.c — CRC-32C (Castagnoli; iSCSI, ext4, SCTP) in plain C, slicing-by-8: one word
 * of eight bytes per step through eight 256-entry tables (crc32c_tables.h, generated at build time
 * by crc32c_tables_gen.c), so the loop runs without CPU extensions on any architecture.
 * Reflected polynomial 0x82F63B78, register initialised to and finally XORed with 0xFFFFFFFF
 * (check value of "123456789": 0xE3069283). Unseeded; the streaming state is the running register.
 */
#include "hb_internal.h"

#include "crc32c_tables.h"

/* Advances the CRC-32C register crc (not inverted) over len bytes. */
static uint32_t crc32c_slice8(uint32_t crc, const uint8_t *p, size_t len)
{
    for (; len >= 8; p += 8, len -= 8) {
        uint32_t lo = hb_load_le32(p) ^ crc, hi = hb_load_le32(p + 4);
        /* The first byte of the word has seven bytes still to pass through the register. */
        crc = crc32c_table[7][lo & 0xff] ^ crc32c_table[6][(lo >> 8) & 0xff] ^ crc32c_table[5][(lo >> 16) & 0xff] ^
              crc32c_table[4][lo >> 24] ^ crc32c_table[3][hi & 0xff] ^ crc32c_table[2][(hi >> 8) & 0xff] ^
              crc32c_table[1][(hi >> 16) & 0xff] ^ crc32c_table[0][hi >> 24];
    }
    for (; len > 0; p++, len--)
        crc = (crc >> 8) ^ crc32c_table[0][(crc ^ *p) & 0xff];
    return crc;
}

static void crc32c_portable_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, ~crc32c_slice8(0xffffffffu, in, len));
}

static uint64_t crc32c_portable_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return ~crc32c_slice8(0xffffffffu, in, len);
}

static void crc32c_portable_update(void *state, const void *in, size_t len)
{
    uint32_t *crc = state;
    *crc = crc32c_slice8(*crc, in, len);
}

const struct hb_hash hb_crc32c_portable = {
    .name = "crc32c",
    .impl = "portable",
    .family = "crc",
    .summary = "CRC-32C (Castagnoli; iSCSI, ext4, SCTP), slicing-by-8 tables",
    .kind = HB_KIND_CHECKSUM,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linear = true,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = crc32c_portable_oneshot,
    .hash64 = crc32c_portable_hash64,
    .state_size = sizeof(uint32_t),
    .init = hb_crc_state_init,
    .update = crc32c_portable_update,
    .final = hb_crc_state_final,
    .verification = HB_VERIFICATION_CRC32C,
};

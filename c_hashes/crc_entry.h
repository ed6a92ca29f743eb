/*
 * crc_entry.h — the descriptor of a CRC-32 or CRC-32C entry of our own, shared by the x86-64 and
 * AArch64 files (x86/, arm/) whatever their instructions: each gives run(register, p, len), the
 * advance of the running register over len bytes, and HB_CRC_ENTRY makes the entry of it.
 */
#ifndef HB_CRC_ENTRY_H
#define HB_CRC_ENTRY_H

#include "hb_internal.h"

/* One entry of a CRC of ours: run(register, p, len) advances the running register (preset to all
 * ones, inverted at the end, for both polynomials); the streaming state is that register. The
 * entry points start on a cache line: a 16-byte CRC takes a few cycles, and where the short path's
 * branches fall otherwise moved it by 10-15% from one build (and one entry) to the next. */
#define HB_CRC_ENTRY(var, name_, impl_, run, req, summary_, verification_)                                             \
    __attribute__((aligned(64))) static void var##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)    \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        hb_store_be32(out, ~run(0xffffffffu, in, len));                                                                \
    }                                                                                                                  \
    __attribute__((aligned(64))) static uint64_t var##_hash64(const void *in, size_t len, uint64_t seed)               \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        return (uint32_t)~run(0xffffffffu, in, len);                                                                   \
    }                                                                                                                  \
    static void var##_update(void *state, const void *in, size_t len)                                                  \
    {                                                                                                                  \
        uint32_t *crc = state;                                                                                         \
        *crc = run(*crc, in, len);                                                                                     \
    }                                                                                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = impl_,                                                                                                 \
        .family = "crc",                                                                                               \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_CHECKSUM,                                                                                      \
        .out_bits = 32,                                                                                                \
        .seed_bits = 0,                                                                                                \
        .flags = HB_FLAG_INTEGER,                                                                                      \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linear = true,                                                                                                \
        .cpu_req = (req),                                                                                              \
        .linkage = HB_LINK_BUILTIN,                                                                                    \
        .version = hb_builtin_version,                                                                                 \
        .oneshot = var##_oneshot,                                                                                      \
        .hash64 = var##_hash64,                                                                                        \
        .state_size = sizeof(uint32_t),                                                                                \
        .init = hb_crc_state_init,                                                                                     \
        .update = var##_update,                                                                                        \
        .final = hb_crc_state_final,                                                                                   \
        .verification = (verification_),                                                                               \
    }

#endif /* HB_CRC_ENTRY_H */

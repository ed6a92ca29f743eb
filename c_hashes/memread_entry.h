/*
 * memread_entry.h — shared by the memread baseline's files, one per instruction set (x86/ and
 * arm/memread_<isa>.c): the entry's descriptor and the scalar tail.
 *
 * memread is the baseline suite's memory-read ceiling: it reads every input byte with the widest
 * vector loads its instruction set has and XORs them into independent accumulators, so its loop is
 * bound by the loads alone and no hash can beat it on the same buffer. It is a struct hb_hash so
 * that it runs through the same loop and call as the hashes. Its value exists only so that no
 * load can be dropped: the XOR of the input's little-endian 64-bit words (the last one
 * zero-padded) and the seed, except where a variant reads its tail with overlapping loads and so
 * folds those bytes in other positions of the word (memread/avx512). Implementations of memread
 * therefore need not agree, unlike a hash's.
 */
#ifndef HB_MEMREAD_ENTRY_H
#define HB_MEMREAD_ENTRY_H

#include "hb_internal.h"

/* hb_verification() of every implementation whose value is the XOR of the words (all but avx512). */
#define MEMREAD_VERIFICATION_WORDS 0x00000100u

/* The bytes after the last whole vector block, 8 at a time, then one at a time, each in its own
 * position of the word. */
static inline uint64_t memread_fold_tail(const unsigned char *p, size_t len, uint64_t acc)
{
    for (; len >= 8; len -= 8, p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        acc ^= w;
    }
    for (unsigned shift = 0; len > 0; len--, p++, shift += 8)
        acc ^= (uint64_t)*p << shift;
    return acc;
}

/* The entry hb_memread_<impl> from value(in, len, seed), the 64-bit result (its hash64). */
#define MEMREAD_ENTRY(var, impl_, req, value, summary_, verification_)                                                 \
    static void var##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)                                 \
    {                                                                                                                  \
        hb_store_be64(out, value(in, len, seed));                                                                      \
    }                                                                                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = "memread",                                                                                             \
        .impl = impl_,                                                                                                 \
        .family = "baseline",                                                                                          \
        .summary = summary_,                                                                                           \
        .kind = HB_KIND_BASELINE,                                                                                      \
        .out_bits = 64,                                                                                                \
        .seed_bits = 64,                                                                                               \
        .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,                                                                     \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linear = true,                                                                                                \
        .cpu_req = (req),                                                                                              \
        .linkage = HB_LINK_BUILTIN,                                                                                    \
        .version = hb_builtin_version,                                                                                 \
        .oneshot = var##_oneshot,                                                                                      \
        .hash64 = value,                                                                                               \
        .verification = (verification_),                                                                               \
    }

#endif /* HB_MEMREAD_ENTRY_H */

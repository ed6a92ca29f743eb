/*
 * a5hash.c — a5hash, 64-bit (Aleksey Vaneev, github.com/avaneev/a5hash, a5hash.h 5.2x): the
 * a5hash(Msg, MsgLen, UseSeed) function with the 64-bit seed used whole, output the 64-bit result
 * big-endian. The reference reads words in the host's byte order on purpose (it is meant for
 * in-process tables); this file reads them little-endian, so every host gives what x86-64 and
 * AArch64 give.
 *
 * Shape of the algorithm: the length is xored into two state words before anything else, the seed's
 * even and odd bits are folded in by one 64x128-bit multiply, and each further step feeds the whole
 * 128-bit product back as the next state (no accumulator). Inputs over 16 bytes run 16-byte steps
 * while more than 16 bytes remain; the last 1..16 bytes are read as four overlapping 32-bit words
 * (three single bytes below 4), and two final multiplies finish.
 *
 * One-shot only: the length enters the very first step, so the hash cannot start before the input
 * has ended (the streaming suite skips it for that reason).
 */
#include "hb_direct.h"
#include "hb_internal.h"

#define A5_VAL01 UINT64_C(0x5555555555555555)
#define A5_VAL10 UINT64_C(0xAAAAAAAAAAAAAAAA)

/* Two 32-bit words as one 64-bit value, the first in the high half. */
static inline uint64_t a5_pair(const uint8_t *hi_word, const uint8_t *lo_word)
{
    return (uint64_t)hb_load_le32(hi_word) << 32 | hb_load_le32(lo_word);
}

static uint64_t a5hash64(const void *in, size_t len, uint64_t seed)
{
    const uint8_t *p = in;
    uint64_t val01 = A5_VAL01, val10 = A5_VAL10;
    uint64_t s1 = UINT64_C(0x243F6A8885A308D3) ^ len, s2 = UINT64_C(0x452821E638D01377) ^ len;
    hb_mul128(s2 ^ (seed & val10), s1 ^ (seed & val01), &s1, &s2);
    if (len > 16) {
        val01 ^= s1;
        val10 ^= s2;
        do {
            hb_mul128(a5_pair(p, p + 4) ^ s1, a5_pair(p + 8, p + 12) ^ s2, &s1, &s2);
            p += 16;
            len -= 16;
            s1 += val01;
            s2 += val10;
        } while (len > 16);
    }
    if (len > 3) {
        /* 4..16 bytes: the first and last words, and the two words a quarter of the way in from
         * each end (which coincide with them below 8 bytes) */
        const uint8_t *last4 = p + len - 4;
        size_t mid = (len >> 3) * 4;
        s1 ^= a5_pair(p, last4);
        s2 ^= a5_pair(p + mid, last4 - mid);
    } else if (len > 0) {
        s1 ^= p[0];
        if (len > 1)
            s1 ^= (uint64_t)p[1] << 8;
        if (len > 2)
            s1 ^= (uint64_t)p[2] << 16;
    }
    hb_mul128(s1, s2, &s1, &s2);
    hb_mul128(val01 ^ s1, s2, &s1, &s2);
    return s1 ^ s2;
}

static void a5hash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, a5hash64(in, len, seed));
}

/* Properties. dos: seeded. No seed-independent collision is known for this 64-bit function; weak
 * classes of seeds are reported for it, and seed-independent collisions for the 128-bit a5hash128,
 * not this entry (c_hashes/dos_evidence.c keeps the citations). Output: versioned (each major version of a5hash
 * changed its values); this is v5. */
const struct hb_hash hb_a5hash_portable = {
    .name = "a5hash",
    .impl = "portable",
    .family = "a5hash",
    .summary =
        "a5hash v5 64-bit (Vaneev), 64-bit seed, words read little-endian; one-shot only (length mixed in first)",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEEDED,
    .output = HB_OUTPUT_VERSIONED,
    .algo_version = "v5",
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = a5hash_oneshot,
    .hash64 = a5hash64,
    .verification = 0x3C7A36DE,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(a5hash_portable, a5hash64)

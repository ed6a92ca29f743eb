/*
 * crc32c_sse42.c — CRC-32C with the SSE4.2 crc32 instruction (this file only is compiled with
 * -msse4.2 -mpclmul). Same output as crc32c/portable.
 *
 * crc32 has a latency of 3 cycles and a throughput of one per cycle, so a single dependent chain
 * uses a third of the unit (about 8 GB/s on Zen 3). Inputs of CRC32C_3WAY_MIN bytes or more are
 * therefore cut into three equal streams of whole 64-bit words, hashed side by side, and merged
 * once at the end of the call: the first stream's register is advanced over the other two streams'
 * bytes, the second over the third's, by multiplying with x^(8n) mod P (one pclmulqdq each,
 * reduced by the crc32 instruction itself). Shorter inputs, and the few bytes after the streams,
 * go through one chain eight bytes at a time. The streaming state is the running register.
 *
 * The algebra, with a 32-bit reflected register r standing for the polynomial whose x^(31-i)
 * coefficient is bit i of r:
 *   - crc32_u64(r, w) = (r·x^64 + w·x^32) mod P, w being the word's 64 bits with bit j at x^(63-j);
 *   - the carry-less product of two such 32-bit values a and b, read as a 64-bit word, is a·b·x;
 *   - hence crc32_u64(0, clmul(a, b)) = a·b·x^33 mod P (mul_x33 below), and advancing r over n zero
 *     bytes, r·x^(8n), is mul_x33(r, x^(8n-33) mod P).
 */
#include "crc_fold.h" /* the single chain and the merge operators */

/* Below this many bytes the merge costs more than the streams save (the crossover measured on Zen 3
 * lies near 200-250 bytes). */
#define CRC32C_3WAY_MIN 256

static uint64_t clmul32(uint32_t a, uint32_t b)
{
    __m128i product = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a), _mm_cvtsi64_si128(b), 0x00);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

static uint32_t mul_x33(uint32_t a, uint32_t b)
{
    return (uint32_t)_mm_crc32_u64(0, clmul32(a, b));
}

/* x^(64·words - 33) mod P, for words >= 1: the operator that advances a register over 8·words zero
 * bytes. Writing s(a) for x^(64a - 33), mul_x33(s(a), s(b)) = s(a + b), so s(words) is the product
 * of the build-time powers s(2^k) (crc_fold_gen.c) over the bits of words: one multiplication per
 * set bit, none to square. */
static uint32_t zero_words_operator(size_t words)
{
    int bit = __builtin_ctzll((unsigned long long)words);
    uint32_t op = crc32c_zero_words_pow2[bit];
    for (words >>= bit + 1, bit++; words != 0; words >>= 1, bit++)
        if (words & 1)
            op = mul_x33(op, crc32c_zero_words_pow2[bit]);
    return op;
}

/* Advances the register crc (not inverted) over len bytes, three streams when len is long. */
static uint32_t crc32c_run(uint32_t crc, const uint8_t *p, size_t len)
{
    if (len < CRC32C_3WAY_MIN)
        return crc32c_chain(crc, p, len);

    size_t words = len / 24; /* per stream */
    size_t stride = 8 * words;
    /* Depend only on the length: issued first so that they overlap the streams. */
    uint32_t over_one = zero_words_operator(words), over_two = zero_words_operator(2 * words);

    const uint8_t *p1 = p + stride, *p2 = p + 2 * stride;
    uint64_t crc0 = crc, crc1 = 0, crc2 = 0;
    for (size_t i = 0; i < stride; i += 8) {
        crc0 = _mm_crc32_u64(crc0, hb_load_le64(p + i));
        crc1 = _mm_crc32_u64(crc1, hb_load_le64(p1 + i));
        crc2 = _mm_crc32_u64(crc2, hb_load_le64(p2 + i));
    }

    /* Both advances share one reduction: mul_x33 is linear in each argument. */
    uint64_t advanced = clmul32((uint32_t)crc0, over_two) ^ clmul32((uint32_t)crc1, over_one);
    crc = (uint32_t)_mm_crc32_u64(0, advanced) ^ (uint32_t)crc2;
    return crc32c_chain(crc, p + 3 * stride, len - 3 * stride);
}

static void crc32c_sse42_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    hb_store_be32(out, ~crc32c_run(0xffffffffu, in, len));
}

static uint64_t crc32c_sse42_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return (uint32_t)~crc32c_run(0xffffffffu, in, len);
}

static void crc32c_sse42_update(void *state, const void *in, size_t len)
{
    uint32_t *crc = state;
    *crc = crc32c_run(*crc, in, len);
}

const struct hb_hash hb_crc32c_sse42 = {
    .name = "crc32c",
    .impl = "sse42",
    .family = "crc",
    .summary = "CRC-32C (Castagnoli), crc32 instruction, 3 streams merged by pclmulqdq",
    .kind = HB_KIND_CHECKSUM,
    .out_bits = 32,
    .seed_bits = 0,
    .flags = HB_FLAG_INTEGER,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linear = true,
    .cpu_req = HB_CPU_SSE42 | HB_CPU_PCLMULQDQ,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = crc32c_sse42_oneshot,
    .hash64 = crc32c_sse42_hash64,
    .state_size = sizeof(uint32_t),
    .init = hb_crc_state_init,
    .update = crc32c_sse42_update,
    .final = hb_crc_state_final,
    .verification = HB_VERIFICATION_CRC32C,
};

/*
 * crc_fold_gen.c — build-time generator of crc_fold_consts.h, every constant the carry-less folding
 * CRCs (crc_fold_*.c) and crc32c/sse42's stream merge need, derived from the two polynomials on
 * every build (c_hashes/CMakeLists.txt runs it as `crc_fold_gen OUTPUT`), so that no call computes
 * a constant and none is pasted into the tree.
 *
 * Conventions (docs in crc_fold.h): a reflected 64-bit lane holds the coefficient of x^(63-i) in
 * bit i, and the carry-less product of two such lanes, read as a reflected 128-bit value, is
 * their product times x. So a constant that must multiply a lane by x^n is stored as
 * x^(n-1) mod P, bit-reversed into 64 bits (rev64 below).
 */
#include <stdint.h>
#include <stdio.h>

/* Normal (non-reflected) polynomials without the x^32 term. */
#define CRC32C_POLY 0x1EDC6F41u /* Castagnoli: iSCSI, ext4, SCTP */
#define CRC32_POLY  0x04C11DB7u /* IEEE 802.3: gzip, zlib, PNG */

/* The fused CRC-32C loop (crc_fold_vpclmul_avx512.c): each iteration folds FUSED_REGS 512-bit
 * registers and runs three crc32 chains over FUSED_STREAM_WORDS words each; a block is
 * FUSED_ITERATIONS iterations, laid out as the three streams' bytes, then the folded bytes. */
#define FUSED_REGS         4
#define FUSED_STEP         (64 * FUSED_REGS)
#define FUSED_STREAM_WORDS 4
#define FUSED_ITERATIONS   16
#define FUSED_STREAM_BYTES (8 * FUSED_STREAM_WORDS * FUSED_ITERATIONS)
#define FUSED_FOLD_BYTES   (FUSED_STEP * FUSED_ITERATIONS)

/* Largest fold distance in 128-bit lanes: eight 512-bit accumulators. */
#define MAX_FOLD_LANES 32

#define ZERO_WORDS_POW2_COUNT 58

/* x^n mod P in normal form (bit d: coefficient of x^d). */
static uint32_t xpow_mod(uint64_t n, uint32_t poly)
{
    uint32_t r = 1;
    for (uint64_t i = 0; i < n; i++)
        r = (r << 1) ^ ((r & 0x80000000u) ? poly : 0);
    return r;
}

/* a * b mod P, normal form. */
static uint32_t mul_mod(uint32_t a, uint32_t b, uint32_t poly)
{
    uint32_t prod = 0;
    for (int bit = 31; bit >= 0; bit--) {
        prod = (prod << 1) ^ ((prod & 0x80000000u) ? poly : 0);
        if ((b >> bit) & 1)
            prod ^= a;
    }
    return prod;
}

/* x^n mod P by square-and-multiply, for exponents too large to step through. */
static uint32_t xpow_mod_fast(uint64_t n, uint32_t poly)
{
    uint32_t result = 1, base = 2; /* x */
    for (; n > 0; n >>= 1) {
        if (n & 1)
            result = mul_mod(result, base, poly);
        base = mul_mod(base, base, poly);
    }
    return result;
}

static uint64_t rev64(uint64_t v)
{
    uint64_t r = 0;
    for (int i = 0; i < 64; i++)
        r |= ((v >> i) & 1) << (63 - i);
    return r;
}

/* The lane constant that multiplies a reflected lane by x^n modulo P (the product's extra x
 * taken out). */
static uint64_t lane_times_xpow(uint64_t n, uint32_t poly)
{
    return rev64(xpow_mod(n - 1, poly));
}

/* A 33-bit polynomial (bit d: x^d, d <= 32) reflected into 33 bits: bit i holds x^(32-i). */
static uint64_t rev33(uint64_t v)
{
    return rev64(v) >> 31;
}

/* floor(x^64 / P) for the Barrett reduction, P including its x^32 term. */
static uint64_t barrett_mu(uint32_t poly)
{
    uint64_t full = ((uint64_t)1 << 32) | poly;
    /* Long division of x^64 by a degree-32 divisor: a 65-bit dividend, kept in two words. */
    uint64_t rem_hi = 1, rem_lo = 0, quotient = 0; /* x^64 = rem_hi:rem_lo */
    for (int d = 64; d >= 32; d--) {
        int bit = d >= 64 ? (int)((rem_hi >> (d - 64)) & 1) : (int)((rem_lo >> d) & 1);
        if (!bit)
            continue;
        quotient |= (uint64_t)1 << (d - 32);
        /* subtract full * x^(d-32) */
        int s = d - 32;
        rem_lo ^= full << s;
        if (s > 31)
            rem_hi ^= full >> (64 - s);
    }
    return quotient;
}

static void emit_pair(FILE *out, uint64_t lo, uint64_t hi, const char *comment)
{
    fprintf(out, "        {0x%016llxull, 0x%016llxull}, /* %s */\n", (unsigned long long)lo, (unsigned long long)hi,
            comment);
}

/* The constants of one polynomial as a struct crc_fold_consts initialiser. */
static void emit_consts(FILE *out, const char *name, uint32_t poly)
{
    fprintf(out, "static const struct crc_fold_consts %s = {\n    .fold = {\n", name);
    emit_pair(out, 0, 0, "unused");
    for (int n = 1; n <= MAX_FOLD_LANES; n++) {
        char what[64];
        snprintf(what, sizeof what, "%d lanes", n);
        uint64_t bits = 128 * (uint64_t)n;
        emit_pair(out, lane_times_xpow(bits + 64, poly), lane_times_xpow(bits, poly), what);
    }
    fprintf(out, "    },\n");
    fprintf(out, "    .reduce_high = 0x%016llxull, /* x^96 */\n", (unsigned long long)lane_times_xpow(96, poly));
    fprintf(out, "    .reduce_mid = 0x%016llxull, /* x^64 */\n", (unsigned long long)lane_times_xpow(64, poly));
    fprintf(out, "    .barrett_mu = 0x%09llxull,\n", (unsigned long long)rev33(barrett_mu(poly)));
    fprintf(out, "    .barrett_poly = 0x%09llxull,\n", (unsigned long long)rev33(((uint64_t)1 << 32) | poly));
    fprintf(out, "};\n\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: crc_fold_gen OUTPUT\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by crc_fold_gen.c at build time; not edited by hand. */\n\n");
    emit_consts(out, "crc32c_fold_consts", CRC32C_POLY);
    emit_consts(out, "crc32_fold_consts", CRC32_POLY);

    /* The fused loop: the fold across one block's stream bytes, and each stream's register moved
     * to the first lane of the last FUSED_STEP folded bytes of its block. A stream ending dist bytes
     * before that lane ends contributes S * x^(8 dist); its register is S * x^32 mod P and sits in
     * the low half of a lane as register * x^32, hence n = 8 dist - 64. */
    fprintf(out, "#define CRC32C_FUSED_REGS %d\n#define CRC32C_FUSED_STREAM_WORDS %d\n", FUSED_REGS,
            FUSED_STREAM_WORDS);
    fprintf(out, "#define CRC32C_FUSED_ITERATIONS %d\n", FUSED_ITERATIONS);
    fprintf(out, "#define CRC32C_FUSED_STREAM_BYTES %d\n#define CRC32C_FUSED_FOLD_BYTES %d\n", FUSED_STREAM_BYTES,
            FUSED_FOLD_BYTES);
    uint64_t gap_bits = 8 * (uint64_t)(3 * FUSED_STREAM_BYTES + FUSED_STEP);
    fprintf(out, "static const uint64_t crc32c_fused_gap_fold[2] = {0x%016llxull, 0x%016llxull};\n",
            (unsigned long long)lane_times_xpow(gap_bits + 64, CRC32C_POLY),
            (unsigned long long)lane_times_xpow(gap_bits, CRC32C_POLY));
    fprintf(out, "static const uint64_t crc32c_fused_stream_shift[3] = {\n");
    for (int s = 0; s < 3; s++) {
        uint64_t dist = (uint64_t)(2 - s) * FUSED_STREAM_BYTES + FUSED_FOLD_BYTES - FUSED_STEP + 16;
        fprintf(out, "    0x%016llxull, /* stream %d */\n",
                (unsigned long long)lane_times_xpow(8 * dist - 64, CRC32C_POLY), s);
    }
    fprintf(out, "};\n\n");

    /* crc32c/sse42's merge: x^(64*2^k - 33) mod P as a reflected 32-bit register, the operator that
     * advances a register over 2^k zero words (see crc32c_sse42.c). 2^58 words exceed any address
     * space, so the table stops there. */
    fprintf(out, "#define CRC32C_ZERO_WORDS_POW2_COUNT %d\n", ZERO_WORDS_POW2_COUNT);
    fprintf(out, "static const uint32_t crc32c_zero_words_pow2[%d] = {", ZERO_WORDS_POW2_COUNT);
    for (int k = 0; k < ZERO_WORDS_POW2_COUNT; k++) {
        uint32_t op = xpow_mod_fast(((uint64_t)64 << k) - 33, CRC32C_POLY);
        fprintf(out, "%s0x%08xu,", k % 6 == 0 ? "\n    " : " ", (unsigned)(rev64(op) >> 32));
    }
    fprintf(out, "\n};\n");

    /* A half-written header must not survive to be compiled by the next build. */
    if (ferror(out) | fclose(out)) {
        perror(argv[1]);
        remove(argv[1]);
        return 1;
    }
    return 0;
}

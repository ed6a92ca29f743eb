/*
 * crc_fold_gen.c — build-time generator of crc_fold_consts.h: every constant the carry-less folding
 * CRCs (x86/crc_fold_*.c, arm/crc_fold_*.c), crc32c/sse42's stream merge and the AArch64 crc32
 * entries' stream advance need, and the struct types that hold them, derived from the two
 * polynomials on every build (c_hashes/CMakeLists.txt runs it as `crc_fold_gen OUTPUT`), so that
 * no call computes a constant and none is pasted into the tree.
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

/* The fused CRC loops of arm/crc_fold_pmull_crc.c and arm/crc_fold_pmull_eor3_crc.c, for both
 * polynomials (the AArch64 crc32 instructions compute either): each iteration folds
 * ARM_FUSED_LANES 128-bit lanes and runs three crc32 chains over ARM_FUSED_STREAM_WORDS words
 * each; a block is ARM_FUSED_ITERATIONS iterations, laid out as the three streams' bytes, then the
 * folded bytes. Two lanes folded for every stream word balances a core that multiplies two lanes'
 * halves per cycle against one crc32 per cycle. */
#define ARM_FUSED_LANES        6
#define ARM_FUSED_STEP         (16 * ARM_FUSED_LANES)
#define ARM_FUSED_STREAM_WORDS 2
#define ARM_FUSED_ITERATIONS   16
#define ARM_FUSED_STREAM_BYTES (8 * ARM_FUSED_STREAM_WORDS * ARM_FUSED_ITERATIONS)
#define ARM_FUSED_FOLD_BYTES   (ARM_FUSED_STEP * ARM_FUSED_ITERATIONS)

/* arm/crc32_armv8.c's streams: three crc32 chains over ARM_STREAM_BYTES each per block. */
#define ARM_STREAM_BYTES 256

/* The fold across one block's stream bytes, and each stream's register moved to the first lane of
 * the block's last step (as for the x86-64 fused loop above, with the AArch64 layout). */
static void emit_arm_fused(FILE *out, const char *name, uint32_t poly)
{
    uint64_t gap_bits = 8 * (uint64_t)(3 * ARM_FUSED_STREAM_BYTES + ARM_FUSED_STEP);
    fprintf(out, "static const struct crc_fused_consts %s = {\n", name);
    fprintf(out, "    .gap_fold = {0x%016llxull, 0x%016llxull},\n",
            (unsigned long long)lane_times_xpow(gap_bits + 64, poly),
            (unsigned long long)lane_times_xpow(gap_bits, poly));
    fprintf(out, "    .stream_shift = {\n");
    for (int s = 0; s < 3; s++) {
        uint64_t dist = (uint64_t)(2 - s) * ARM_FUSED_STREAM_BYTES + ARM_FUSED_FOLD_BYTES - ARM_FUSED_STEP + 16;
        fprintf(out, "        0x%016llxull, /* stream %d */\n",
                (unsigned long long)lane_times_xpow(8 * dist - 64, poly), s);
    }
    fprintf(out, "    },\n};\n\n");
}

static uint32_t rev32(uint32_t v)
{
    return (uint32_t)(rev64(v) >> 32);
}

/* Advancing a reflected register over ARM_STREAM_BYTES zero bytes, byte by byte of the register:
 * entry [j][b] is the register (b << 8j) advanced, so that the advance of any register is the XOR
 * of four entries (the advance is linear). A register r stands for the polynomial whose x^(31-i)
 * coefficient is bit i of r, so rev32 gives it in normal form, where advancing is multiplying by
 * x^(8 ARM_STREAM_BYTES) mod P. */
static void emit_arm_stream_table(FILE *out, const char *name, uint32_t poly)
{
    uint32_t advance = xpow_mod_fast(8 * (uint64_t)ARM_STREAM_BYTES, poly);
    fprintf(out, "static const uint32_t %s[4][256] = {\n", name);
    for (int j = 0; j < 4; j++) {
        fprintf(out, "    {");
        for (int b = 0; b < 256; b++) {
            uint32_t reg = (uint32_t)b << (8 * j);
            uint32_t advanced = rev32(mul_mod(rev32(reg), advance, poly));
            fprintf(out, "%s0x%08xu,", b % 6 == 0 ? "\n        " : " ", (unsigned)advanced);
        }
        fprintf(out, "\n    },\n");
    }
    fprintf(out, "};\n\n");
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
    fprintf(out, "/* Generated by crc_fold_gen.c at build time; not edited by hand. */\n"
                 "#ifndef HB_CRC_FOLD_CONSTS_H\n#define HB_CRC_FOLD_CONSTS_H\n\n#include <stdint.h>\n\n");
    fprintf(out,
            "struct crc_fold_consts {\n"
            "    /* fold[n]: {x^(128n + 64), x^(128n)} mod P as lane constants, for folding over n lanes. */\n"
            "    uint64_t fold[%d][2];\n"
            "    uint64_t reduce_high;  /* x^96 mod P: the lane's high powers into 96 bits */\n"
            "    uint64_t reduce_mid;   /* x^64 mod P: 96 bits into 64 */\n"
            "    uint64_t barrett_mu;   /* floor(x^64 / P), reflected in 33 bits */\n"
            "    uint64_t barrett_poly; /* P, reflected in 33 bits */\n"
            "};\n\n",
            MAX_FOLD_LANES + 1);
    fprintf(out, "/* A fused loop's block constants: the fold across the streams' bytes, and each stream's\n"
                 " * register moved into the fold. */\n"
                 "struct crc_fused_consts {\n    uint64_t gap_fold[2];\n    uint64_t stream_shift[3];\n};\n\n");
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

    /* AArch64: the fused loops' layout and constants, for both polynomials, and the stream advance
     * tables of the crc32-instruction entries. */
    fprintf(out, "\n#define CRC_ARM_FUSED_LANES %d\n#define CRC_ARM_FUSED_STREAM_WORDS %d\n", ARM_FUSED_LANES,
            ARM_FUSED_STREAM_WORDS);
    fprintf(out, "#define CRC_ARM_FUSED_ITERATIONS %d\n", ARM_FUSED_ITERATIONS);
    fprintf(out, "#define CRC_ARM_FUSED_STREAM_BYTES %d\n#define CRC_ARM_FUSED_FOLD_BYTES %d\n", ARM_FUSED_STREAM_BYTES,
            ARM_FUSED_FOLD_BYTES);
    emit_arm_fused(out, "crc32c_arm_fused_consts", CRC32C_POLY);
    emit_arm_fused(out, "crc32_arm_fused_consts", CRC32_POLY);
    fprintf(out, "#define CRC_ARM_STREAM_BYTES %d\n", ARM_STREAM_BYTES);
    emit_arm_stream_table(out, "crc32c_arm_stream_advance", CRC32C_POLY);
    emit_arm_stream_table(out, "crc32_arm_stream_advance", CRC32_POLY);
    fprintf(out, "#endif /* HB_CRC_FOLD_CONSTS_H */\n");

    /* A half-written header must not survive to be compiled by the next build. */
    if (ferror(out) | fclose(out)) {
        perror(argv[1]);
        remove(argv[1]);
        return 1;
    }
    return 0;
}

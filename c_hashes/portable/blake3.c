/*
 * blake3.c — BLAKE3 (O'Connor, Aumasson, Neves, Wilcox-O'Hearn, "BLAKE3: one function, fast
 * everywhere", 2020), hash mode (unkeyed), 256-bit output: the digest bytes in order, as b3sum
 * prints them. Portable C, one block at a time, kept as a reference: the official implementation's
 * SIMD paths (which compress 4 to 16 chunks side by side) are much faster on large inputs, and are
 * the blake3/official* entries (libraries/blake3_official.c).
 *
 * Shape of the algorithm: the input is cut into 1024-byte chunks (the last may be shorter, and the
 * empty input is one empty chunk); each chunk is hashed from the IV in 64-byte blocks, with its
 * index as the counter, CHUNK_START on its first block and CHUNK_END on its last. Chunk chaining
 * values are the leaves of a binary tree whose left subtrees are complete and as large as
 * possible; each parent compresses its two children's values. The root node (a chunk when there
 * is only one, else the top parent) is compressed once more with ROOT, and its first 32 bytes are
 * the digest.
 *
 * Streaming: a chunk is finished only once a later byte proves it is not the last (the last one
 * may be the root); finished chunks go onto a stack of subtree values that merges two equal
 * subtrees as soon as the number of chunks so far is even, so the stack holds one value per set
 * bit of the chunk count: at most 54 for any input below 2^64 bytes.
 */
#include "hb_internal.h"

#include <stdbool.h>

#define B3_BLOCK     64
#define B3_CHUNK     1024
#define B3_MAX_DEPTH 54

enum {
    B3_CHUNK_START = 1 << 0,
    B3_CHUNK_END = 1 << 1,
    B3_PARENT = 1 << 2,
    B3_ROOT = 1 << 3,
};

static const uint32_t b3_iv[8] = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                                  0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};

/* Message word order of each of the seven rounds: round r uses the permutation applied r times. */
static const uint8_t b3_schedule[7][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8},
    {3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1}, {10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6},
    {12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4}, {9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7},
    {11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13},
};

static inline uint32_t b3_rotr(uint32_t x, unsigned r)
{
    return (x >> r) | (x << (32 - r));
}

static inline void b3_g(uint32_t v[16], int a, int b, int c, int d, uint32_t x, uint32_t y)
{
    v[a] += v[b] + x;
    v[d] = b3_rotr(v[d] ^ v[a], 16);
    v[c] += v[d];
    v[b] = b3_rotr(v[b] ^ v[c], 12);
    v[a] += v[b] + y;
    v[d] = b3_rotr(v[d] ^ v[a], 8);
    v[c] += v[d];
    v[b] = b3_rotr(v[b] ^ v[c], 7);
}

/* The compression function: cv (8 words) and one block (64 bytes, zero-padded past block_len)
 * into the 16-word state whose first 8 words are the next chaining value. */
static void b3_compress(const uint32_t cv[8], const uint8_t block[B3_BLOCK], uint32_t block_len, uint64_t counter,
                        uint32_t flags, uint32_t v[16])
{
    uint32_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = hb_load_le32(block + 4 * i);
    for (int i = 0; i < 8; i++)
        v[i] = cv[i];
    v[8] = b3_iv[0];
    v[9] = b3_iv[1];
    v[10] = b3_iv[2];
    v[11] = b3_iv[3];
    v[12] = (uint32_t)counter;
    v[13] = (uint32_t)(counter >> 32);
    v[14] = block_len;
    v[15] = flags;
    /* unrolled, so the schedule's word indices are constants and the words stay in registers */
#pragma GCC unroll 7
    for (int r = 0; r < 7; r++) {
        const uint8_t *s = b3_schedule[r];
        b3_g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        b3_g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        b3_g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        b3_g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        b3_g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        b3_g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        b3_g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        b3_g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++) {
        v[i] ^= v[i + 8];
        v[i + 8] ^= cv[i];
    }
}

static void b3_compress_cv(uint32_t cv[8], const uint8_t block[B3_BLOCK], uint32_t block_len, uint64_t counter,
                           uint32_t flags)
{
    uint32_t v[16];
    b3_compress(cv, block, block_len, counter, flags, v);
    memcpy(cv, v, 8 * sizeof v[0]);
}

/* The chaining value of the parent of two subtrees. */
static void b3_parent_cv(const uint32_t left[8], const uint32_t right[8], uint32_t out[8])
{
    uint8_t block[B3_BLOCK];
    for (int i = 0; i < 8; i++) {
        uint32_t l = left[i], r = right[i];
        for (int b = 0; b < 4; b++) {
            block[4 * i + b] = (uint8_t)(l >> (8 * b));
            block[32 + 4 * i + b] = (uint8_t)(r >> (8 * b));
        }
    }
    memcpy(out, b3_iv, sizeof b3_iv);
    b3_compress_cv(out, block, B3_BLOCK, 0, B3_PARENT);
}

struct b3_state {
    uint32_t cv[8];          /* of the current chunk, after its compressed blocks */
    uint64_t chunk_counter;  /* index of the current chunk */
    uint8_t block[B3_BLOCK]; /* the current chunk's last, not yet compressed, block */
    unsigned block_len;      /* bytes in block (a full block waits until more input arrives) */
    unsigned blocks_done;    /* blocks of the current chunk compressed into cv */
    unsigned stack_len;
    uint32_t stack[B3_MAX_DEPTH][8]; /* chaining values of complete subtrees, largest first */
};

static void b3_chunk_start(struct b3_state *s, uint64_t counter)
{
    memcpy(s->cv, b3_iv, sizeof b3_iv);
    s->chunk_counter = counter;
    s->block_len = 0;
    s->blocks_done = 0;
}

static void blake3_init(void *state, uint64_t seed)
{
    (void)seed;
    struct b3_state *s = state;
    b3_chunk_start(s, 0);
    s->stack_len = 0;
}

static uint32_t b3_start_flag(const struct b3_state *s)
{
    return s->blocks_done == 0 ? B3_CHUNK_START : 0;
}

/* The current chunk is complete and not the last: its value joins the tree. */
static void b3_push_chunk(struct b3_state *s)
{
    uint32_t cv[8];
    memcpy(cv, s->cv, sizeof cv);
    memset(s->block + s->block_len, 0, B3_BLOCK - s->block_len);
    b3_compress_cv(cv, s->block, s->block_len, s->chunk_counter, b3_start_flag(s) | B3_CHUNK_END);
    /* one merge per trailing zero bit of the new chunk count */
    for (uint64_t total = s->chunk_counter + 1; (total & 1) == 0; total >>= 1) {
        s->stack_len--;
        b3_parent_cv(s->stack[s->stack_len], cv, cv);
    }
    memcpy(s->stack[s->stack_len++], cv, sizeof cv);
    b3_chunk_start(s, s->chunk_counter + 1);
}

static void blake3_update(void *state, const void *in, size_t len)
{
    struct b3_state *s = state;
    const uint8_t *p = in;
    while (len > 0) {
        if (s->block_len == B3_BLOCK) {
            /* a full block is compressed only now that a later byte exists */
            if (s->blocks_done == B3_CHUNK / B3_BLOCK - 1) {
                s->block_len = B3_BLOCK;
                b3_push_chunk(s);
            } else {
                b3_compress_cv(s->cv, s->block, B3_BLOCK, s->chunk_counter, b3_start_flag(s));
                s->blocks_done++;
                s->block_len = 0;
            }
            continue;
        }
        if (s->block_len == 0) {
            /* whole blocks straight from the input, keeping the last one back */
            while (len > B3_BLOCK && s->blocks_done < B3_CHUNK / B3_BLOCK - 1) {
                b3_compress_cv(s->cv, p, B3_BLOCK, s->chunk_counter, b3_start_flag(s));
                s->blocks_done++;
                p += B3_BLOCK;
                len -= B3_BLOCK;
            }
        }
        size_t take = B3_BLOCK - s->block_len < len ? B3_BLOCK - s->block_len : len;
        memcpy(s->block + s->block_len, p, take);
        s->block_len += (unsigned)take;
        p += take;
        len -= take;
    }
}

static void blake3_final(void *state, uint8_t *out)
{
    struct b3_state *s = state;
    uint32_t v[16];
    memset(s->block + s->block_len, 0, B3_BLOCK - s->block_len);
    uint32_t flags = b3_start_flag(s) | B3_CHUNK_END;
    if (s->stack_len == 0) {
        b3_compress(s->cv, s->block, s->block_len, s->chunk_counter, flags | B3_ROOT, v);
    } else {
        /* the last chunk, then every stacked subtree from the smallest up; the top parent is the root */
        uint32_t right[8];
        memcpy(right, s->cv, sizeof right);
        b3_compress_cv(right, s->block, s->block_len, s->chunk_counter, flags);
        uint8_t block[B3_BLOCK];
        for (unsigned i = s->stack_len; i-- > 0;) {
            if (i > 0) {
                b3_parent_cv(s->stack[i], right, right);
                continue;
            }
            for (int w = 0; w < 8; w++) {
                for (int b = 0; b < 4; b++) {
                    block[4 * w + b] = (uint8_t)(s->stack[0][w] >> (8 * b));
                    block[32 + 4 * w + b] = (uint8_t)(right[w] >> (8 * b));
                }
            }
            b3_compress(b3_iv, block, B3_BLOCK, 0, B3_PARENT | B3_ROOT, v);
        }
    }
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 4; b++)
            out[4 * i + b] = (uint8_t)(v[i] >> (8 * b));
}

static void blake3_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    struct b3_state s;
    blake3_init(&s, seed);
    blake3_update(&s, in, len);
    blake3_final(&s, out);
}

const struct hb_hash hb_blake3_portable = {
    .name = "blake3",
    .impl = "portable",
    .family = "blake3",
    .summary = "BLAKE3 hash mode, 256-bit, portable C one block at a time (a reference: blake3/official is faster)",
    .kind = HB_KIND_CRYPTO,
    .out_bits = 256,
    .seed_bits = 0,
    .flags = 0,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_BUILTIN,
    .version = hb_builtin_version,
    .oneshot = blake3_oneshot,
    .state_size = sizeof(struct b3_state),
    .init = blake3_init,
    .update = blake3_update,
    .final = blake3_final,
    .verification = 0x170AB674,
};

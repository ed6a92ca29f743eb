/*
 * avalanche.c — the strict avalanche criterion: for random keys of 4, 8, 16 and 64 bytes, flip
 * each input bit in turn and count, for every output bit, how often it flips. A good hash flips
 * each output bit with probability 1/2 for every input bit; the worst (input, output) cell is
 * judged by its two-sided binomial p-value, scaled by the number of cells (SMHasher3's fix for
 * wider keys and outputs looking worse merely by having more cells).
 *
 * Counting is the hot loop (up to 512 x 512 cells per key): flipped output bytes are spread into
 * eight 8-bit lanes of a 64-bit word by a table and added lane-wise, and the lanes are emptied
 * into the real counters every 255 keys, before any lane can overflow.
 */
#include "spread.h"

#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"

const size_t hb_avalanche_key_bytes[HB_AVALANCHE_SIZES] = {4, 8, 16, 64};

/* Fixed seed of the avalanche keys; size i uses AVALANCHE_SEED + i. Never change it. */
#define AVALANCHE_SEED 0x6862737072656164u
#define LANE_FLUSH     255

/* lane[v]: byte k of the result is bit k of v. */
static void build_lanes(uint64_t lane[256])
{
    for (unsigned v = 0; v < 256; v++) {
        uint64_t w = 0;
        for (unsigned k = 0; k < 8; k++)
            w |= (uint64_t)((v >> k) & 1) << (8 * k);
        lane[v] = w;
    }
}

static void flush_lanes(uint64_t *lanes, uint32_t *counts, size_t in_bits, size_t out_bytes)
{
    for (size_t i = 0; i < in_bits * out_bytes; i++) {
        uint64_t w = lanes[i];
        for (unsigned k = 0; k < 8; k++)
            counts[i * 8 + k] += (uint32_t)((w >> (8 * k)) & 0xff);
        lanes[i] = 0;
    }
}

void hb_avalanche_measure_size(const struct hb_hash *h, size_t size_index, size_t keys, struct hb_avalanche_size *out)
{
    uint64_t lane[256];
    build_lanes(lane);
    size_t key_bytes = hb_avalanche_key_bytes[size_index], in_bits = 8 * key_bytes;
    size_t out_bytes = h->out_bits / 8, out_bits = h->out_bits;
    uint64_t *lanes = hb_xcalloc(in_bits * out_bytes, sizeof *lanes);
    uint32_t *counts = hb_xcalloc(in_bits * out_bits, sizeof *counts);
    uint8_t key[64], base[HB_MAX_OUT_BYTES], flipped[HB_MAX_OUT_BYTES];
    uint64_t rng = AVALANCHE_SEED + size_index;

    for (size_t k = 0; k < keys; k++) {
        for (size_t i = 0; i < key_bytes; i += 8) {
            uint64_t r = hb_splitmix64_next(&rng);
            memcpy(key + i, &r, key_bytes - i < 8 ? key_bytes - i : 8);
        }
        h->oneshot(key, key_bytes, 0, base);
        for (size_t bit = 0; bit < in_bits; bit++) {
            key[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            h->oneshot(key, key_bytes, 0, flipped);
            key[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            uint64_t *row = lanes + bit * out_bytes;
            for (size_t j = 0; j < out_bytes; j++)
                row[j] += lane[base[j] ^ flipped[j]];
        }
        if ((k + 1) % LANE_FLUSH == 0)
            flush_lanes(lanes, counts, in_bits, out_bytes);
    }
    flush_lanes(lanes, counts, in_bits, out_bytes);

    /* worst cell: the largest |2 flips - keys|, the first one on ties */
    uint64_t worst = 0;
    size_t worst_cell = 0;
    for (size_t c = 0; c < in_bits * out_bits; c++) {
        uint64_t twice = 2 * (uint64_t)counts[c];
        uint64_t deviation = twice > keys ? twice - keys : keys - twice;
        if (deviation > worst) {
            worst = deviation;
            worst_cell = c;
        }
    }
    out->key_bytes = key_bytes;
    out->cells = in_bits * out_bits;
    out->in_bit = (unsigned)(worst_cell / out_bits);
    out->out_bit = (unsigned)(worst_cell % out_bits);
    out->flips = counts[worst_cell];
    out->worst_bias = keys ? (double)worst / (double)keys : 0;
    out->log2_p = hb_log2_coin_two_sided(out->flips, keys);
    out->hashes = (uint64_t)keys * (in_bits + 1);
    free(lanes);
    free(counts);
}

void hb_avalanche_combine(struct hb_avalanche *a)
{
    a->worst_bias = 0;
    a->cells = 0;
    double worst_log2_p = 0;
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++) {
        const struct hb_avalanche_size *z = &a->sizes[s];
        a->cells += z->cells;
        if (z->worst_bias > a->worst_bias)
            a->worst_bias = z->worst_bias;
        if (z->log2_p < worst_log2_p)
            worst_log2_p = z->log2_p;
    }
    a->log2_p = hb_log2_scale(worst_log2_p, (double)a->cells);
}

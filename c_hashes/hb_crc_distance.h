/*
 * hb_crc_distance.h — a CRC's error model, computed from its generator: which errors of few bits it
 * lets through, and so its Hamming distance (the least number of flipped bits it can miss) at a
 * data-word length. The table of the registry's CRCs (crc_codes.c) holds each generator with its
 * profile as `hbsum --hamming` computes it (crc_distance.c); docs/hashes.md says how and why.
 *
 * An error pattern e (a polynomial over GF(2), bit i of the codeword: x^i) passes a CRC exactly
 * when the generator g divides it, whatever the preset and the final inversion (they cancel in
 * the difference of two values). A data word of k bits and its r check bits form a codeword of
 * k + r bits, so the CRC misses an error of w bits at k data bits exactly when g has a multiple
 * of weight w and degree below k + r; shifted to start at x^0 (x does not divide g), every such
 * multiple is 1 + ... + x^degree.
 */
#ifndef HB_CRC_DISTANCE_H
#define HB_CRC_DISTANCE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Error weights the profiles cover: 2 up to this (a Hamming distance up to one more). */
#define HB_CRC_MAX_WEIGHT 8
/* searched: no multiple of that weight at any length (g's parity forbids odd weights). */
#define HB_CRC_NEVER UINT64_MAX

/* Multiples of g of one weight w: the least degree of one, and how far none was found. */
struct hb_crc_weight {
    uint64_t degree;   /* the least degree of a multiple of weight w (0: none found below searched) */
    uint64_t searched; /* no multiple of weight w has a degree below this (degree, when found) */
};

/* A CRC of the registry: its generator and its profile. */
struct hb_crc_code {
    const char *name;      /* the registry's name */
    const char *catalogue; /* its name in the CRC catalogues: "CRC-32/ISO-HDLC" */
    unsigned width;        /* r, the degree of g: the check's bits */
    uint64_t poly;         /* g without x^r, bit i the coefficient of x^i (the "normal" form) */
    bool reflected;        /* how the registry's code runs it: bytes least significant bit first, */
    uint64_t init, xorout; /* the register's preset and the final XOR (tests check them against the code) */
    struct hb_crc_weight weights[HB_CRC_MAX_WEIGHT + 1]; /* [w] for w = 2..HB_CRC_MAX_WEIGHT */
    const char *computed;  /* how the profile was computed: the command and its search bounds */
    const char *published; /* a published profile it agrees with (tests/c_hashes/test_crc_distance.c), or NULL */
};

/* The Hamming distance at a data-word length, as far as a profile tells. */
struct hb_crc_distance {
    unsigned hd;      /* every error of fewer bits is caught; exact, or a lower bound */
    bool exact;       /* an error of hd bits is missed (a multiple of weight hd fits) */
    unsigned at_most; /* the least weight of a multiple known to fit (g itself fits at every length) */
};

extern const struct hb_crc_code hb_crc_codes[]; /* ends with a NULL name */

/* The CRC called name in the registry, or NULL. */
const struct hb_crc_code *hb_crc_code(const char *name);
/* The number of terms of g (x^r included): g is a multiple of that weight and degree r. */
unsigned hb_crc_generator_weight(const struct hb_crc_code *c);
/* Whether x + 1 divides g (an even number of terms): every multiple then has an even weight. */
bool hb_crc_even_parity(const struct hb_crc_code *c);

/* The Hamming distance at data_bits (>= 1) data bits from a profile (c->weights, or one the
 * search filled). */
void hb_crc_distance_at(const struct hb_crc_code *c, const struct hb_crc_weight weights[HB_CRC_MAX_WEIGHT + 1],
                        uint64_t data_bits, struct hb_crc_distance *out);

/* The search's bounds: multiples of degree below `limit`, with at most `max_entries` partial sums
 * held in memory (the search stops earlier, and says so in searched, when they would not fit). */
struct hb_crc_search_bounds {
    uint64_t limit;
    uint64_t max_entries;
};

/* Searches multiples of g of weight w (2..HB_CRC_MAX_WEIGHT) by increasing degree: found, the
 * least degree and its terms (terms[0..w-1], ascending, terms[0] = 0); else how far none exists.
 * Weight 2 is the order of x modulo g (baby-step giant-step); weight 3 a table of x^i mod g;
 * heavier weights meet in the middle over sums of x^i mod g. An odd weight when g has an even
 * number of terms is HB_CRC_NEVER at once. */
void hb_crc_search_weight(const struct hb_crc_code *c, unsigned w, const struct hb_crc_search_bounds *bounds,
                          struct hb_crc_weight *out, uint64_t terms[HB_CRC_MAX_WEIGHT]);

#ifdef __cplusplus
}
#endif

#endif

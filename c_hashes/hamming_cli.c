/*
 * hamming_cli.c — hbsum --hamming: the CRCs' error profiles, stored (crc_codes.c) or computed now
 * (crc_distance.c), and the Hamming distance of one CRC at a data-word length.
 *
 *   hbsum --hamming                       every CRC's stored profile (no search)
 *   hbsum --hamming -a NAME               NAME's profile computed now, beside the stored one
 *   hbsum --hamming -a NAME --data-bits N NAME's Hamming distance at N data bits, computed now
 */
#include "hb_hamming_cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "hb_crc_distance.h"

/* The search bounds of a computed profile, by weight: the order of x (sqrt of the limit in
 * memory), a table of x^i mod g, the quadratic search of weight 4, and the partial sums that fit
 * in MAX_ENTRIES for the heavier weights. */
static const uint64_t limits[HB_CRC_MAX_WEIGHT + 1] = {
    [2] = UINT64_C(1) << 36, [3] = UINT64_C(1) << 21, [4] = UINT64_C(1) << 16, [5] = UINT64_C(1) << 16,
    [6] = UINT64_C(1) << 16, [7] = UINT64_C(1) << 16, [8] = UINT64_C(1) << 16,
};

/* Partial sums held at once: 24 bytes each, at most half the table full. */
#define MAX_ENTRIES (UINT64_C(1) << 21)

static void bounds_of(unsigned w, uint64_t limit, struct hb_crc_search_bounds *b)
{
    b->limit = limit < limits[w] ? limit : limits[w];
    b->max_entries = MAX_ENTRIES;
}

static void print_weight(unsigned w, const struct hb_crc_weight *x, const struct hb_crc_code *c, const uint64_t *terms)
{
    printf("  weight %u: ", w);
    if (x->searched == HB_CRC_NEVER) {
        printf("none at any length (x + 1 divides the generator: every multiple has an even weight)\n");
    } else if (x->degree) {
        if (x->degree == c->width) /* the generator itself */
            printf("least degree %" PRIu64 ", the generator's: HD <= %u at every length", x->degree, w);
        else
            printf("least degree %" PRIu64 ": HD > %u up to %" PRIu64 " data bits", x->degree, w, x->degree - c->width);
        if (terms) {
            printf("; the multiple x^%" PRIu64, terms[0]);
            for (unsigned i = 1; i < w; i++)
                printf(" + x^%" PRIu64, terms[i]);
        }
        printf("\n");
    } else {
        printf("none of degree below %" PRIu64 " (searched): HD > %u at least up to %" PRIu64 " data bits\n",
               x->searched, w, x->searched - c->width);
    }
}

static void print_distance(const struct hb_crc_code *c, const struct hb_crc_weight *weights, uint64_t data_bits)
{
    struct hb_crc_distance d;
    hb_crc_distance_at(c, weights, data_bits, &d);
    printf("%s at %" PRIu64 " data bits: Hamming distance %s%u", c->name, data_bits, d.exact ? "" : "at least ", d.hd);
    if (!d.exact)
        printf(" (at most %u)", d.at_most);
    printf("\n");
}

static void print_header(const struct hb_crc_code *c)
{
    printf("%s (%s): generator x^%u + 0x%0*" PRIx64 ", %u terms%s\n", c->name, c->catalogue, c->width,
           (int)c->width / 4, c->poly, hb_crc_generator_weight(c),
           hb_crc_even_parity(c) ? ", an even number: x + 1 divides it" : "");
}

static int print_stored(void)
{
    for (const struct hb_crc_code *c = hb_crc_codes; c->name; c++) {
        print_header(c);
        for (unsigned w = 2; w <= HB_CRC_MAX_WEIGHT; w++)
            print_weight(w, &c->weights[w], c, NULL);
        printf("  computed: %s\n", c->computed);
        if (c->published)
            printf("  agrees with: %s\n", c->published);
        print_distance(c, c->weights, 4096 * 8);
        printf("\n");
    }
    return 0;
}

int hb_hamming_main(const char *name, bool has_data_bits, uint64_t data_bits)
{
    if (!name)
        return print_stored();
    char bare[64]; /* name/impl: the name's profile, the same for every implementation */
    snprintf(bare, sizeof bare, "%.*s", (int)strcspn(name, "/"), name);
    const struct hb_crc_code *c = hb_crc_code(bare);
    if (!c) {
        fprintf(stderr, "hbsum: --hamming: '%s' is not a CRC of the registry (hbsum --hamming lists them)\n", name);
        return 2;
    }
    print_header(c);
    struct hb_crc_weight weights[HB_CRC_MAX_WEIGHT + 1] = {{0}};
    for (unsigned w = 2; w <= HB_CRC_MAX_WEIGHT; w++) {
        struct hb_crc_search_bounds b;
        uint64_t terms[HB_CRC_MAX_WEIGHT];
        bounds_of(w, has_data_bits ? data_bits + c->width : UINT64_MAX, &b);
        hb_crc_search_weight(c, w, &b, &weights[w], terms);
        print_weight(w, &weights[w], c, weights[w].degree ? terms : NULL);
        fflush(stdout);
        if (has_data_bits && (weights[w].degree || weights[w].searched < data_bits + c->width))
            break; /* found, or searched no further: lighter weights settle the distance */
    }
    if (has_data_bits) {
        print_distance(c, weights, data_bits);
        return 0;
    }
    for (unsigned w = 2; w <= HB_CRC_MAX_WEIGHT; w++) {
        const struct hb_crc_weight *s = &c->weights[w], *n = &weights[w];
        if (s->degree != n->degree || (!s->degree && s->searched != n->searched))
            printf("  weight %u differs from the stored profile (crc_codes.c): stored degree %" PRIu64
                   ", searched %" PRIu64 "\n",
                   w, s->degree, s->searched);
    }
    return 0;
}

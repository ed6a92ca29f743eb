/*
 * test_crc_distance.c — property: the CRC error profiles of hb_crc_distance.h are right.
 *  - The table's generators are the ones the registry runs: a bit-at-a-time CRC built from a
 *    row's polynomial, reflection, preset and final XOR equals every entry of the family crc.
 *  - The search (crc_distance.c) agrees with a brute force over every error pattern, divided out
 *    by long division, on small generators of both parities.
 *  - CRC-32's and CRC-32C's profiles reproduce the published ones (Koopman's, as the rows' published
 *    text cites them), and the Hamming distance searched at data lengths on both sides of each
 *    published breakpoint is the published one; the stored profiles equal the recomputation.
 *  - The 64-bit CRCs' stored profiles (computed once by hbsum --hamming, too slow for a test at
 *    4 KiB) agree with a recomputation of weights 2 to 4 up to 512-byte records, and CRC-64/GO-ISO's
 *    generator, a multiple of weight 5 and degree 64, bounds its distance by 5 at every length.
 */
#include "test_support.h"

#include "hb_crc_distance.h"

#define FOUR_KIB_BITS (4096 * 8)

/* ---- the generators against the registry's code ---- */

static uint64_t reflect(uint64_t v, unsigned bits)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < bits; i++)
        r |= ((v >> i) & 1) << (bits - 1 - i);
    return r;
}

/* A CRC one bit at a time, from the row's parameters alone. */
static uint64_t bitwise_crc(const struct hb_crc_code *c, const uint8_t *p, size_t len)
{
    uint64_t mask = c->width == 64 ? UINT64_MAX : (UINT64_C(1) << c->width) - 1, reg = c->init & mask;
    if (c->reflected) {
        uint64_t poly = reflect(c->poly, c->width);
        for (size_t i = 0; i < len; i++) {
            reg ^= p[i];
            for (int b = 0; b < 8; b++)
                reg = (reg >> 1) ^ ((reg & 1) ? poly : 0);
        }
    } else {
        uint64_t top = UINT64_C(1) << (c->width - 1);
        for (size_t i = 0; i < len; i++) {
            reg ^= (uint64_t)p[i] << (c->width - 8);
            for (int b = 0; b < 8; b++)
                reg = ((reg << 1) & mask) ^ ((reg & top) ? c->poly : 0);
        }
    }
    return (reg ^ c->xorout) & mask;
}

static void test_generators_are_the_registry_s(void **unused)
{
    (void)unused;
    uint8_t buf[300];
    size_t checked = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (strcmp(h->family, "crc") != 0)
            continue;
        const struct hb_crc_code *c = hb_crc_code(h->name);
        if (!c)
            fail_msg("%s/%s: a CRC of the registry with no row in hb_crc_codes", h->name, h->impl);
        assert_int_equal(c->width, h->out_bits);
        if (!test_runs_here(h, "test_crc_distance"))
            continue;
        uint64_t rng = 11;
        for (size_t len = 0; len <= sizeof buf; len += 1 + len / 16) {
            test_fill_random(&rng, buf, len);
            uint64_t want = bitwise_crc(c, buf, len), got = h->hash64(buf, len, 0);
            if (got != want)
                fail_msg("%s/%s len=%zu: the entry gives %016llx, the row's generator %016llx", h->name, h->impl, len,
                         (unsigned long long)got, (unsigned long long)want);
        }
        checked++;
    }
    assert_true(checked > 0);
    for (const struct hb_crc_code *c = hb_crc_codes; c->name; c++)
        assert_true(c->poly & 1); /* x does not divide g: the search's shift to x^0 holds */
}

/* ---- the search against a brute force ---- */

/* Whether g divides the polynomial whose bit i is x^i (degree < 64), by long division. */
static bool divides(uint64_t full_g, unsigned width, uint64_t v)
{
    for (int i = 63; i >= (int)width; i--)
        if ((v >> i) & 1)
            v ^= full_g << (i - (int)width);
    return v == 0;
}

/* The least degree t < limit of a multiple 1 + ... + x^t of weight w, every pattern tried; 0: none. */
static uint64_t brute_least_degree(uint64_t full_g, unsigned width, unsigned w, unsigned limit)
{
    for (unsigned t = 1; t < limit; t++) {
        /* every (w - 2)-subset of 1..t-1 as a bit mask, by Gosper's hack */
        unsigned k = w - 2;
        if (k > t - 1)
            continue;
        if (k == 0) {
            if (divides(full_g, width, 1 | (UINT64_C(1) << t)))
                return t;
            continue;
        }
        for (uint64_t s = (UINT64_C(1) << k) - 1; s < (UINT64_C(1) << (t - 1));) {
            if (divides(full_g, width, 1 | (s << 1) | (UINT64_C(1) << t)))
                return t;
            uint64_t c = s & (0 - s), r = s + c;
            s = (((r ^ s) >> 2) / c) | r;
        }
    }
    return 0;
}

/* a * b mod g, from the row's parameters, bit by bit. */
static uint64_t times_mod(const struct hb_crc_code *c, uint64_t a, uint64_t b)
{
    uint64_t mask = c->width == 64 ? UINT64_MAX : (UINT64_C(1) << c->width) - 1, top = UINT64_C(1) << (c->width - 1);
    uint64_t p = 0;
    for (int i = (int)c->width - 1; i >= 0; i--) {
        p = ((p << 1) & mask) ^ ((p & top) ? c->poly : 0);
        if ((b >> i) & 1)
            p ^= a;
    }
    return p;
}

/* x^e mod g by squaring. */
static uint64_t x_power(const struct hb_crc_code *c, uint64_t e)
{
    uint64_t result = 1, base = 2;
    for (; e; e >>= 1) {
        if (e & 1)
            result = times_mod(c, result, base);
        base = times_mod(c, base, base);
    }
    return result;
}

static void check_terms(const struct hb_crc_code *c, unsigned w, const uint64_t *terms)
{
    /* the witness: w distinct ascending terms from x^0 whose sum g divides */
    assert_int_equal(terms[0], 0);
    uint64_t sum = 0;
    for (unsigned i = 0; i < w; i++) {
        if (i)
            assert_true(terms[i] > terms[i - 1]);
        sum ^= x_power(c, terms[i]);
    }
    assert_true(sum == 0);
}

static void test_search_matches_brute_force(void **unused)
{
    (void)unused;
    /* made-up generators with a constant term, of both parities, and two catalogue ones */
    static const struct {
        unsigned width;
        uint64_t poly;
    } gens[] = {{8, 0x07}, {10, 0x009}, {12, 0x80F}, {12, 0x2B3}, {16, 0x1021}, {13, 0x1C35}, {9, 0x11D}};
    const unsigned limit = 40;
    for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++) {
        struct hb_crc_code c = {.name = "test", .width = gens[i].width, .poly = gens[i].poly};
        uint64_t full = (UINT64_C(1) << c.width) | c.poly;
        for (unsigned w = 2; w <= 6; w++) {
            struct hb_crc_weight got;
            uint64_t terms[HB_CRC_MAX_WEIGHT];
            struct hb_crc_search_bounds b = {.limit = limit, .max_entries = 1u << 20};
            hb_crc_search_weight(&c, w, &b, &got, terms);
            uint64_t want = brute_least_degree(full, c.width, w, limit);
            if (got.searched == HB_CRC_NEVER) {
                assert_true(w % 2 == 1 && hb_crc_even_parity(&c));
                if (want)
                    fail_msg("g=%llx w=%u: parity says none, brute force finds degree %llu", (unsigned long long)full,
                             w, (unsigned long long)want);
                continue;
            }
            if (got.degree != want)
                fail_msg("g=%llx w=%u below %u: search %llu, brute force %llu", (unsigned long long)full, w, limit,
                         (unsigned long long)got.degree, (unsigned long long)want);
            if (want)
                check_terms(&c, w, terms);
            else
                assert_int_equal(got.searched, limit);
        }
    }
}

/* ---- published profiles ---- */

/* The Hamming distance at data_bits by searching now, lightest weight first. */
static void searched_distance(const struct hb_crc_code *c, uint64_t data_bits, struct hb_crc_distance *d)
{
    struct hb_crc_weight weights[HB_CRC_MAX_WEIGHT + 1] = {{0}};
    for (unsigned w = 2; w <= HB_CRC_MAX_WEIGHT; w++) {
        uint64_t terms[HB_CRC_MAX_WEIGHT];
        struct hb_crc_search_bounds b = {.limit = data_bits + c->width, .max_entries = 1u << 21};
        hb_crc_search_weight(c, w, &b, &weights[w], terms);
        if (weights[w].degree)
            check_terms(c, w, terms);
        if (weights[w].degree || weights[w].searched < b.limit)
            break;
    }
    hb_crc_distance_at(c, weights, data_bits, d);
}

/* hd, exact; one above the heaviest weight searched is a lower bound (weight 9 is not searched). */
static void expect_distance(const struct hb_crc_code *c, uint64_t data_bits, unsigned hd)
{
    struct hb_crc_distance searched, stored;
    searched_distance(c, data_bits, &searched);
    hb_crc_distance_at(c, c->weights, data_bits, &stored);
    bool exact = hd <= HB_CRC_MAX_WEIGHT;
    if (searched.hd != hd || searched.exact != exact || stored.hd != hd || stored.exact != exact)
        fail_msg("%s at %llu data bits: searched HD %u (%s), stored %u (%s), published %u", c->name,
                 (unsigned long long)data_bits, searched.hd, searched.exact ? "exact" : "at least", stored.hd,
                 stored.exact ? "exact" : "at least", hd);
}

/* A published breakpoint: the longest data word whose distance exceeds `weight`, set by the least
 * multiple of that weight (degree data_bits + r); the distance there and one bit further on. */
struct breakpoint {
    unsigned weight;
    uint64_t data_bits;
    unsigned hd_at, hd_after;
};

static void check_published(const char *name, const struct breakpoint *bp, size_t n)
{
    const struct hb_crc_code *c = hb_crc_code(name);
    assert_non_null(c);
    for (size_t i = 0; i < n; i++) {
        unsigned w = bp[i].weight;
        struct hb_crc_weight got;
        uint64_t terms[HB_CRC_MAX_WEIGHT];
        struct hb_crc_search_bounds b = {.limit = bp[i].data_bits + c->width + 1, .max_entries = 1u << 21};
        hb_crc_search_weight(c, w, &b, &got, terms);
        if (got.degree != bp[i].data_bits + c->width)
            fail_msg("%s weight %u: least degree %llu, published %llu data bits + %u", name, w,
                     (unsigned long long)got.degree, (unsigned long long)bp[i].data_bits, c->width);
        check_terms(c, w, terms);
        if (c->weights[w].degree != got.degree)
            fail_msg("%s weight %u: stored degree %llu, searched %llu", name, w,
                     (unsigned long long)c->weights[w].degree, (unsigned long long)got.degree);
        expect_distance(c, bp[i].data_bits, bp[i].hd_at);
        expect_distance(c, bp[i].data_bits + 1, bp[i].hd_after);
    }
}

static void test_crc32_profile_as_published(void **unused)
{
    (void)unused;
    /* HD = 3, 4, ..., 9 up to 4294967263, 91607, 2974, 268, 171, 91, 57 data bits */
    static const struct breakpoint koopman[] = {
        {2, UINT64_C(4294967263), 3, 2},
        {3, 91607, 4, 3},
        {4, 2974, 5, 4},
        {5, 268, 6, 5},
        {6, 171, 7, 6},
        {7, 91, 8, 7},
        {8, 57, 9, 8},
    };
    check_published("crc32", koopman, sizeof koopman / sizeof koopman[0]);
    expect_distance(hb_crc_code("crc32"), FOUR_KIB_BITS, 4);
    assert_non_null(hb_crc_code("crc32")->published);
}

static void test_crc32c_profile_as_published(void **unused)
{
    (void)unused;
    const struct hb_crc_code *c = hb_crc_code("crc32c");
    assert_non_null(c);
    assert_true(hb_crc_even_parity(c)); /* every odd-weight error is caught */
    /* HD >= 4 up to 2,147,483,615 data bits (the order of x, 2^31 - 1, less 32); HD 6 up to 5,243 */
    static const struct breakpoint published[] = {{2, UINT64_C(2147483615), 4, 2}, {4, 5243, 6, 4}};
    check_published("crc32c", published, sizeof published / sizeof published[0]);
    expect_distance(c, FOUR_KIB_BITS, 4);
    assert_non_null(c->published);
    /* the heavier weights stored equal a search now (they are short) */
    for (unsigned w = 5; w <= HB_CRC_MAX_WEIGHT; w++) {
        const struct hb_crc_weight *s = &c->weights[w];
        struct hb_crc_weight got;
        uint64_t terms[HB_CRC_MAX_WEIGHT];
        struct hb_crc_search_bounds b = {.limit = s->degree ? s->degree + 1 : 64, .max_entries = 1u << 21};
        hb_crc_search_weight(c, w, &b, &got, terms);
        assert_true(got.degree == s->degree);
        assert_true(got.degree || got.searched == HB_CRC_NEVER ? got.searched == s->searched : 1);
    }
}

/* ---- the 64-bit CRCs: what a test can afford ---- */

#define RECHECK_BITS (512 * 8)

static void test_crc64_profiles_recomputed(void **unused)
{
    (void)unused;
    for (const struct hb_crc_code *c = hb_crc_codes; c->name; c++) {
        if (c->width != 64)
            continue;
        for (unsigned w = 2; w <= 4; w++) {
            const struct hb_crc_weight *s = &c->weights[w];
            uint64_t reach = RECHECK_BITS + c->width;
            if (s->degree && s->degree < reach)
                reach = s->degree + 1;
            if (!s->degree && s->searched < reach)
                fail_msg("%s weight %u: stored search stops at %llu, below the recheck", c->name, w,
                         (unsigned long long)s->searched);
            struct hb_crc_weight got;
            uint64_t terms[HB_CRC_MAX_WEIGHT];
            struct hb_crc_search_bounds b = {.limit = reach, .max_entries = 1u << 21};
            hb_crc_search_weight(c, w, &b, &got, terms);
            if (got.searched == HB_CRC_NEVER ? s->searched != HB_CRC_NEVER
                                             : got.degree != (s->degree < reach ? s->degree : 0))
                fail_msg("%s weight %u: recomputed below %llu: degree %llu, stored degree %llu searched %llu", c->name,
                         w, (unsigned long long)reach, (unsigned long long)got.degree, (unsigned long long)s->degree,
                         (unsigned long long)s->searched);
        }
        /* an order of x the search found is the order: no smaller power of x is 1 */
        if (c->weights[2].degree) {
            struct hb_crc_weight got;
            uint64_t terms[HB_CRC_MAX_WEIGHT];
            struct hb_crc_search_bounds b = {.limit = c->weights[2].degree + 1, .max_entries = 1u << 21};
            hb_crc_search_weight(c, 2, &b, &got, terms);
            assert_true(got.degree == c->weights[2].degree);
            check_terms(c, 2, terms);
        }
        struct hb_crc_distance d;
        hb_crc_distance_at(c, c->weights, FOUR_KIB_BITS, &d);
        assert_true(d.hd >= 2 && d.hd <= d.at_most); /* a number at 4 KiB for every CRC */
        assert_non_null(c->computed);
    }
    /* CRC-64/GO-ISO: x^64 + x^4 + x^3 + x + 1 is itself a multiple of weight 5 */
    const struct hb_crc_code *go = hb_crc_code("crc64-go-iso");
    assert_non_null(go);
    assert_int_equal(hb_crc_generator_weight(go), 5);
    struct hb_crc_weight w5;
    uint64_t terms[HB_CRC_MAX_WEIGHT];
    struct hb_crc_search_bounds b = {.limit = 65, .max_entries = 1u << 20};
    hb_crc_search_weight(go, 5, &b, &w5, terms);
    assert_int_equal(w5.degree, 64);
    static const uint64_t generator_terms[] = {0, 1, 3, 4, 64};
    assert_memory_equal(terms, generator_terms, sizeof generator_terms);
    for (uint64_t bits = 1; bits <= (UINT64_C(1) << 30); bits *= 8) {
        struct hb_crc_distance d;
        hb_crc_distance_at(go, go->weights, bits, &d);
        assert_true(d.at_most <= 5 && d.hd <= 5);
    }
    struct hb_crc_distance d;
    searched_distance(go, RECHECK_BITS, &d);
    assert_int_equal(d.hd, 5);
    assert_true(d.exact);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generators_are_the_registry_s), cmocka_unit_test(test_search_matches_brute_force),
        cmocka_unit_test(test_crc32_profile_as_published),    cmocka_unit_test(test_crc32c_profile_as_published),
        cmocka_unit_test(test_crc64_profiles_recomputed),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}

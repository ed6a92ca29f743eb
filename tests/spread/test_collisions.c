/*
 * test_collisions.c — the birthday expectation against brute force (the mean pair count over
 * every assignment of n keys to 2^bits values), and the sorted pair counts against counting
 * every pair directly, including outputs that agree in their first 8 bytes and differ later.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "spread.h"

static void birthday_expectation_by_enumeration(void **state)
{
    (void)state;
    static const struct {
        unsigned n, bits;
    } cases[] = {{2, 1}, {4, 2}, {5, 3}, {6, 2}, {3, 4}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned n = cases[c].n, values = 1u << cases[c].bits;
        unsigned assign[8] = {0};
        uint64_t total_pairs = 0, assignments = 0;
        for (;;) {
            for (unsigned i = 0; i < n; i++)
                for (unsigned j = i + 1; j < n; j++)
                    total_pairs += assign[i] == assign[j];
            assignments++;
            unsigned i = 0; /* next assignment, as a base-`values` counter */
            while (i < n && ++assign[i] == values)
                assign[i++] = 0;
            if (i == n)
                break;
        }
        double mean = (double)total_pairs / (double)assignments;
        double got = hb_birthday_expected(n, cases[c].bits);
        if (fabs(got - mean) > 1e-12) {
            print_error("n=%u bits=%u: expected pairs %.15g, enumeration gives %.15g\n", n, cases[c].bits, got, mean);
            fail();
        }
    }
    /* and the large case written out: 2^20 keys at 32 bits, 2^19 (2^20-1) / 2^32 = 128 - 2^-13 */
    assert_true(fabs(hb_birthday_expected(1u << 20, 32) - 127.9998779296875) < 1e-9);
}

static uint64_t brute_pairs_u32(const uint32_t *v, size_t n)
{
    uint64_t pairs = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            pairs += v[i] == v[j];
    return pairs;
}

static void pairs_u32_match_brute_force(void **state)
{
    (void)state;
    uint64_t rng = 7;
    for (size_t n = 0; n < 600; n += 37) {
        for (uint32_t range = 1; range <= (1u << 20); range <<= 5) {
            uint32_t *v = malloc((n + 1) * sizeof *v);
            for (size_t i = 0; i < n; i++) {
                rng = rng * 6364136223846793005u + 1442695040888963407u;
                /* spread over both 16-bit digits */
                v[i] = (uint32_t)((rng >> 33) % range) * 4099u;
            }
            uint64_t expected = brute_pairs_u32(v, n), got = hb_equal_pairs_u32(v, n);
            if (got != expected) {
                print_error("n=%zu range=%u: %llu pairs, brute force %llu\n", n, range, (unsigned long long)got,
                            (unsigned long long)expected);
                fail();
            }
            free(v);
        }
    }
}

static void pairs_of_wide_outputs_match_brute_force(void **state)
{
    (void)state;
    static const size_t widths[] = {4, 8, 16, 32, 64};
    uint64_t rng = 11;
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        size_t width = widths[w], n = 500;
        uint8_t *outs = malloc(n * width);
        for (size_t i = 0; i < n; i++) {
            /* few distinct heads and few distinct tails, so both equal heads with different
             * tails and fully equal outputs occur */
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            memset(outs + i * width, (int)((rng >> 40) % 7), width);
            outs[i * width + width - 1] = (uint8_t)((rng >> 50) % 5);
        }
        uint64_t expected = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t j = i + 1; j < n; j++)
                expected += memcmp(outs + i * width, outs + j * width, width) == 0;
        uint64_t got = hb_equal_pairs_bytes(outs, n, width);
        if (got != expected) {
            print_error("width=%zu: %llu pairs, brute force %llu\n", width, (unsigned long long)got,
                        (unsigned long long)expected);
            fail();
        }
        free(outs);
    }
    assert_int_equal(hb_equal_pairs_bytes((const uint8_t *)"", 0, 8), 0);
}

static void collisions_carry_expectation_and_tail(void **state)
{
    (void)state;
    struct hb_collisions c;
    hb_collisions_of(0, 1u << 20, 64, &c);
    assert_int_equal(c.bits, 64);
    assert_true(c.log2_p == 0); /* no collision is never suspicious */
    hb_collisions_of(1, 1u << 20, 64, &c);
    /* P(X >= 1) = 1 - exp(-lambda), lambda = 2^39 / 2^64 nearly */
    assert_true(fabs(c.log2_p - log2(-expm1(-c.expected))) < 1e-9);
    assert_true(c.log2_p < -24 && c.log2_p > -26);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(birthday_expectation_by_enumeration),
        cmocka_unit_test(pairs_u32_match_brute_force),
        cmocka_unit_test(pairs_of_wide_outputs_match_brute_force),
        cmocka_unit_test(collisions_carry_expectation_and_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

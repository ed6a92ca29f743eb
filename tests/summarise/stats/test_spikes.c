/* test_spikes.c — the spike rule against series worked out by hand: a lone value far from both
 * sides is a spike, in the middle and at either end, above or below; two in a row are both
 * spikes; the values at a step are not, however large the step; Gaussian noise alone gives very
 * few; a series of two gives none; in a series whose neighbours are mostly equal, a value above
 * both sides stands out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "hb_splitmix64.h"
#include "spikes.h"

/* A flat series with a little alternating noise, so that its spread is known (0.01). */
static void flat(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = i % 2 ? 0.01 : -0.01;
}

static void expect(const char *what, const double *x, size_t n, const size_t *want, size_t nwant)
{
    bool spike[64], wanted[64] = {0};
    size_t found = hb_find_spikes(x, n, spike);
    for (size_t k = 0; k < nwant; k++)
        wanted[want[k]] = true;
    for (size_t i = 0; i < n; i++)
        if (spike[i] != wanted[i]) {
            print_error("%s: value %zu (%g) %s a spike\n", what, i, x[i], spike[i] ? "taken for" : "not taken for");
            fail();
        }
    assert_int_equal(found, nwant);
}

static void lone_values(void **state)
{
    (void)state;
    double x[30];
    flat(x, 30);
    x[12] = 0.5;
    x[0] = 0.4;
    x[29] = -0.3;
    expect("high in the middle, high first, low last", x, 30, (const size_t[]){0, 12, 29}, 3);
    flat(x, 30);
    x[17] = 0.3;
    x[18] = 0.35;
    expect("two in a row", x, 30, (const size_t[]){17, 18}, 2);
}

static void steps_are_not_spikes(void **state)
{
    (void)state;
    double x[30];
    for (int size = 1; size <= 100; size *= 10) {
        flat(x, 30);
        for (size_t i = 15; i < 30; i++)
            x[i] += 0.1 * size;
        expect("a step", x, 30, NULL, 0);
    }
    flat(x, 30);
    for (size_t i = 10; i < 20; i++)
        x[i] += 1;
    expect("a plateau", x, 30, NULL, 0);
}

static void noise_alone(void **state)
{
    (void)state;
    uint64_t seed = 7;
    double x[64];
    size_t found = 0;
    for (int trial = 0; trial < 200; trial++) {
        for (size_t i = 0; i < 64; i++) {
            double sum = 0;
            for (int k = 0; k < 12; k++)
                sum += (double)(hb_splitmix64_next(&seed) >> 11) * 0x1.0p-53;
            x[i] = sum - 6;
        }
        bool spike[64];
        found += hb_find_spikes(x, 64, spike);
    }
    /* Beyond 4 standard deviations from both sides: a few in 12800 Gaussian values at most. */
    printf("noise alone: %zu spikes in 12800 values\n", found);
    assert_true(found <= 5);
}

static void short_or_flat(void **state)
{
    (void)state;
    double x[2] = {0, 5};
    bool spike[2];
    assert_int_equal(hb_find_spikes(x, 2, spike), 0);
    double same[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    expect("all equal", same, 10, NULL, 0);
    same[4] = 2;
    same[5] = 2;
    expect("all equal but two", same, 10, (const size_t[]){4, 5}, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lone_values),
        cmocka_unit_test(steps_are_not_spikes),
        cmocka_unit_test(noise_alone),
        cmocka_unit_test(short_or_flat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

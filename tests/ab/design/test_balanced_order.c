/* test_balanced_order.c — hbab run-order's design (hb_balanced_order) checked by its properties,
 * not by a sequence copied from the code: round 0 and every later round are permutations of the
 * revisions; within every complete block of k rounds each revision takes each place exactly once
 * (a Latin square), and in the last, incomplete block at most once; the same seed gives the same
 * order and different seeds different ones; and over many seeds the draws are spread as uniform
 * draws would be (each revision first in the warm-up about 1/k of the time, every one of the k!
 * permutations and every order of the rotations seen). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "balanced_order.h"

static uint32_t *draw(uint64_t seed, uint32_t k, uint32_t n)
{
    uint32_t *order = malloc(((size_t)n + 1) * k * sizeof *order);
    assert_non_null(order);
    hb_balanced_order(seed, k, n, order);
    return order;
}

/* Round r of order (k revisions) is a permutation of 1..k. */
static void assert_permutation(const uint32_t *order, uint32_t k, uint32_t r)
{
    int seen[HB_ORDER_MAX_REVISIONS + 1] = {0};
    for (uint32_t i = 0; i < k; i++) {
        uint32_t v = order[(size_t)r * k + i];
        if (v < 1 || v > k || seen[v]++)
            fail_msg("k=%u round %u: revision %u at place %u is out of range or repeated", k, r, v, i);
    }
}

static void rounds_are_permutations_and_blocks_latin_squares(void **state)
{
    (void)state;
    static int count[HB_ORDER_MAX_REVISIONS + 1][HB_ORDER_MAX_REVISIONS];
    for (uint32_t k = 1; k <= 7; k++)
        for (uint32_t n = 1; n <= 3 * k + 2; n++)
            for (uint64_t seed = 0; seed < 20; seed++) {
                uint32_t *order = draw(seed * 7919 + k, k, n);
                for (uint32_t r = 0; r <= n; r++)
                    assert_permutation(order, k, r);
                /* Blocks: rounds 1..k, k+1..2k, ...; the last may be short. */
                for (uint32_t first = 1; first <= n; first += k) {
                    uint32_t last = first + k - 1 <= n ? first + k - 1 : n;
                    memset(count, 0, sizeof count);
                    for (uint32_t r = first; r <= last; r++)
                        for (uint32_t i = 0; i < k; i++)
                            count[order[(size_t)r * k + i]][i]++;
                    for (uint32_t v = 1; v <= k; v++)
                        for (uint32_t i = 0; i < k; i++) {
                            int want_max = 1, want_min = last - first + 1 == k ? 1 : 0;
                            if (count[v][i] > want_max || count[v][i] < want_min)
                                fail_msg("k=%u n=%u seed %llu block from round %u: revision %u in place %u %d times", k,
                                         n, (unsigned long long)seed, first, v, i, count[v][i]);
                        }
                }
                free(order);
            }
}

static void seeds_repeat_and_differ(void **state)
{
    (void)state;
    uint32_t k = 3, n = 12;
    size_t len = (size_t)(n + 1) * k;
    uint32_t *a = draw(7, k, n), *b = draw(7, k, n);
    assert_memory_equal(a, b, len * sizeof *a);
    free(b);
    for (uint64_t seed = 0; seed < 200; seed++) {
        if (seed == 7)
            continue;
        b = draw(seed, k, n);
        if (memcmp(a, b, len * sizeof *a) == 0)
            fail_msg("seeds 7 and %llu give the same order", (unsigned long long)seed);
        free(b);
    }
    free(a);
    /* The largest seed is a seed like any other. */
    a = draw(UINT64_MAX, k, n);
    b = draw(UINT64_MAX - 1, k, n);
    assert_memory_not_equal(a, b, len * sizeof *a);
    free(a);
    free(b);
}

/* Over 6000 seeds with k = 3: the warm-up's first revision is each of 1..3 about 2000 times (a
 * binomial count, standard deviation 36.5: 1800..2200 is beyond five of them); and the first
 * block, a Latin square of order 3, is each of the 12 such squares about 500 times (standard
 * deviation 21.5: 400..600), as a uniform choice of permutation and order of rotations gives. */
static void draws_look_uniform(void **state)
{
    (void)state;
    enum { SEEDS = 6000, K = 3, CODES = 19683 /* 3^9: a square's nine entries in base 3 */ };
    int first[K + 1] = {0};
    static int squares[CODES];
    memset(squares, 0, sizeof squares);
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        uint32_t *order = draw(seed, K, K);
        first[order[0]]++;
        int code = 0;
        for (int i = 0; i < K * K; i++)
            code = code * K + (int)order[K + i] - 1;
        squares[code]++;
        free(order);
    }
    for (int v = 1; v <= K; v++)
        if (first[v] < 1800 || first[v] > 2200)
            fail_msg("revision %d runs first in the warm-up %d times of %d", v, first[v], SEEDS);
    int distinct = 0;
    for (int c = 0; c < CODES; c++) {
        if (!squares[c])
            continue;
        distinct++;
        if (squares[c] < 400 || squares[c] > 600)
            fail_msg("the first block's square %d came %d times of %d", c, squares[c], SEEDS);
    }
    if (distinct != 12)
        fail_msg("the first block took %d distinct squares, not the 12 Latin squares of order 3", distinct);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rounds_are_permutations_and_blocks_latin_squares),
        cmocka_unit_test(seeds_repeat_and_differ),
        cmocka_unit_test(draws_look_uniform),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

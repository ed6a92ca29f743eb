/* test_duet_order.c — hbab duet-order's design (hb_duet_order) checked by its properties, not by a
 * sequence copied from the code: every round holds both revisions on both slots; revision 1's
 * slot changes from every round to the next; within every complete block of four rounds (rounds
 * 1-4, 5-8, ...) revision 1 starts first exactly once on each slot, and in the last, incomplete
 * block at most once on each; the same seed gives the same rounds and different seeds different
 * ones; and over many seeds the first round's slot and the starts are spread as fair coins would
 * be. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "duet_order.h"

static struct hb_duet_process *draw(uint64_t seed, uint32_t n)
{
    struct hb_duet_process *order = malloc(((size_t)n + 1) * 2 * sizeof *order);
    assert_non_null(order);
    hb_duet_order(seed, n, order);
    return order;
}

/* Revision 1's slot in round r. */
static uint32_t slot_of_one(const struct hb_duet_process *order, uint32_t r)
{
    return order[2 * r].revision == 1 ? order[2 * r].slot : order[2 * r + 1].slot;
}

static void test_rounds_hold_both_sides(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 200; seed++) {
        uint32_t n = 1 + (uint32_t)(seed % 23);
        struct hb_duet_process *order = draw(seed, n);
        for (uint32_t r = 0; r <= n; r++) {
            const struct hb_duet_process *a = &order[2 * r], *b = &order[2 * r + 1];
            assert_int_equal(a->revision + b->revision, 3);
            assert_true(a->revision == 1 || a->revision == 2);
            assert_int_equal(a->slot + b->slot, 3);
            assert_true(a->slot == 1 || a->slot == 2);
            if (r > 0)
                assert_int_not_equal(slot_of_one(order, r), slot_of_one(order, r - 1));
        }
        free(order);
    }
}

static void test_starts_balanced_in_blocks(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 200; seed++) {
        uint32_t n = 1 + (uint32_t)(seed % 31);
        struct hb_duet_process *order = draw(seed, n);
        for (uint32_t block = 1; block <= n; block += 4) {
            uint32_t firsts[3] = {0, 0, 0}, rounds = n - block + 1 < 4 ? n - block + 1 : 4;
            for (uint32_t r = block; r < block + rounds; r++)
                if (order[2 * r].revision == 1)
                    firsts[order[2 * r].slot]++;
            if (rounds == 4) {
                assert_int_equal(firsts[1], 1);
                assert_int_equal(firsts[2], 1);
            } else {
                assert_true(firsts[1] <= 1 && firsts[2] <= 1);
            }
        }
        free(order);
    }
}

static void test_same_seed_same_rounds(void **state)
{
    (void)state;
    struct hb_duet_process *a = draw(7, 40), *b = draw(7, 40), *c = draw(8, 40);
    assert_memory_equal(a, b, 41 * 2 * sizeof *a);
    assert_memory_not_equal(a, c, 41 * 2 * sizeof *a);
    free(a);
    free(b);
    free(c);
}

/* Over 4000 seeds a fair coin's count of heads lies within 3.9 standard deviations (sqrt(1000)
 * each, about 124) of 2000 but once in 10,000 suites: the first slot and the first start are not
 * tied to one side. */
static void test_draws_are_fair(void **state)
{
    (void)state;
    unsigned slot1 = 0, one_first = 0;
    for (uint64_t seed = 0; seed < 4000; seed++) {
        struct hb_duet_process *order = draw(seed * 0x9e3779b97f4a7c15u, 1);
        slot1 += slot_of_one(order, 0) == 1;
        one_first += order[2].revision == 1;
        free(order);
    }
    assert_in_range(slot1, 2000 - 124, 2000 + 124);
    assert_in_range(one_first, 2000 - 124, 2000 + 124);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds_hold_both_sides),
        cmocka_unit_test(test_starts_balanced_in_blocks),
        cmocka_unit_test(test_same_seed_same_rounds),
        cmocka_unit_test(test_draws_are_fair),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

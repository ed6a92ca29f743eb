/*
 * test_splitmix64.c — hb_splitmix64_next against SplitMix64's published first outputs: seed 0
 * (Vigna's reference splitmix64.c, reproduced in many test suites) and seed 1234567 (the Rosetta
 * Code task "Pseudo-random numbers/Splitmix64").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hb_splitmix64.h"

static void check_sequence(uint64_t seed, const uint64_t *expected, size_t n)
{
    uint64_t state = seed;
    for (size_t i = 0; i < n; i++) {
        uint64_t got = hb_splitmix64_next(&state);
        if (got != expected[i])
            fail_msg("seed %llu, output %zu: got %#llx, expected %#llx", (unsigned long long)seed, i,
                     (unsigned long long)got, (unsigned long long)expected[i]);
    }
}

static void test_seed_0(void **state)
{
    (void)state;
    static const uint64_t expected[] = {UINT64_C(0xe220a8397b1dcdaf), UINT64_C(0x6e789e6aa1b965f4),
                                        UINT64_C(0x06c45d188009454f), UINT64_C(0xf88bb8a8724c81ec)};
    check_sequence(0, expected, sizeof expected / sizeof expected[0]);
}

static void test_seed_1234567(void **state)
{
    (void)state;
    static const uint64_t expected[] = {UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
                                        UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
                                        UINT64_C(16408922859458223821)};
    check_sequence(1234567, expected, sizeof expected / sizeof expected[0]);
}

/* The state is a Weyl sequence: n calls add n times the golden-ratio increment. */
static void test_state_advances_by_the_increment(void **state)
{
    (void)state;
    uint64_t s = 42;
    for (int i = 0; i < 1000; i++)
        hb_splitmix64_next(&s);
    assert_true(s == 42 + 1000 * UINT64_C(0x9e3779b97f4a7c15));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_0),
        cmocka_unit_test(test_seed_1234567),
        cmocka_unit_test(test_state_advances_by_the_increment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_cpu_busy.c — the other CPUs' busy share from /proc/stat snapshots, against figures worked
 * out by hand from the kernel's field order (user nice system idle iowait irq softirq steal guest
 * guest_nice): busy = user + nice + system + irq + softirq + steal, all = busy + idle + iowait. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "cpu_busy.h"

/* Three CPUs, the benchmark pinned to cpu2. Between the snapshots cpu0 spends 10 user, 5 system,
 * 2 steal and 83 idle (100 in all, 17 busy); cpu1 20 user, 1 irq, 2 softirq, 70 idle and 7 iowait
 * (100 in all, 23 busy); cpu2 100 user. The others: 40 busy of 200, 20%. The guest columns grow
 * too, and must not count (the kernel already counts guest time as user time). */
static void busy_of_the_others(void **state)
{
    (void)state;
    const char *text = "10:00:00\n"
                       "cpu  600 0 300 3000 30 10 10 10 0 0\n"
                       "cpu0 200 0 100 1000 10 0 0 5 0 0\n"
                       "cpu1 200 0 100 1000 20 10 10 5 0 0\n"
                       "cpu2 200 0 100 1000 0 0 0 0 0 0\n"
                       "intr 12345 1 2 3\n"
                       "0.50 0.40 0.30 2/200 999\n"
                       "10:05:00\n"
                       "cpu  730 0 305 3153 37 11 12 12 50 0\n"
                       "cpu0 210 0 105 1083 10 0 0 7 20 0\n"
                       "cpu1 220 0 100 1070 27 11 12 5 30 0\n"
                       "cpu2 300 0 100 1000 0 0 0 0 0 0\n"
                       "1.50 0.40 0.30 2/200 1999\n";
    assert_float_equal(hb_cpu_busy_others(text), 20.0, 1e-12);
}

/* The pinned CPU is the highest-numbered one, whatever the order of the lines: cpu10 here, so
 * cpu9 (50 busy of 100) and cpu0 (0 of 100) are the others: 25%. */
static void last_cpu_by_number(void **state)
{
    (void)state;
    const char *text = "cpu 0 0 0 0 0 0 0 0\n"
                       "cpu10 0 0 0 0 0 0 0 0\n"
                       "cpu9 0 0 0 0 0 0 0 0\n"
                       "cpu0 0 0 0 0 0 0 0 0\n"
                       "cpu 150 0 0 150 0 0 0 0\n"
                       "cpu10 100 0 0 0 0 0 0 0\n"
                       "cpu9 50 0 0 50 0 0 0 0\n"
                       "cpu0 0 0 0 100 0 0 0 0\n";
    assert_float_equal(hb_cpu_busy_others(text), 25.0, 1e-12);
}

/* A third snapshot: the figure spans the first to the last (here 30 busy of 60 on cpu0: 50%). */
static void first_to_last_snapshot(void **state)
{
    (void)state;
    const char *text = "cpu 0 0 0 0\ncpu0 0 0 0 0\ncpu1 0 0 0 0\n"
                       "cpu 10 0 0 10\ncpu0 10 0 0 10\ncpu1 0 0 0 0\n"
                       "cpu 30 0 0 30\ncpu0 30 0 0 30\ncpu1 0 0 0 0\n";
    assert_float_equal(hb_cpu_busy_others(text), 50.0, 1e-12);
}

/* No second snapshot, or no time on the other CPUs, or no cpu lines: no figure. */
static void no_figure(void **state)
{
    (void)state;
    assert_true(isnan(hb_cpu_busy_others("cpu 1 2 3 4\ncpu0 1 2 3 4\n")));
    assert_true(isnan(hb_cpu_busy_others("cpu 1 0 0 1\ncpu0 0 0 0 0\ncpu1 1 0 0 1\n"
                                         "cpu 5 0 0 5\ncpu0 0 0 0 0\ncpu1 5 0 0 5\n")));
    assert_true(isnan(hb_cpu_busy_others("")));
    assert_true(isnan(hb_cpu_busy_others("0.10 0.20 0.30 1/100 4242\n")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(busy_of_the_others),
        cmocka_unit_test(last_cpu_by_number),
        cmocka_unit_test(first_to_last_snapshot),
        cmocka_unit_test(no_figure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

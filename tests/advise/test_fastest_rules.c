/*
 * test_fastest_rules.c — the advisor's ranking by fastest sets on made-up process matrices: per
 * process a median for each entry, drawn here from a stated law (a true time times a log-normal
 * factor per process, 4% by default: the spread between processes a shared machine shows) with
 * fixed seeds. Checks: the pick is a member of its fastest set and the set leads the list; an
 * entry 20% slower by construction is out of it; two entries of one law (A/A) are both in it in
 * all but a few trials; the halves check reports a disagreement built on purpose and holds where
 * the answer is clear; runs of one machine pool their processes where a fleet ranks each machine
 * on its own; racing keeps the entries that can still win and drops one that cannot. No timing is
 * measured.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hb_alloc.h"
#include "hb_splitmix64.h"
#include "made_up.h"
#include "race.h"
#include "report.h"

#define ENTRY(var, name_, bits_)                                                                                       \
    static const struct hb_hash var = {.name = name_,                                                                  \
                                       .impl = "c",                                                                    \
                                       .family = "test",                                                               \
                                       .summary = "made up",                                                           \
                                       .kind = HB_KIND_NONCRYPTO,                                                      \
                                       .out_bits = bits_,                                                              \
                                       .seed_bits = 64,                                                                \
                                       .flags = HB_FLAG_SEEDED,                                                        \
                                       .dos = HB_DOS_SEEDED,                                                           \
                                       .output = HB_OUTPUT_FROZEN}

ENTRY(a_, "A", 64);
ENTRY(b_, "B", 64);
ENTRY(c_, "C", 64);
ENTRY(d_, "D", 128);
ENTRY(e_, "E", 64);
ENTRY(f_, "F", 32);

static const struct hb_hash *const entries[] = {&a_, &b_, &c_, &d_, &e_, &f_};
static const char *const names[] = {"A", "B", "C", "D", "E", "F"};
#define NAMES (sizeof names / sizeof *names)

static bool can_run(const struct hb_hash *h, char *why_not, size_t len)
{
    (void)h, (void)why_not, (void)len;
    return true;
}

static const struct hb_advice_registry registry = {entries, NAMES, can_run};

/* A standard normal from SplitMix64 (Box and Muller). */
static double normal(uint64_t *state)
{
    double u = ((double)(hb_splitmix64_next(state) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(hb_splitmix64_next(state) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* true time ns in each of n processes, times exp(sigma * Z) per process */
static struct hb_advice_interval drawn(double ns, double sigma, size_t n, uint64_t *state)
{
    double v[64];
    for (size_t p = 0; p < n; p++)
        v[p] = ns * NS * exp(sigma * normal(state));
    return made_up_values(v, n);
}

/* A machine of the entries named in `which` (a string of letters), each timed in n processes at
 * true[letter] ns with noise sigma, every spread test passed. */
static void machine(struct hb_advice_machine *m, const char *host, const char *which, const double *truth, double sigma,
                    size_t n, uint64_t seed)
{
    uint64_t state = seed;
    memset(m, 0, sizeof *m);
    m->dir = hb_xstrdup(host);
    m->host = hb_xstrdup(host);
    m->cpu_model = hb_xstrdup("made up");
    m->rows = hb_xstrdup("keys");
    m->has_latency = true;
    m->repetitions = 3;
    m->processes = n;
    m->nruns = 1;
    m->keys = (struct hb_advice_keys){.from_file = true, .in_file = 1000, .used = 1000, .length_median = 8};
    m->spread.buckets = 1024;
    for (const char *w = which; *w; w++) {
        size_t k = (size_t)(*w - 'A');
        m->timings = hb_xreallocarray(m->timings, m->ntimings + 1, sizeof *m->timings);
        struct hb_advice_interval thr = drawn(truth[k], sigma, n, &state);
        m->timings[m->ntimings++] = (struct hb_advice_timing){
            hb_xstrdup(names[k]), hb_xstrdup("c"), thr, drawn(2 * truth[k], sigma, n, &state), {0}, NULL, {0}, {0}};
        m->spread.algorithms =
            hb_xreallocarray(m->spread.algorithms, m->spread.nalgorithms + 1, sizeof *m->spread.algorithms);
        struct hb_spread_algorithm *s = &m->spread.algorithms[m->spread.nalgorithms++];
        *s = (struct hb_spread_algorithm){.name = hb_xstrdup(names[k]), .impl = hb_xstrdup("c"), .out_bits = 64};
        for (int t = 0; t < HB_TESTS; t++)
            s->verdict[t] = HB_VERDICT_PASS;
    }
}

static void evaluate(enum hb_need need, const struct hb_advice_machine *const *list, size_t n,
                     struct hb_advice_result *r)
{
    hb_advice_evaluate(&hb_need_rules[need], &registry, list, n, NULL, r);
}

static const struct hb_advice_pick *pick_named(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nranked; i++)
        if (strcmp(r->ranked[i].entry.name, name) == 0)
            return &r->ranked[i];
    fail_msg("%s is not ranked", name);
    return NULL;
}

/* On 60 random machines (six entries of true times from 1 to 2 ns, 4% noise, 8 processes), for
 * the fingerprint need (tie-break: output bits) and the shard-free checksum one: the pick is in
 * the fastest set, the set is ranked[0..nfastest), every member's rank interval starts at 1 and no
 * other's does. */
static void test_pick_in_its_set(void **state)
{
    (void)state;
    uint64_t draw = 37;
    for (int trial = 0; trial < 60; trial++) {
        double truth[NAMES];
        for (size_t k = 0; k < NAMES; k++)
            truth[k] = 1 + (double)(hb_splitmix64_next(&draw) % 1000) / 1000;
        struct hb_advice_machine m;
        machine(&m, "m", "ABCDE", truth, 0.04, 8, (uint64_t)trial);
        const struct hb_advice_machine *list[] = {&m};
        struct hb_advice_result r;
        evaluate(HB_NEED_FINGERPRINT, list, 1, &r);
        assert_true(r.nranked == 5 && r.nfastest >= 1);
        assert_true(r.ranked[0].fastest);
        for (size_t i = 0; i < r.nranked; i++) {
            if (r.ranked[i].fastest != (i < r.nfastest) || r.ranked[i].fastest != (r.ranked[i].rank_lo == 1))
                fail_msg("trial %d: entry %zu (%s) fastest=%d rank %zu-%zu, set of %zu", trial, i,
                         r.ranked[i].entry.name, r.ranked[i].fastest, r.ranked[i].rank_lo, r.ranked[i].rank_hi,
                         r.nfastest);
        }
        /* the tie-break: no member has more output bits than the pick */
        for (size_t i = 1; i < r.nfastest; i++)
            assert_true(r.ranked[i].entry.props->out_bits <= r.ranked[0].entry.props->out_bits);
        hb_advice_result_free(&r);
        hb_advice_machine_free(&m);
    }
}

/* B's true time is 20% above A's, C's 50%: with 4% noise per process and 8 processes, B and C are
 * out of the fastest set in every one of 30 trials, and A is in it and picked. */
static void test_twenty_percent_slower_is_out(void **state)
{
    (void)state;
    const double truth[NAMES] = {1.0, 1.2, 1.5, 9, 9, 9};
    for (uint64_t seed = 1; seed <= 30; seed++) {
        struct hb_advice_machine m;
        machine(&m, "m", "ABC", truth, 0.04, 8, seed);
        const struct hb_advice_machine *list[] = {&m};
        struct hb_advice_result r;
        evaluate(HB_NEED_CHECKSUM, list, 1, &r);
        if (!pick_named(&r, "A")->fastest || pick_named(&r, "B")->fastest || pick_named(&r, "C")->fastest)
            fail_msg("seed %llu: set of %zu, pick %s", (unsigned long long)seed, r.nfastest, r.ranked[0].entry.name);
        assert_string_equal(r.ranked[0].entry.name, "A");
        assert_int_equal(pick_named(&r, "B")->rank_lo, 2);
        hb_advice_result_free(&r);
        hb_advice_machine_free(&m);
    }
}

/* A and B drawn from one law (the same binary twice), C 30% slower: in 60 trials at 95%, both A
 * and B are in the fastest set in all but at most 6 (the set's error is at most 5% in
 * expectation; 6 of 60 leaves room for the draw), and C never is. */
static void test_a_a_both_in(void **state)
{
    (void)state;
    const double truth[NAMES] = {1.0, 1.0, 1.3, 9, 9, 9};
    int split = 0;
    for (uint64_t seed = 100; seed < 160; seed++) {
        struct hb_advice_machine m;
        machine(&m, "m", "ABC", truth, 0.04, 8, seed);
        const struct hb_advice_machine *list[] = {&m};
        struct hb_advice_result r;
        evaluate(HB_NEED_CHECKSUM, list, 1, &r);
        split += !(pick_named(&r, "A")->fastest && pick_named(&r, "B")->fastest);
        assert_false(pick_named(&r, "C")->fastest);
        hb_advice_result_free(&r);
        hb_advice_machine_free(&m);
    }
    if (split > 6)
        fail_msg("A/A split in %d of 60 trials", split);
}

/* Built on purpose: in the odd processes A is 20% faster than B, in the even ones B is 20% faster
 * than A. Over all eight neither can be told from the other; each half alone names its own, and
 * the pick is missing from one half's set: the answer did not hold. With A faster everywhere it
 * holds. */
static void test_halves_disagree(void **state)
{
    (void)state;
    const double truth[NAMES] = {1.0, 1.0, 9, 9, 9, 9};
    struct hb_advice_machine m;
    machine(&m, "m", "AB", truth, 0.0, 8, 1);
    for (size_t p = 0; p < 8; p++) {
        m.timings[0].throughput.process[p] = (p % 2 == 0 ? 1.0 : 1.2) * NS * (1 + 0.01 * (double)p);
        m.timings[1].throughput.process[p] = (p % 2 == 0 ? 1.2 : 1.0) * NS * (1 + 0.01 * (double)(7 - p));
    }
    hb_advice_machine_summarise(&m);
    const struct hb_advice_machine *list[] = {&m};
    struct hb_advice_result r;
    evaluate(HB_NEED_CHECKSUM, list, 1, &r);
    assert_int_equal(r.nfastest, 2);
    assert_true(r.halves.checked);
    assert_false(r.halves.held);
    assert_int_equal(r.halves.processes[0], 4);
    assert_int_equal(r.halves.processes[1], 4);
    assert_int_equal(r.halves.nset[0], 1);
    assert_string_equal(r.halves.set[0][0], "A/c");
    assert_int_equal(r.halves.nset[1], 1);
    assert_string_equal(r.halves.set[1][0], "B/c");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);

    const double clear[NAMES] = {1.0, 1.3, 9, 9, 9, 9};
    machine(&m, "m", "AB", clear, 0.03, 8, 5);
    list[0] = &m;
    evaluate(HB_NEED_CHECKSUM, list, 1, &r);
    assert_true(r.halves.checked);
    assert_true(r.halves.held);
    assert_string_equal(r.halves.pick[0], "A/c");
    assert_string_equal(r.halves.pick[1], "A/c");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* Two runs of one machine (same host and CPU) pool their processes: 8 + 8 = 16, the second run's
 * values after the first's, every measure summarised over all 16. Two machines (other hosts) are
 * a fleet: its fastest set holds the entries in every machine's own (A, where m1 cannot tell A
 * from B and m2 finds A alone), and when the machines' sets share nothing it is their union, said
 * so. Runs with other keys are refused. */
static void test_runs_pool_machines_fleet(void **state)
{
    (void)state;
    const double truth[NAMES] = {1.0, 1.0, 1.6, 9, 9, 9};
    struct hb_advice_machine a, b;
    machine(&a, "host1", "ABC", truth, 0.04, 8, 11);
    machine(&b, "host1", "ABC", truth, 0.04, 8, 12);
    assert_true(hb_advice_same_machine(&a, &b));
    double second = b.timings[2].throughput.process[3];
    char *error = NULL;
    assert_int_equal(hb_advice_machine_append(&a, &b, &error), 0);
    assert_int_equal(a.processes, 16);
    assert_int_equal(a.nruns, 2);
    assert_int_equal(a.timings[2].throughput.nprocesses, 16);
    assert_int_equal(a.timings[2].throughput.n, 16);
    assert_true(a.timings[2].throughput.process[8 + 3] == second);
    assert_string_equal(a.dir, "host1, host1");
    hb_advice_machine_free(&b);
    machine(&b, "host1", "ABC", truth, 0.04, 8, 13);
    b.keys.used = 999;
    assert_int_equal(hb_advice_machine_append(&a, &b, &error), -1);
    assert_non_null(strstr(error, "whose keys differ"));
    free(error);
    hb_advice_machine_free(&a);
    hb_advice_machine_free(&b);

    /* a fleet: m1 cannot tell A from B, m2 finds A alone (B 30% slower there) */
    const double slower_b[NAMES] = {1.0, 1.3, 1.6, 9, 9, 9};
    machine(&a, "host1", "ABC", truth, 0.0, 8, 21);
    machine(&b, "host2", "ABC", slower_b, 0.03, 8, 22);
    for (size_t p = 0; p < 8; p++) /* m1: A and B identical in every process */
        a.timings[1].throughput.process[p] = a.timings[0].throughput.process[p] = NS * (1 + 0.01 * (double)p);
    hb_advice_machine_summarise(&a);
    assert_false(hb_advice_same_machine(&a, &b));
    const struct hb_advice_machine *list[] = {&a, &b};
    struct hb_advice_result r;
    evaluate(HB_NEED_CHECKSUM, list, 2, &r);
    assert_int_equal(r.fleet, 2);
    assert_false(r.fleet_disagree);
    assert_int_equal(r.nfastest, 1);
    assert_string_equal(r.ranked[0].entry.name, "A");
    assert_int_equal(pick_named(&r, "B")->rank_lo, 1); /* the hull of m1's [1, 2] and m2's [2, 2] */
    hb_advice_result_free(&r);
    hb_advice_machine_free(&b);

    /* m2 finds B alone: the sets share nothing, the fleet's is their union */
    const double slower_a[NAMES] = {1.3, 1.0, 1.6, 9, 9, 9};
    machine(&b, "host2", "ABC", slower_a, 0.03, 8, 23);
    for (size_t p = 0; p < 8; p++) /* m1: A alone */
        a.timings[1].throughput.process[p] = 1.3 * a.timings[0].throughput.process[p];
    hb_advice_machine_summarise(&a);
    list[1] = &b;
    evaluate(HB_NEED_CHECKSUM, list, 2, &r);
    assert_true(r.fleet_disagree);
    assert_int_equal(r.nfastest, 2);
    assert_true(pick_named(&r, "A")->fastest && pick_named(&r, "B")->fastest);
    assert_false(pick_named(&r, "C")->fastest);
    hb_advice_result_free(&r);
    hb_advice_machine_free(&a);
    hb_advice_machine_free(&b);
}

/* After three processes, racing keeps A and B (one law) and drops C, three times slower, for the
 * run's rows (three processes leave Student's t two degrees of freedom: only a wide gap is certain
 * at the racing's confidence). */
static void test_contenders(void **state)
{
    (void)state;
    const double truth[NAMES] = {1.0, 1.0, 3.0, 9, 9, 9};
    struct hb_advice_machine m;
    machine(&m, "m", "ABC", truth, 0.03, 3, 31);
    const struct hb_advice_machine *list[] = {&m};
    bool wanted[HB_NEEDS] = {[HB_NEED_CHECKSUM] = true, [HB_NEED_FINGERPRINT] = true};
    struct hb_advice_params p = {.shards = HB_DEFAULT_SHARDS,
                                 .design = HB_DESIGNS,
                                 .confidence = HB_CONTENDER_CONFIDENCE,
                                 .each_implementation = true};
    struct hb_advice_report rep;
    hb_advice_report_build(&rep, &registry, list, 1, wanted, &p);
    char **labels;
    size_t n = hb_advice_contenders(&rep, HB_FILE_RUN, &labels);
    assert_int_equal(n, 2);
    assert_string_equal(labels[0], "A/c");
    assert_string_equal(labels[1], "B/c");
    for (size_t i = 0; i < n; i++)
        free(labels[i]);
    free(labels);
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pick_in_its_set),
        cmocka_unit_test(test_twenty_percent_slower_is_out),
        cmocka_unit_test(test_a_a_both_in),
        cmocka_unit_test(test_halves_disagree),
        cmocka_unit_test(test_runs_pool_machines_fleet),
        cmocka_unit_test(test_contenders),
    };
    return cmocka_run_group_tests(tests, NULL, made_up_teardown);
}

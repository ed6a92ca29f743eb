/*
 * test_against_default.c — the table need's answer against the default each design's programs
 * already have, on made-up process matrices: a default in the fastest set is kept; a default 25%
 * slower per hit by construction (a pick 20% faster) gets the pick's saving, paired per process,
 * its interval containing 20% and narrower than either hit time's own; a default failing a gate is
 * never the pick and says why (capped: no saving, never a number); a default with no rows in the
 * design is said not timed, and a design whose default is no registry entry, or which has none,
 * says so. Racing keeps the default timed in every process. The expected savings are worked out
 * here, process by process.
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

#include "describe.h"
#include "hb_alloc.h"
#include "made_up.h"
#include "race.h"
#include "report.h"

#define ENTRY(var, name_)                                                                                              \
    static const struct hb_hash var = {.name = name_,                                                                  \
                                       .impl = "c",                                                                    \
                                       .family = "test",                                                               \
                                       .summary = "made up",                                                           \
                                       .kind = HB_KIND_NONCRYPTO,                                                      \
                                       .out_bits = 64,                                                                 \
                                       .seed_bits = 64,                                                                \
                                       .flags = HB_FLAG_SEEDED,                                                        \
                                       .dos = HB_DOS_SEEDED,                                                           \
                                       .output = HB_OUTPUT_FROZEN}

/* tablefast first: on equal medians the pick is the first in registry order */
ENTRY(tablefast, "tablefast");
ENTRY(absl_hash, "absl-hash"); /* absl's default (the table of designs) */
ENTRY(std_hash, "std-hash");   /* std-unordered's */
ENTRY(slowpoke, "slowpoke");   /* three times tablefast's times everywhere: no set keeps it */

static const struct hb_hash *const entries[] = {&tablefast, &absl_hash, &std_hash, &slowpoke};

static bool can_run(const struct hb_hash *h, char *why_not, size_t len)
{
    (void)h, (void)why_not, (void)len;
    return true;
}

static const struct hb_advice_registry registry = {entries, sizeof entries / sizeof *entries, can_run};

/* A drift every entry shares in one process (the machine was busier in some), and two independent
 * wobbles of 2%: paired per process the drift cancels, compared as medians it does not. */
static const double drift[MADE_UP_PROCESSES] = {0, 0.3, -0.3, 0.2, -0.2, 0.1, -0.1, 0.05};
static const double wobble[2][MADE_UP_PROCESSES] = {{0, -1, 1, -0.5, 0.5, -0.25, 0.25, 0},
                                                    {0, 0.25, -0.25, 0.5, -0.5, 1, -1, 0}};

/* m ns in process p: m * (1 + drift[p]) * (1 + 0.02 * wobble[w][p]) */
static double at(double m, int w, size_t p)
{
    return m * NS * (1 + drift[p]) * (1 + 0.02 * wobble[w][p]);
}

static struct hb_advice_interval drifting(double m, int w)
{
    double v[MADE_UP_PROCESSES];
    for (size_t p = 0; p < MADE_UP_PROCESSES; p++)
        v[p] = at(m, w, p);
    return made_up_values(v, MADE_UP_PROCESSES);
}

enum { ABSL, STD, UTHASH, PLACES };
static const enum hb_design place_design[PLACES] = {HB_DESIGN_ABSL, HB_DESIGN_STD_UNORDERED, HB_DESIGN_UTHASH};

/* An entry with hit times hit[place] ns (0: no rows in that design), misses 0.8 times them, its
 * wobble w; a battery that passes, or finds it linear. */
static void add(struct hb_advice_machine *m, const char *name, const double hit[PLACES], int w, bool linear)
{
    struct hb_advice_tables *t = hb_xcalloc(1, sizeof *t);
    t->present = true;
    t->count = 100000;
    for (int k = 0; k < PLACES; k++) {
        enum hb_design d = place_design[k];
        t->designs |= 1u << d; /* the run measured all three, whatever this entry has */
        if (!(hit[k] > 0))
            continue;
        t->cell[d][HB_OP_HIT].x = drifting(hit[k], w);
        t->cell[d][HB_OP_MISS].x = drifting(0.8 * hit[k], w);
        t->cell[d][HB_OP_INSERT].x = drifting(3 * hit[k], w);
    }
    made_up_table_entry(m, name, t, 2, linear);
}

/* tablefast and absl-hash alike in absl (the same figures: one cannot be told from the other);
 * std-hash 25% slower per hit than tablefast in std-unordered, so tablefast saves 20% there. */
static void machine(struct hb_advice_machine *m, bool std_hash_linear, bool std_hash_in_std)
{
    made_up_table_machine(m, true);
    m->processes = MADE_UP_PROCESSES;
    add(m, "tablefast", (double[PLACES]){10, 20, 40}, 0, false);
    add(m, "absl-hash", (double[PLACES]){10, 30, 45}, 0, false);
    add(m, "std-hash", (double[PLACES]){14, std_hash_in_std ? 25 : 0, 50}, 1, std_hash_linear);
    add(m, "slowpoke", (double[PLACES]){30, 60, 120}, 0, false);
}

static void evaluate(struct hb_advice_machine *m, enum hb_design design, struct hb_advice_result *r)
{
    const struct hb_advice_machine *list[1] = {m};
    struct hb_advice_params p = {.shards = HB_DEFAULT_SHARDS, .design = design};
    hb_advice_evaluate(&hb_need_rules[HB_NEED_TABLE], &registry, list, 1, &p, r);
}

static void assert_sentence(const struct hb_advice_result *r, const char *words)
{
    char *s = hb_advice_against_sentence(r);
    if (!s || !strstr(s, words))
        fail_msg("against sentence \"%s\" lacks \"%s\"", s ? s : "(none)", words);
    free(s);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* absl: absl-hash is in the fastest set beside the pick: keep it. */
static void test_default_in_the_set_is_kept(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, false, true);
    struct hb_advice_result r;
    evaluate(&m, HB_DESIGN_ABSL, &r);
    assert_string_equal(r.ranked[0].entry.name, "tablefast");
    assert_int_equal(r.against.verdict, HB_AGAINST_KEEP);
    assert_string_equal(r.against.name, "absl-hash");
    assert_string_equal(r.against.impl, "c");
    assert_true(fabs(r.against.saving.median) < 1e-9); /* the same times in every process */
    assert_sentence(&r, "keep it — it is in the fastest set");
    assert_sentence(&r, "absl::flat_hash_set");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* std-unordered: the pick is 20% faster per hit in every process up to the wobbles; the saving is
 * each process's, summarised, so the shared drift of +-30% cancels: its interval holds 20% and is
 * a few points wide where the hit times' own intervals are tens of percent wide. */
static void test_default_slower_gets_the_saving(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, false, true);
    struct hb_advice_result r;
    evaluate(&m, HB_DESIGN_STD_UNORDERED, &r);
    assert_string_equal(r.ranked[0].entry.name, "tablefast");
    const struct hb_advice_against *a = &r.against;
    assert_int_equal(a->verdict, HB_AGAINST_SAVING);
    assert_string_equal(a->name, "std-hash");
    double want[MADE_UP_PROCESSES];
    for (size_t p = 0; p < MADE_UP_PROCESSES; p++)
        want[p] = 100 * (1 - at(20, 0, p) / at(25, 1, p));
    qsort(want, MADE_UP_PROCESSES, sizeof *want, by_value);
    assert_int_equal(a->saving.n, MADE_UP_PROCESSES);
    assert_true(a->saving.median >= want[3] - 1e-9 && a->saving.median <= want[4] + 1e-9);
    assert_true(fabs(a->saving.median - 20) < 1.5);
    assert_true(hb_advice_interval_finite(&a->saving));
    assert_true(a->saving.lo >= want[0] - 1e-9 && a->saving.hi <= want[MADE_UP_PROCESSES - 1] + 1e-9);
    assert_true(a->saving.lo < 20 && a->saving.hi > 20);
    assert_true(a->saving.hi - a->saving.lo < 6);
    /* unpaired, the hit times alone spread far wider than the saving */
    assert_true(a->default_hit.hi / a->default_hit.lo > 1.3);
    assert_true(fabs(a->default_hit.median - 25 * NS) < 2 * NS);
    assert_sentence(&r, "tablefast/c saves 20% per hit [");
    assert_sentence(&r, "paired in 8 processes");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* std-hash linear: never the pick, with the battery's reason; timed, so its saving is still said. */
static void test_default_failing_a_gate_says_why(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true, true);
    struct hb_advice_result r;
    evaluate(&m, HB_DESIGN_STD_UNORDERED, &r);
    assert_int_equal(r.against.verdict, HB_AGAINST_NOT_THE_PICK);
    assert_non_null(r.against.reason);
    assert_non_null(strstr(r.against.reason, "linear over GF(2)"));
    assert_true(fabs(r.against.saving.median - 20) < 1.5);
    assert_sentence(&r, "left out: linear over GF(2)");
    assert_sentence(&r, "saves 20% per hit");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* std-hash's hits in std-unordered capped: left out as capped, its saving never a number. */
static void test_default_capped_says_so(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, false, true);
    m.timings[2].tables->cell[HB_DESIGN_STD_UNORDERED][HB_OP_HIT].capped = hb_xstrdup("capped: a chain of 4096");
    struct hb_advice_result r;
    evaluate(&m, HB_DESIGN_STD_UNORDERED, &r);
    assert_int_equal(r.against.verdict, HB_AGAINST_NOT_THE_PICK);
    assert_true(r.against.capped);
    assert_false(r.against.saving.present);
    assert_non_null(strstr(r.against.reason, "capped: a chain of 4096"));
    assert_sentence(&r, "its hits in this design hit the suite's cap, so no saving is said");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* std-hash without rows in std-unordered: said not timed, no saving invented; uthash has no
 * default in the registry: said. */
static void test_default_absent_is_said(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, false, false);
    struct hb_advice_result r;
    evaluate(&m, HB_DESIGN_STD_UNORDERED, &r);
    assert_int_equal(r.against.verdict, HB_AGAINST_NOT_TIMED);
    assert_false(r.against.saving.present);
    assert_null(r.against.impl);
    assert_non_null(strstr(r.against.reason, "no hit row in std-unordered"));
    assert_sentence(&r, "not timed in this design, so nothing is said against it: no hit row");
    hb_advice_result_free(&r);
    evaluate(&m, HB_DESIGN_UTHASH, &r);
    assert_int_equal(r.against.verdict, HB_AGAINST_NO_DEFAULT);
    assert_sentence(&r, "no entry of this build's registry, so not timed");
    hb_advice_result_free(&r);
    evaluate(&m, HB_DESIGN_OPEN_ADDRESSING, &r);
    assert_int_equal(r.against.verdict, HB_AGAINST_NO_DEFAULT);
    assert_sentence(&r, "No default to answer against: open addressing has none");
    hb_advice_result_free(&r);
    /* the combined ranking has no one default */
    evaluate(&m, HB_DESIGNS, &r);
    assert_int_equal(r.against.verdict, HB_AGAINST_NONE);
    assert_null(hb_advice_against_sentence(&r));
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* Racing: std-hash is in no fastest set, yet stays timed as std-unordered's default; slowpoke goes. */
static void test_racing_keeps_the_default(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, false, true);
    const struct hb_advice_machine *list[] = {&m};
    bool wanted[HB_NEEDS] = {[HB_NEED_TABLE] = true};
    struct hb_advice_params p = {.shards = HB_DEFAULT_SHARDS,
                                 .design = HB_DESIGNS,
                                 .confidence = HB_CONTENDER_CONFIDENCE,
                                 .each_implementation = true};
    struct hb_advice_report rep;
    hb_advice_report_build(&rep, &registry, list, 1, wanted, &p);
    assert_false(rep.design[HB_NEED_TABLE][HB_DESIGN_STD_UNORDERED].ranked[1].fastest);
    char **labels;
    size_t n = hb_advice_contenders(&rep, HB_FILE_TABLES, &labels);
    bool std_hash = false, slow = false;
    for (size_t i = 0; i < n; i++) {
        std_hash = std_hash || strcmp(labels[i], "std-hash/c") == 0;
        slow = slow || strcmp(labels[i], "slowpoke/c") == 0;
        free(labels[i]);
    }
    free(labels);
    assert_true(std_hash);
    assert_false(slow);
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_in_the_set_is_kept),      cmocka_unit_test(test_default_slower_gets_the_saving),
        cmocka_unit_test(test_default_failing_a_gate_says_why), cmocka_unit_test(test_default_capped_says_so),
        cmocka_unit_test(test_default_absent_is_said),          cmocka_unit_test(test_racing_keeps_the_default),
    };
    return cmocka_run_group_tests(tests, NULL, made_up_teardown);
}

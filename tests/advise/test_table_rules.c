/*
 * test_table_rules.c — the table needs' rules on made-up entries: the ranking follows the lookup
 * time in real tables (the geometric mean of hit and miss over the designs, or one design), not
 * the hash's chain latency; a linear entry or a battery failure for the bits the ranked designs
 * consume is never the pick, and is listed with its table figures and the first (s, size, bits)
 * that failed; a hash of 32 bits is left out where a ranked design consumes bits above the 32nd,
 * with the reason; a capped lookup leaves an entry out as capped; a spread without a battery ranks
 * nothing unchecked; a run without table rows falls back to chain latency and says so. Expected
 * figures are worked out here from the rule as docs/advice.md states it.
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
#include "made_up.h"
#include "report.h"

#define ENTRY(var, name_, kind_, bits_, dos_)                                                                          \
    static const struct hb_hash var = {.name = name_,                                                                  \
                                       .impl = "c",                                                                    \
                                       .family = "test",                                                               \
                                       .summary = "made up",                                                           \
                                       .kind = kind_,                                                                  \
                                       .out_bits = bits_,                                                              \
                                       .seed_bits = 64,                                                                \
                                       .flags = HB_FLAG_SEEDED,                                                        \
                                       .dos = dos_,                                                                    \
                                       .output = HB_OUTPUT_FROZEN}

ENTRY(lowlat, "lowlat", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED);       /* the least chain latency, slow tables */
ENTRY(tablefast, "tablefast", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED); /* the fastest tables of the non-linear */
ENTRY(crcish, "crcish", HB_KIND_CHECKSUM, 32, HB_DOS_NONE);          /* linear, fastest of all in every table */
ENTRY(prf, "prf", HB_KIND_NONCRYPTO, 64, HB_DOS_PRF);
ENTRY(narrow, "narrow", HB_KIND_NONCRYPTO, 32, HB_DOS_SEEDED); /* 32 bits, not linear, fastest in every table */

static const struct hb_hash *const entries[] = {&lowlat, &tablefast, &crcish, &prf, &narrow};

static bool can_run(const struct hb_hash *h, char *why_not, size_t len)
{
    (void)h, (void)why_not, (void)len;
    return true;
}

static const struct hb_advice_registry registry = {entries, sizeof entries / sizeof *entries, can_run};

/* Hit and miss per design (absl, uthash, open addressing; the designs given a hit time are the ones
 * the run measured), in ns; insert = 3 x hit. */
static void add(struct hb_advice_machine *m, const char *name, double latency, const double hm[HB_DESIGNS][2],
                const char *battery_fails, bool linear)
{
    struct hb_advice_tables *t = hb_xcalloc(1, sizeof *t);
    t->present = true;
    t->count = 100000;
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!(hm[d][0] > 0))
            continue;
        t->designs |= 1u << d;
        t->cell[d][HB_OP_HIT].x = near(hm[d][0]);
        t->cell[d][HB_OP_MISS].x = near(hm[d][1]);
        t->cell[d][HB_OP_INSERT].x = near(3 * hm[d][0]);
    }
    struct hb_spread_battery *b = made_up_table_entry(m, name, t, latency, linear);
    static const char *const bits[] = {"low", "absl-h1", "absl-h2", "top7"};
    for (size_t i = 0; i < 4; i++) {
        struct hb_spread_battery_design *d = &b->designs[b->ndesigns++];
        snprintf(d->bits, sizeof d->bits, "%s", bits[i]);
        d->fail = battery_fails && strstr(battery_fails, bits[i]) != NULL;
        if (d->fail) {
            *d = (struct hb_spread_battery_design){.fail = true,
                                                   .has_failure = true,
                                                   .stride_log2 = 6,
                                                   .buckets_log2 = 8,
                                                   .occupied = 64,
                                                   .expected = 161.8};
            snprintf(d->bits, sizeof d->bits, "%s", bits[i]);
            b->fail = true;
        }
    }
    b->fail = b->fail || linear;
}

static const double lowlat_t[HB_DESIGNS][2] = {{14, 10}, {60, 45}, {12, 9}};
static const double tablefast_t[HB_DESIGNS][2] = {{10, 8}, {40, 30}, {9, 7}};
static const double crcish_t[HB_DESIGNS][2] = {{6, 5}, {20, 15}, {5, 4}};
static const double prf_t[HB_DESIGNS][2] = {{20, 15}, {50, 35}, {18, 13}};

static void machine(struct hb_advice_machine *m, bool tables)
{
    made_up_table_machine(m, tables);
    add(m, "lowlat", 2.0, lowlat_t, NULL, false);
    add(m, "tablefast", 6.0, tablefast_t, NULL, false);
    add(m, "crcish", 1.0, crcish_t, "low absl-h2 top7", true);
    add(m, "prf", 9.0, prf_t, NULL, false);
}

static void evaluate(enum hb_need need, struct hb_advice_machine *m, enum hb_design design, struct hb_advice_result *r)
{
    const struct hb_advice_machine *list[1] = {m};
    struct hb_advice_params p = {.shards = HB_DEFAULT_SHARDS, .design = design};
    hb_advice_evaluate(&hb_need_rules[need], &registry, list, 1, &p, r);
}

static void assert_pick(const struct hb_advice_result *r, const char *name)
{
    const char *got = r->nranked ? r->ranked[0].entry.name : "nothing";
    if (strcmp(got, name) != 0)
        fail_msg("%s: the pick is %s, want %s", r->rule->name, got, name);
}

static const struct hb_advice_exclusion *excluded(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nexcluded; i++)
        if (strcmp(r->excluded[i].name, name) == 0)
            return &r->excluded[i];
    fail_msg("%s: %s is not left out", r->rule->name, name);
    return NULL;
}

static void assert_reason(const struct hb_advice_exclusion *x, enum hb_gate gate, const char *words)
{
    if (x->gate != gate || !strstr(x->reason, words))
        fail_msg("%s left out by %s (\"%s\"), want %s with \"%s\"", x->name, hb_gate_name(x->gate), x->reason,
                 hb_gate_name(gate), words);
}

/* The pick by tables (tablefast), not by chain latency (lowlat, 2 ns against 6); the combination is
 * the sixth root of the product of the six medians. */
static void test_rank_follows_table_time(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_int_equal(r.rank_by, HB_MEASURE_TABLE);
    assert_null(r.fallback);
    assert_int_equal(r.nranked, 3);
    assert_pick(&r, "tablefast");
    assert_string_equal(r.ranked[1].entry.name, "lowlat");
    assert_string_equal(r.ranked[2].entry.name, "prf");
    double want = pow(10.0 * 8 * 40 * 30 * 9 * 7, 1.0 / 6) * NS;
    assert_true(fabs(r.ranked[0].entry.table_score.median - want) < 1e-6 * want);
    /* per process the same mean of that process's six medians, each 1 + 0.02 * pattern[p] times its
     * median: the 90% interval of eight is their second and seventh, 0.99 and 1.01 times it */
    assert_true(fabs(r.ranked[0].entry.table_score.lo - 0.99 * want) < 1e-6 * want);
    assert_true(fabs(r.ranked[0].entry.table_score.hi - 1.01 * want) < 1e-6 * want);
    assert_non_null(strstr(r.combination, "geometric mean"));
    /* over the designs the run measured, not every design of the table */
    assert_non_null(strstr(r.combination, "over absl::flat_hash_set, uthash and open addressing (each of the 6 "
                                          "counts alike)"));
    assert_non_null(strstr(r.ranked[0].why, "table lookup time"));
    hb_advice_result_free(&r);
    /* one design: uthash alone, where lowlat's 60/45 stays behind tablefast's 40/30 */
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_UTHASH, &r);
    want = sqrt(40.0 * 30) * NS;
    assert_pick(&r, "tablefast");
    assert_true(fabs(r.ranked[0].entry.table_score.median - want) < 1e-6 * want);
    assert_non_null(strstr(r.combination, "uthash"));
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* --table picks the design: lowlat is the faster in open addressing once its tables there are. */
static void test_design_decides(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    m.timings[0].tables->cell[HB_DESIGN_OPEN_ADDRESSING][HB_OP_HIT].x = near(5);
    m.timings[0].tables->cell[HB_DESIGN_OPEN_ADDRESSING][HB_OP_MISS].x = near(4);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_OPEN_ADDRESSING, &r);
    assert_pick(&r, "lowlat");
    hb_advice_result_free(&r);
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_pick(&r, "tablefast");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* crcish is the fastest in every table and passes every spread test on the keys, but it is linear:
 * never ranked, in any design; listed with its figures and the first failure. */
static void test_linear_never_the_pick(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    for (enum hb_design d = 0; d <= HB_DESIGNS; d++) {
        if (d < HB_DESIGNS && !(m.timings[0].tables->designs >> d & 1))
            continue; /* a design the run did not measure */
        struct hb_advice_result r;
        evaluate(HB_NEED_TABLE, &m, d, &r);
        for (size_t i = 0; i < r.nranked; i++)
            assert_string_not_equal(r.ranked[i].entry.name, "crcish");
        const struct hb_advice_exclusion *x = excluded(&r, "crcish");
        assert_reason(x, HB_GATE_BATTERY, "linear over GF(2)");
        assert_non_null(strstr(x->reason, "keys i*2^6 in a table of 2^8 buckets"));
        assert_true(x->has_entry);
        assert_true(x->entry.tables.present);
        assert_true(fabs(x->entry.tables.cell[HB_DESIGN_UTHASH][HB_OP_HIT].x.median - 20 * NS) < 1e-15);
        hb_advice_result_free(&r);
    }
    hb_advice_machine_free(&m);
}

/* A battery failure (not linear) counts for the bits the ranked designs consume only: absl-h2 keeps
 * an entry out of the combined ranking and of absl's, not of uthash's; top7 (no design takes it)
 * keeps it out of none; high (a design the run did not measure takes it) keeps it out of the
 * combined ranking only once the run measures that design. */
static void test_battery_bits_of_the_designs(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    struct hb_spread_battery *b = m.spread.algorithms[1].battery; /* tablefast */
    b->fail = true;
    b->designs[2] = (struct hb_spread_battery_design){.bits = "absl-h2",
                                                      .fail = true,
                                                      .has_failure = true,
                                                      .stride_log2 = 4,
                                                      .buckets_log2 = 10,
                                                      .occupied = 128,
                                                      .expected = 647.2};
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_reason(excluded(&r, "tablefast"), HB_GATE_BATTERY, "share the 128 tags of its absl-h2 bits unevenly");
    assert_pick(&r, "lowlat");
    hb_advice_result_free(&r);
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_ABSL, &r);
    assert_pick(&r, "lowlat");
    hb_advice_result_free(&r);
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_UTHASH, &r);
    assert_pick(&r, "tablefast");
    hb_advice_result_free(&r);
    b->designs[2].fail = false;
    b->designs[3] = (struct hb_spread_battery_design){.bits = "top7", .fail = true, .has_failure = true};
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_pick(&r, "tablefast");
    hb_advice_result_free(&r);
    /* high: Boost's group when the hasher is declared avalanching, a design this run did not
     * measure, so the combined ranking of the three it did keeps tablefast */
    b->designs[3] = (struct hb_spread_battery_design){.bits = "high", .fail = true, .has_failure = true};
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_pick(&r, "tablefast");
    hb_advice_result_free(&r);
    /* once the run measures that design (every entry timed in it), the failure keeps it out */
    for (size_t i = 0; i < m.ntimings; i++) {
        struct hb_advice_tables *t = m.timings[i].tables;
        t->designs |= 1u << HB_DESIGN_BOOST_FLAT_AVALANCHING;
        t->cell[HB_DESIGN_BOOST_FLAT_AVALANCHING][HB_OP_HIT].x = near(8);
        t->cell[HB_DESIGN_BOOST_FLAT_AVALANCHING][HB_OP_MISS].x = near(6);
    }
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_reason(excluded(&r, "tablefast"), HB_GATE_BATTERY, "the structure battery fails");
    assert_pick(&r, "lowlat");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* A hash of 32 bits (narrow: not linear, the fastest in every table, its battery failing the top7
 * view only, as a 32-bit value's does) is left out with the reason where the ranking covers a design
 * that consumes bits above the 32nd (the table of designs' excludes_32bit: Boost's flat set with the
 * hash declared avalanching takes its group from the high bits), and ranked where it does not: in
 * absl, and over the designs a run measured when that design is not among them. */
static void test_32bit_where_designs_take_high_bits(void **state)
{
    (void)state;
    static const double narrow_t[HB_DESIGNS][2] = {{5, 4}, {18, 14}, {4, 3}};
    struct hb_advice_machine m;
    machine(&m, true);
    add(&m, "narrow", 1.0, narrow_t, "top7", false);
    assert_true(hb_designs[HB_DESIGN_BOOST_FLAT_AVALANCHING].excludes_32bit);
    assert_false(hb_designs[HB_DESIGN_ABSL].excludes_32bit);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_pick(&r, "narrow");
    hb_advice_result_free(&r);
    /* the run measures boost-flat-avalanching as well: each entry at 1.5 x its absl times */
    for (size_t i = 0; i < m.ntimings; i++) {
        struct hb_advice_tables *t = m.timings[i].tables;
        t->designs |= 1u << HB_DESIGN_BOOST_FLAT_AVALANCHING;
        for (int o = HB_OP_HIT; o <= HB_OP_MISS; o++)
            t->cell[HB_DESIGN_BOOST_FLAT_AVALANCHING][o].x = near(1.5 * t->cell[HB_DESIGN_ABSL][o].x.median / NS);
    }
    static const char words[] = "32 output bits: boost::unordered_flat_set (boost-flat-avalanching) takes its group "
                                "from the high bits (h >> (64 - b)), which a hash of 32 bits or fewer leaves zero";
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_BOOST_FLAT_AVALANCHING, &r);
    assert_reason(excluded(&r, "narrow"), HB_GATE_BITS, words);
    assert_pick(&r, "tablefast");
    hb_advice_result_free(&r);
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_reason(excluded(&r, "narrow"), HB_GATE_BITS, words);
    assert_pick(&r, "tablefast");
    assert_non_null(strstr(r.combination, "open addressing and boost::unordered_flat_set (boost-flat-avalanching) "
                                          "(each of the 8 counts alike)"));
    hb_advice_result_free(&r);
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_ABSL, &r);
    assert_pick(&r, "narrow");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* A capped lookup is never a number: the entry is left out as capped where the ranking covers that
 * design, and ranked where it does not. */
static void test_capped(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    m.timings[1].tables->cell[HB_DESIGN_UTHASH][HB_OP_MISS].capped = hb_xstrdup("capped: a chain of 4096");
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_reason(excluded(&r, "tablefast"), HB_GATE_CAPPED, "capped: a chain of 4096");
    assert_false(excluded(&r, "tablefast")->entry.table_score.present);
    assert_pick(&r, "lowlat");
    hb_advice_result_free(&r);
    evaluate(HB_NEED_TABLE, &m, HB_DESIGN_ABSL, &r);
    assert_pick(&r, "tablefast");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* No battery in spread.json: nothing is ranked unchecked. */
static void test_no_battery(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    for (size_t i = 0; i < m.spread.nalgorithms; i++) {
        free(m.spread.algorithms[i].battery);
        m.spread.algorithms[i].battery = NULL;
    }
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_int_equal(r.nranked, 0);
    assert_reason(excluded(&r, "tablefast"), HB_GATE_BATTERY, "no structure battery");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* No table rows: ranked by chain latency, said as a proxy; the linear entry is still not ranked. */
static void test_no_tables_falls_back(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, false);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, HB_DESIGNS, &r);
    assert_int_equal(r.rank_by, HB_MEASURE_LATENCY);
    assert_non_null(r.fallback);
    assert_non_null(strstr(r.fallback, "no hashtable rows"));
    assert_null(r.combination);
    assert_pick(&r, "lowlat");
    assert_reason(excluded(&r, "crcish"), HB_GATE_BATTERY, "linear");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* table-untrusted: the PRF only, ranked by tables alike. */
static void test_untrusted(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    machine(&m, true);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE_UNTRUSTED, &m, HB_DESIGNS, &r);
    assert_int_equal(r.rank_by, HB_MEASURE_TABLE);
    assert_int_equal(r.nranked, 1);
    assert_pick(&r, "prf");
    assert_true(excluded(&r, "tablefast")->has_entry);
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_follows_table_time),
        cmocka_unit_test(test_design_decides),
        cmocka_unit_test(test_linear_never_the_pick),
        cmocka_unit_test(test_battery_bits_of_the_designs),
        cmocka_unit_test(test_32bit_where_designs_take_high_bits),
        cmocka_unit_test(test_capped),
        cmocka_unit_test(test_no_battery),
        cmocka_unit_test(test_no_tables_falls_back),
        cmocka_unit_test(test_untrusted),
    };
    return cmocka_run_group_tests(tests, NULL, made_up_teardown);
}

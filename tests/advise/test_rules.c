/*
 * test_rules.c — each need's rule on made-up entries built to trip it: a registry of invented
 * algorithms (each with the one property under test), machines with timings and spread verdicts
 * written here by hand, and the expected pick or reason worked out from the rule as
 * docs/advice.md states it. No timing is measured.
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
#include "report.h"

/* ---- the made-up registry ---- */

#define ENTRY(var, name_, impl_, kind_, bits_, dos_, output_, version_, needs_)                                        \
    static const struct hb_hash var = {.name = name_,                                                                  \
                                       .impl = impl_,                                                                  \
                                       .family = "test",                                                               \
                                       .summary = "made up",                                                           \
                                       .kind = kind_,                                                                  \
                                       .out_bits = bits_,                                                              \
                                       .seed_bits = (dos_) == HB_DOS_NONE ? 0 : 64,                                    \
                                       .flags = (dos_) == HB_DOS_NONE ? 0 : HB_FLAG_SEEDED,                            \
                                       .dos = dos_,                                                                    \
                                       .output = output_,                                                              \
                                       .algo_version = version_,                                                       \
                                       .needs = needs_}

ENTRY(fast64_a, "fast64", "a", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(fast64_b, "fast64", "b", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(wide128, "wide128", "c", HB_KIND_NONCRYPTO, 128, HB_DOS_SEEDED, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(murmur, "murmur3-32", "c", HB_KIND_NONCRYPTO, 32, HB_DOS_SEED_INDEPENDENT, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(prf_slow, "prfslow", "c", HB_KIND_NONCRYPTO, 64, HB_DOS_PRF, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(prf_fast, "prffast", "c", HB_KIND_NONCRYPTO, 64, HB_DOS_PRF, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(noseed, "noseed", "c", HB_KIND_NONCRYPTO, 64, HB_DOS_NONE, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(versioned, "versioned", "c", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED, HB_OUTPUT_VERSIONED, "v9", NULL);
ENTRY(aesonly, "aesonly", "c", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED, HB_OUTPUT_FROZEN, NULL, "aes");
ENTRY(crc, "crc", "c", HB_KIND_CHECKSUM, 32, HB_DOS_NONE, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(weak, "weak", "c", HB_KIND_NONCRYPTO, 32, HB_DOS_NONE, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(md5, "md5", "c", HB_KIND_CRYPTO, 128, HB_DOS_NONE, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(sha256, "sha256", "c", HB_KIND_CRYPTO, 256, HB_DOS_NONE, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(future, "future", "avx1024", HB_KIND_NONCRYPTO, 64, HB_DOS_SEEDED, HB_OUTPUT_FROZEN, NULL, NULL);
ENTRY(noop, "noop", "portable", HB_KIND_BASELINE, 64, HB_DOS_NONE, HB_OUTPUT_FROZEN, NULL, NULL);

static const struct hb_hash *const entries[] = {&fast64_a, &fast64_b, &wide128,   &murmur,  &prf_slow,
                                                &prf_fast, &noseed,   &versioned, &aesonly, &crc,
                                                &weak,     &md5,      &sha256,    &future,  &noop};

/* This CPU runs everything but the avx1024 implementation. */
static bool can_run(const struct hb_hash *h, char *why_not, size_t len)
{
    if (strcmp(h->impl, "avx1024") == 0) {
        snprintf(why_not, len, "needs avx1024");
        return false;
    }
    return true;
}

static const struct hb_advice_registry registry = {entries, sizeof entries / sizeof *entries, can_run};

/* ---- machines written by hand ---- */

static void add_timing(struct hb_advice_machine *m, const char *name, const char *impl,
                       struct hb_advice_interval latency, struct hb_advice_interval throughput)
{
    m->timings = hb_xrealloc(m->timings, (m->ntimings + 1) * sizeof *m->timings);
    m->timings[m->ntimings++] =
        (struct hb_advice_timing){hb_xstrdup(name), hb_xstrdup(impl), throughput, latency, {0}, NULL, {0}, {0}};
}

/* Verdicts in the order buckets, collisions, low-32, avalanche: 'p' pass, 'w' warn, 'F' FAIL. */
static void add_spread(struct hb_advice_machine *m, const char *name, const char *verdicts)
{
    m->spread.algorithms =
        hb_xrealloc(m->spread.algorithms, (m->spread.nalgorithms + 1) * sizeof *m->spread.algorithms);
    struct hb_spread_algorithm *s = &m->spread.algorithms[m->spread.nalgorithms++];
    *s = (struct hb_spread_algorithm){.name = hb_xstrdup(name), .impl = hb_xstrdup("c"), .out_bits = 64};
    /* the structure battery passes for every made-up entry here: test_table_rules.c tries it */
    s->battery = hb_xcalloc(1, sizeof *s->battery);
    s->battery->present = true;
    for (int t = 0; t < HB_TESTS; t++)
        s->verdict[t] = verdicts[t] == 'p' ? HB_VERDICT_PASS : verdicts[t] == 'w' ? HB_VERDICT_WARN : HB_VERDICT_FAIL;
}

/* A machine where every made-up entry was measured (but future/avx1024, which cannot run) and
 * passes every spread test unless a test says otherwise. Latency and time per key in ns. */
static void standard_machine(struct hb_advice_machine *m, uint64_t keys)
{
    memset(m, 0, sizeof *m);
    m->dir = hb_xstrdup("m");
    m->rows = hb_xstrdup("keys");
    m->has_latency = true;
    m->repetitions = 5;
    m->keys = (struct hb_advice_keys){.from_file = true, .in_file = keys, .used = keys};
    m->spread.buckets = 1024;
    add_timing(m, "fast64", "a", near(5.0), near(3.0));
    add_timing(m, "fast64", "b", near(7.0), near(4.0));
    add_timing(m, "wide128", "c", near(2.0), near(1.0));
    add_timing(m, "murmur3-32", "c", near(3.0), near(1.5));
    add_timing(m, "prfslow", "c", near(12.0), near(9.0));
    add_timing(m, "prffast", "c", near(10.0), near(8.0));
    add_timing(m, "noseed", "c", near(6.0), near(4.0));
    add_timing(m, "versioned", "c", near(2.5), near(0.5));
    add_timing(m, "aesonly", "c", near(2.6), near(0.6));
    add_timing(m, "crc", "c", near(4.0), near(2.2));
    add_timing(m, "weak", "c", near(4.5), near(2.1));
    add_timing(m, "md5", "c", near(50.0), near(40.0));
    add_timing(m, "sha256", "c", near(60.0), near(45.0));
    static const char *const names[] = {"fast64",    "wide128", "murmur3-32", "prfslow", "prffast", "noseed",
                                        "versioned", "aesonly", "md5",        "sha256",  "future"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        add_spread(m, names[i], "pppp");
    add_spread(m, "crc", "pppF");  /* a CRC is linear: no avalanche */
    add_spread(m, "weak", "pppF"); /* a general hash that does not mix */
}

static struct hb_spread_algorithm *spread_of(struct hb_advice_machine *m, const char *name)
{
    for (size_t i = 0; i < m->spread.nalgorithms; i++)
        if (strcmp(m->spread.algorithms[i].name, name) == 0)
            return &m->spread.algorithms[i];
    fail_msg("no spread entry %s", name);
    return NULL;
}

static struct hb_advice_timing *timing_of(struct hb_advice_machine *m, const char *name, const char *impl)
{
    for (size_t i = 0; i < m->ntimings; i++)
        if (strcmp(m->timings[i].name, name) == 0 && strcmp(m->timings[i].impl, impl) == 0)
            return &m->timings[i];
    fail_msg("no timing %s/%s", name, impl);
    return NULL;
}

static void evaluate(enum hb_need need, struct hb_advice_machine *machines, size_t n, struct hb_advice_result *r)
{
    const struct hb_advice_machine *list[4];
    for (size_t i = 0; i < n; i++)
        list[i] = &machines[i];
    hb_advice_evaluate(&hb_need_rules[need], &registry, list, n, NULL, r);
}

static const struct hb_advice_pick *ranked(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nranked; i++)
        if (strcmp(r->ranked[i].entry.name, name) == 0)
            return &r->ranked[i];
    return NULL;
}

static const struct hb_advice_exclusion *excluded(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nexcluded; i++)
        if (strcmp(r->excluded[i].name, name) == 0)
            return &r->excluded[i];
    return NULL;
}

static void assert_excluded(const struct hb_advice_result *r, const char *name, enum hb_gate gate, const char *words)
{
    const struct hb_advice_exclusion *x = excluded(r, name);
    if (!x)
        fail_msg("%s: %s is not left out", r->rule->name, name);
    if (x->gate != gate || !strstr(x->reason, words))
        fail_msg("%s: %s left out by %s (\"%s\"), want %s with \"%s\"", r->rule->name, name, hb_gate_name(x->gate),
                 x->reason, hb_gate_name(gate), words);
    assert_null(ranked(r, name));
}

static void assert_pick(const struct hb_advice_result *r, const char *label)
{
    char got[160] = "nothing";
    if (r->nranked)
        hb_advice_entry_label(&r->ranked[0].entry, got, sizeof got);
    if (strcmp(got, label) != 0)
        fail_msg("%s: the pick is %s, want %s", r->rule->name, got, label);
}

/* ---- the tests ---- */

/* wide128 has the least chain latency of all, but 128 bits are never a table's hash. */
static void test_table_never_wider_than_64(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, 1, &r);
    assert_excluded(&r, "wide128", HB_GATE_BITS, "more than 64 output bits");
    for (size_t i = 0; i < r.nranked; i++)
        assert_true(r.ranked[i].entry.props->out_bits <= 64);
    /* ranked by chain latency: versioned 2.5, aesonly 2.6, murmur3-32 3.0 (all fine in a table) */
    assert_int_equal(r.rank_by, HB_MEASURE_LATENCY);
    assert_pick(&r, "versioned/c");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* A seed-independent hash never serves untrusted keys, however fast; the reason carries its dos
 * class and evidence; the advice names the key, the side channels and the structural defence. */
static void test_untrusted_only_prf(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE_UNTRUSTED, &m, 1, &r);
    assert_excluded(&r, "murmur3-32", HB_GATE_DOS, "Hash-flooding DoS reloaded");
    assert_excluded(&r, "fast64", HB_GATE_DOS, "not a keyed pseudo-random function");
    assert_excluded(&r, "noseed", HB_GATE_DOS, "no seed");
    assert_int_equal(r.nranked, 2);
    for (size_t i = 0; i < r.nranked; i++)
        assert_int_equal(r.ranked[i].entry.props->dos, HB_DOS_PRF);
    assert_pick(&r, "prffast/c");
    assert_non_null(strstr(r.advice_words, "secret"));
    assert_non_null(strstr(r.advice_words, "iteration order")); /* PolymurHash's README's caveat */
    assert_non_null(strstr(r.advice_words, "balanced tree"));   /* JEP 180's tree bins */
    assert_null(strstr(r.rule_words, "published"));             /* no evidence kind in the rule */
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* versioned and aesonly are the fastest per key, but a stored value must be computed again by
 * every reader and release, on every machine. */
static void test_checksum_fingerprint_frozen_and_portable(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 1000);
    for (enum hb_need need = HB_NEED_CHECKSUM; need <= HB_NEED_FINGERPRINT; need++) {
        struct hb_advice_result r;
        evaluate(need, &m, 1, &r);
        assert_excluded(&r, "versioned", HB_GATE_OUTPUT, "output versioned");
        assert_excluded(&r, "aesonly", HB_GATE_NEEDS, "needs aes");
        for (size_t i = 0; i < r.nranked; i++) {
            assert_int_equal(r.ranked[i].entry.props->output, HB_OUTPUT_FROZEN);
            assert_null(r.ranked[i].entry.props->needs);
        }
        hb_advice_result_free(&r);
    }
    hb_advice_machine_free(&m);
}

/* At 10 x 1,000,000 keys, 64 bits expect n(n-1)/2 / 2^64 = 2.71e-6 colliding pairs, over 1e-6: a
 * 64-bit fingerprint is left out and a 128-bit one qualifies; at 10 x 1,000 keys 64 bits suffice
 * (2.7e-12) while 32 bits (0.0116) do not. */
static void test_fingerprint_birthday_bound(void **state)
{
    (void)state;
    assert_true(fabs(hb_birthday_pairs(1e7, 64) - 2.7105e-6) < 1e-9);
    assert_int_equal(hb_fingerprint_min_bits(1e7), 66); /* log2(5e13 / 1e-6) = 65.44 */
    assert_int_equal(hb_fingerprint_min_bits(1e4), 46); /* log2(5e7 / 1e-6) = 45.5 */
    struct hb_advice_machine m;
    standard_machine(&m, 1000000);
    struct hb_advice_result r;
    evaluate(HB_NEED_FINGERPRINT, &m, 1, &r);
    assert_excluded(&r, "fast64", HB_GATE_BITS, "2.7e-06 colliding pairs");
    assert_pick(&r, "wide128/c");
    assert_non_null(strstr(r.bound, "at least 66 output bits"));
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);

    standard_machine(&m, 1000);
    evaluate(HB_NEED_FINGERPRINT, &m, 1, &r);
    assert_non_null(ranked(&r, "fast64"));
    assert_excluded(&r, "murmur3-32", HB_GATE_BITS, "32 output bits");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* The fastest set, then the tie-break: A and B have the same chain latency in every process (the
 * same binary twice, as far as the rank set can tell), C is 20% slower in every one. A and B form
 * the fastest set and B, the lesser time per key (the tie-break of a table need ranked by latency),
 * is picked; C is out of the set and comes after both, however fast per key. */
static void test_fastest_set_then_tie_break(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    /* only A, B and C pass: everything else fails its low-32 collisions */
    for (size_t i = 0; i < m.spread.nalgorithms; i++)
        m.spread.algorithms[i].verdict[HB_TEST_LOW32] = HB_VERDICT_FAIL;
    add_timing(&m, "A", "c", near(5.0), near(3.0));
    add_timing(&m, "B", "c", near(5.0), near(2.0));
    add_timing(&m, "C", "c", near(6.0), near(1.0));
    static const struct hb_hash a = {.name = "A",
                                     .impl = "c",
                                     .kind = HB_KIND_NONCRYPTO,
                                     .out_bits = 64,
                                     .seed_bits = 64,
                                     .dos = HB_DOS_SEEDED,
                                     .output = HB_OUTPUT_FROZEN};
    static const struct hb_hash b = {.name = "B",
                                     .impl = "c",
                                     .kind = HB_KIND_NONCRYPTO,
                                     .out_bits = 64,
                                     .seed_bits = 64,
                                     .dos = HB_DOS_SEEDED,
                                     .output = HB_OUTPUT_FROZEN};
    static const struct hb_hash c = {.name = "C",
                                     .impl = "c",
                                     .kind = HB_KIND_NONCRYPTO,
                                     .out_bits = 64,
                                     .seed_bits = 64,
                                     .dos = HB_DOS_SEEDED,
                                     .output = HB_OUTPUT_FROZEN};
    const struct hb_hash *three[] = {&a, &b, &c};
    struct hb_advice_registry reg = {three, 3, can_run};
    add_spread(&m, "A", "pppp");
    add_spread(&m, "B", "pppp");
    add_spread(&m, "C", "pppp");
    const struct hb_advice_machine *list[] = {&m};
    hb_advice_evaluate(&hb_need_rules[HB_NEED_TABLE], &reg, list, 1, NULL, &r);
    assert_int_equal(r.nranked, 3);
    assert_int_equal(r.nfastest, 2);
    assert_string_equal(r.ranked[0].entry.name, "B");
    assert_string_equal(r.ranked[1].entry.name, "A");
    assert_string_equal(r.ranked[2].entry.name, "C");
    assert_true(r.ranked[0].fastest && r.ranked[1].fastest);
    assert_false(r.ranked[2].fastest);
    assert_int_equal(r.ranked[2].rank_lo, 3);
    assert_int_equal(r.ranked[2].rank_hi, 3);
    assert_int_equal(r.ranked[0].processes, MADE_UP_PROCESSES);
    if (!strstr(r.ranked[0].why, "of the fastest set at 95% (with A: each could be the fastest), the least time per "
                                 "key"))
        fail_msg("why: %s", r.ranked[0].why);
    if (!strstr(r.ranked[2].why, "+20% chain latency against the pick; rank 3, not in the fastest set"))
        fail_msg("why: %s", r.ranked[2].why);
    assert_null(r.noise); /* every process within 2% of its median */
    assert_true(r.halves.checked);
    assert_true(r.halves.held);
    hb_advice_result_free(&r);

    /* A busy machine: C's processes spread over a third of its median; the 90% interval of eight
     * processes runs from the second to the seventh, half that reach: 17%, which the list says */
    timing_of(&m, "C", "c")->latency = made_up_ns(6.0, 0.34);
    hb_advice_evaluate(&hb_need_rules[HB_NEED_TABLE], &reg, list, 1, NULL, &r);
    assert_non_null(r.noise);
    if (!strstr(r.noise, "reach 17% of the medians"))
        fail_msg("noise: %s", r.noise);
    hb_advice_result_free(&r);

    /* B alone in the set, A the closest at +20% */
    timing_of(&m, "C", "c")->latency = near(8.0);
    timing_of(&m, "A", "c")->latency = near(6.0);
    hb_advice_evaluate(&hb_need_rules[HB_NEED_TABLE], &reg, list, 1, NULL, &r);
    assert_string_equal(r.ranked[0].entry.name, "B");
    assert_int_equal(r.nfastest, 1);
    if (!strstr(r.ranked[0].why, "alone in the fastest set at 95% on chain latency: every other entry is slower at "
                                 "that confidence (the closest, A, takes +20%)"))
        fail_msg("why: %s", r.ranked[0].why);
    hb_advice_result_free(&r);

    /* one process: no two entries can be told apart, every one is in the set, and the tie-break
     * reaches only within 10% of the least median: C has the least time per key but 1.6x B's
     * latency, so B stays the pick, and its why says how far the set reaches */
    for (size_t i = 0; i < m.ntimings; i++)
        m.timings[i].latency.nprocesses = m.timings[i].throughput.nprocesses = 1;
    hb_advice_evaluate(&hb_need_rules[HB_NEED_TABLE], &reg, list, 1, NULL, &r);
    assert_int_equal(r.nfastest, 3);
    assert_string_equal(r.ranked[0].entry.name, "B");
    if (!strstr(r.ranked[0].why, "the set reaches 1.6x it"))
        fail_msg("why: %s", r.ranked[0].why);
    assert_false(r.halves.checked);
    hb_advice_result_free(&r);
    /* A within the reach (5.2 ns against B's 5) and faster per key (1.5 ns against 2): the
     * tie-break picks it */
    timing_of(&m, "A", "c")->latency = near(5.2);
    timing_of(&m, "A", "c")->throughput = near(1.5);
    for (size_t i = 0; i < m.ntimings; i++)
        m.timings[i].latency.nprocesses = m.timings[i].throughput.nprocesses = 1;
    hb_advice_evaluate(&hb_need_rules[HB_NEED_TABLE], &reg, list, 1, NULL, &r);
    assert_string_equal(r.ranked[0].entry.name, "A");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* Fewer than 1000 distinct keys: the outputs say the spread tests cannot tell hashes apart. */
static void test_few_keys_said(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 500);
    char **lines;
    size_t n = hb_advice_describe(&m, &lines);
    bool said = false;
    for (size_t i = 0; i < n; i++)
        said = said || strstr(lines[i], "Only 500 distinct keys, fewer than 1000") != NULL;
    assert_true(said);
    hb_advice_lines_free(lines, n);
    hb_advice_machine_free(&m);
    standard_machine(&m, 5000);
    n = hb_advice_describe(&m, &lines);
    for (size_t i = 0; i < n; i++)
        assert_null(strstr(lines[i], "distinct keys, fewer than"));
    hb_advice_lines_free(lines, n);
    hb_advice_machine_free(&m);
}

/* future/avx1024 has no timing and this CPU cannot run it: left out with the CPU's reason, in
 * every need whose property gates it passes. */
static void test_cpu_cannot_run(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, 1, &r);
    assert_excluded(&r, "future", HB_GATE_CPU, "this CPU cannot run it (needs avx1024)");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* noop is neither ranked nor left out in any need. */
static void test_baseline_never_appears(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    add_timing(&m, "noop", "portable", near(1.0), near(0.5));
    for (size_t k = 0; k < HB_NEEDS; k++) {
        struct hb_advice_result r;
        evaluate((enum hb_need)k, &m, 1, &r);
        assert_null(ranked(&r, "noop"));
        assert_null(excluded(&r, "noop"));
        hb_advice_result_free(&r);
    }
    hb_advice_machine_free(&m);
}

/* Two implementations of fast64 qualify: it appears once, as the faster (a), counting both. */
static void test_one_entry_per_name(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, 1, &r);
    size_t count = 0;
    for (size_t i = 0; i < r.nranked; i++)
        count += strcmp(r.ranked[i].entry.name, "fast64") == 0;
    assert_int_equal(count, 1);
    assert_string_equal(ranked(&r, "fast64")->entry.impl, "a");
    assert_int_equal(ranked(&r, "fast64")->implementations, 2);
    hb_advice_result_free(&r);
    /* b faster: b stands for the name */
    timing_of(&m, "fast64", "b")->latency = near(4.0);
    evaluate(HB_NEED_TABLE, &m, 1, &r);
    assert_string_equal(ranked(&r, "fast64")->entry.impl, "b");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* A checksum algorithm (crc) need not pass avalanche; a general hash (weak) must. */
static void test_checksum_mixing(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    evaluate(HB_NEED_CHECKSUM, &m, 1, &r);
    assert_non_null(ranked(&r, "crc"));
    assert_excluded(&r, "weak", HB_GATE_SPREAD, "avalanche FAIL");
    /* wide128, 1.0 ns per key, is the fastest frozen, portable entry of 32 bits or more that mixes */
    assert_pick(&r, "wide128/c");
    assert_non_null(ranked(&r, "murmur3-32"));
    assert_int_equal(r.rank_by, HB_MEASURE_THROUGHPUT);
    hb_advice_result_free(&r);
    /* a collisions FAIL leaves even a CRC out */
    spread_of(&m, "crc")->verdict[HB_TEST_COLLISIONS] = HB_VERDICT_FAIL;
    evaluate(HB_NEED_CHECKSUM, &m, 1, &r);
    assert_excluded(&r, "crc", HB_GATE_SPREAD, "collisions FAIL");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* crypto: MD5 is broken; non-cryptographic hashes are not candidates. */
static void test_crypto(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    struct hb_advice_result r;
    evaluate(HB_NEED_CRYPTO, &m, 1, &r);
    assert_excluded(&r, "md5", HB_GATE_BROKEN, "collisions since 2004");
    assert_excluded(&r, "fast64", HB_GATE_KIND, "not a cryptographic hash");
    assert_pick(&r, "sha256/c");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* A table need with no latency rows ranks by time per key and says so. */
static void test_no_latency_rows(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    m.has_latency = false;
    for (size_t i = 0; i < m.ntimings; i++)
        m.timings[i].latency = (struct hb_advice_interval){0};
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, 1, &r);
    assert_int_equal(r.rank_by, HB_MEASURE_THROUGHPUT);
    assert_non_null(r.fallback);
    assert_non_null(strstr(r.fallback, "no latency rows"));
    /* by time per key: versioned 0.5, aesonly 0.6, murmur3-32 1.5 */
    assert_pick(&r, "versioned/c");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* A fleet: prffast is the faster PRF on m1 but fails its buckets on m2, so the fleet's pick is
 * prfslow, and its figure is its slowest machine's (m2: 15 ns). */
static void test_fleet(void **state)
{
    (void)state;
    struct hb_advice_machine m[2];
    standard_machine(&m[0], 100000);
    standard_machine(&m[1], 100000);
    spread_of(&m[1], "prffast")->verdict[HB_TEST_BUCKETS] = HB_VERDICT_FAIL;
    timing_of(&m[1], "prfslow", "c")->latency = near(15.0);
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE_UNTRUSTED, m, 2, &r);
    assert_pick(&r, "prfslow/c");
    assert_true(fabs(r.ranked[0].entry.latency.median - 15.0 * NS) < 1e-15);
    assert_excluded(&r, "prffast", HB_GATE_SPREAD, "on m2: spread on these keys: buckets FAIL");
    hb_advice_result_free(&r);
    /* the same through the report: each machine's own pick beside the fleet's */
    const struct hb_advice_machine *list[] = {&m[0], &m[1]};
    bool wanted[HB_NEEDS] = {[HB_NEED_TABLE_UNTRUSTED] = true};
    struct hb_advice_report rep;
    hb_advice_report_build(&rep, &registry, list, 2, wanted, NULL);
    assert_string_equal(rep.per_machine[0][HB_NEED_TABLE_UNTRUSTED].ranked[0].entry.name, "prffast");
    assert_string_equal(rep.per_machine[1][HB_NEED_TABLE_UNTRUSTED].ranked[0].entry.name, "prfslow");
    assert_string_equal(rep.need[HB_NEED_TABLE_UNTRUSTED].ranked[0].entry.name, "prfslow");
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m[0]);
    hb_advice_machine_free(&m[1]);
}

/* A warn is not a pass: a table hash whose buckets warn on these keys is left out. */
static void test_warn_is_not_pass(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 100000);
    spread_of(&m, "versioned")->verdict[HB_TEST_BUCKETS] = HB_VERDICT_WARN;
    struct hb_advice_result r;
    evaluate(HB_NEED_TABLE, &m, 1, &r);
    assert_excluded(&r, "versioned", HB_GATE_SPREAD, "buckets warn");
    assert_pick(&r, "aesonly/c");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* checksum, fingerprint and crypto pick the fastest set's member of the most output bits: crc (32
 * bits) and fast64 (64 bits) take the same time in every process, so both are in the set and
 * fast64 is picked; sha256 is out of it and comes later. */
static void test_set_to_more_bits(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 1000);
    for (size_t i = 0; i < m.spread.nalgorithms; i++)
        if (strcmp(m.spread.algorithms[i].name, "crc") != 0 && strcmp(m.spread.algorithms[i].name, "fast64") != 0)
            m.spread.algorithms[i].verdict[HB_TEST_COLLISIONS] = HB_VERDICT_FAIL;
    timing_of(&m, "crc", "c")->throughput = near(2.0);
    timing_of(&m, "fast64", "a")->throughput = near(2.0);
    struct hb_advice_result r;
    evaluate(HB_NEED_CHECKSUM, &m, 1, &r);
    assert_int_equal(r.tie_break, HB_MEASURE_BITS);
    assert_pick(&r, "fast64/a");
    assert_string_equal(r.ranked[1].entry.name, "crc");
    assert_true(r.ranked[1].fastest);
    if (!strstr(r.ranked[0].why, "the most output bits (64)"))
        fail_msg("why: %s", r.ranked[0].why);
    hb_advice_result_free(&r);
    /* crc faster in every process: the time decides */
    timing_of(&m, "crc", "c")->throughput = near(1.0);
    evaluate(HB_NEED_CHECKSUM, &m, 1, &r);
    assert_pick(&r, "crc/c");
    assert_false(ranked(&r, "fast64")->fastest);
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

/* The tie-break reaches only within HB_TIE_BREAK_REACH of the set's least median: crc (32 bits) is
 * 1 ns in five processes and 9 ns in three, fast64 (64 bits) 3 ns in all eight, so the processes
 * cannot tell them apart and both are in the fastest set; fast64's median is three times crc's, so
 * more bits do not make it the pick, and the pick's why says how wide the set is. */
static void test_tie_break_reach(void **state)
{
    (void)state;
    struct hb_advice_machine m;
    standard_machine(&m, 1000);
    for (size_t i = 0; i < m.spread.nalgorithms; i++)
        if (strcmp(m.spread.algorithms[i].name, "crc") != 0 && strcmp(m.spread.algorithms[i].name, "fast64") != 0)
            m.spread.algorithms[i].verdict[HB_TEST_COLLISIONS] = HB_VERDICT_FAIL;
    const double crc[MADE_UP_PROCESSES] = {1 * NS, 9 * NS, 1 * NS, 9 * NS, 1 * NS, 9 * NS, 1 * NS, 1 * NS};
    const double fast[MADE_UP_PROCESSES] = {3 * NS, 3 * NS, 3 * NS, 3 * NS, 3 * NS, 3 * NS, 3 * NS, 3 * NS};
    timing_of(&m, "crc", "c")->throughput = made_up_values(crc, MADE_UP_PROCESSES);
    timing_of(&m, "fast64", "a")->throughput = made_up_values(fast, MADE_UP_PROCESSES);
    struct hb_advice_result r;
    evaluate(HB_NEED_CHECKSUM, &m, 1, &r);
    assert_true(ranked(&r, "crc")->fastest && ranked(&r, "fast64")->fastest);
    assert_pick(&r, "crc/c");
    if (!strstr(r.ranked[0].why, "the set reaches 3.0x it"))
        fail_msg("why: %s", r.ranked[0].why);
    hb_advice_result_free(&r);
    /* within the reach (fast64 at 1.05 ns in every process), the bits decide again */
    const double close[MADE_UP_PROCESSES] = {1.05 * NS, 1.05 * NS, 1.05 * NS, 1.05 * NS,
                                             1.05 * NS, 1.05 * NS, 1.05 * NS, 1.05 * NS};
    timing_of(&m, "fast64", "a")->throughput = made_up_values(close, MADE_UP_PROCESSES);
    evaluate(HB_NEED_CHECKSUM, &m, 1, &r);
    assert_true(ranked(&r, "crc")->fastest && ranked(&r, "fast64")->fastest);
    assert_pick(&r, "fast64/a");
    hb_advice_result_free(&r);
    hb_advice_machine_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_never_wider_than_64),
        cmocka_unit_test(test_untrusted_only_prf),
        cmocka_unit_test(test_checksum_fingerprint_frozen_and_portable),
        cmocka_unit_test(test_fingerprint_birthday_bound),
        cmocka_unit_test(test_fastest_set_then_tie_break),
        cmocka_unit_test(test_few_keys_said),
        cmocka_unit_test(test_cpu_cannot_run),
        cmocka_unit_test(test_baseline_never_appears),
        cmocka_unit_test(test_one_entry_per_name),
        cmocka_unit_test(test_checksum_mixing),
        cmocka_unit_test(test_crypto),
        cmocka_unit_test(test_no_latency_rows),
        cmocka_unit_test(test_fleet),
        cmocka_unit_test(test_warn_is_not_pass),
        cmocka_unit_test(test_set_to_more_bits),
        cmocka_unit_test(test_tie_break_reach),
    };
    return cmocka_run_group_tests(tests, NULL, made_up_teardown);
}

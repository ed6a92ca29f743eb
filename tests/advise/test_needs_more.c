/*
 * test_needs_more.c — the password, mac and shard needs and the checksum need's error figures, on
 * made-up entries named as need_facts.c names real ones: password never ranks anything; mac ranks
 * only the keyed MACs the table names; shard only frozen entries with a published specification,
 * not linear, whose spread over every shard count and rendezvous server count tested passes; a CRC's Hamming distance at the record from c_hashes'
 * computed profile, and before output bits among tied CRCs; and the volume rule (a 32-bit check never above a 64-bit one where the
 * volume makes 32 bits too few). No timing is measured.
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
#include "need_facts.h"
#include "published.h"
#include "report.h"

#define ENTRY(var, name_, kind_, bits_, seed_, dos_, output_)                                                          \
    KEYED_ENTRY(var, name_, kind_, bits_, seed_, 0, dos_, output_)
/* key_: the algorithm's key when wider than the seed (hb_hash.h's key_bits) */
#define KEYED_ENTRY(var, name_, kind_, bits_, seed_, key_, dos_, output_)                                              \
    static const struct hb_hash var = {.name = name_,                                                                  \
                                       .impl = "c",                                                                    \
                                       .family = "test",                                                               \
                                       .summary = "made up",                                                           \
                                       .kind = kind_,                                                                  \
                                       .out_bits = bits_,                                                              \
                                       .seed_bits = seed_,                                                             \
                                       .key_bits = key_,                                                               \
                                       .flags = (seed_) ? HB_FLAG_SEEDED : 0,                                          \
                                       .dos = dos_,                                                                    \
                                       .output = output_,                                                              \
                                       .algo_version = (output_) == HB_OUTPUT_VERSIONED ? "v1" : NULL}

ENTRY(hmac, "hmac-sha256", HB_KIND_CRYPTO, 256, 64, HB_DOS_PRF, HB_OUTPUT_FROZEN);
KEYED_ENTRY(sip24, "siphash-2-4", HB_KIND_NONCRYPTO, 64, 64, 128, HB_DOS_PRF, HB_OUTPUT_FROZEN);
KEYED_ENTRY(sip13, "siphash-1-3", HB_KIND_NONCRYPTO, 64, 64, 128, HB_DOS_PRF, HB_OUTPUT_FROZEN);
KEYED_ENTRY(blake3k, "blake3-keyed", HB_KIND_CRYPTO, 256, 64, 256, HB_DOS_PRF, HB_OUTPUT_FROZEN);
ENTRY(sha256, "sha256", HB_KIND_CRYPTO, 256, 0, HB_DOS_NONE, HB_OUTPUT_FROZEN);
ENTRY(crc32, "crc32", HB_KIND_CHECKSUM, 32, 0, HB_DOS_NONE, HB_OUTPUT_FROZEN);
ENTRY(crc64, "crc64-xz", HB_KIND_CHECKSUM, 64, 0, HB_DOS_NONE, HB_OUTPUT_FROZEN);
ENTRY(xxh3, "xxh3-64", HB_KIND_NONCRYPTO, 64, 64, HB_DOS_SEEDED, HB_OUTPUT_FROZEN);
ENTRY(metro, "metrohash-64", HB_KIND_NONCRYPTO, 64, 64, HB_DOS_SEEDED, HB_OUTPUT_FROZEN);
ENTRY(rapid, "rapidhash", HB_KIND_NONCRYPTO, 64, 64, HB_DOS_SEED_INDEPENDENT, HB_OUTPUT_VERSIONED);
ENTRY(fnv, "fnv1a-64", HB_KIND_NONCRYPTO, 64, 0, HB_DOS_NONE, HB_OUTPUT_FROZEN);

static const struct hb_hash *const entries[] = {&hmac,  &sip24, &sip13, &sha256, &crc32,
                                                &crc64, &xxh3,  &metro, &rapid,  &fnv};

static bool can_run(const struct hb_hash *h, char *why_not, size_t len)
{
    (void)h, (void)why_not, (void)len;
    return true;
}

static const struct hb_advice_registry registry = {entries, sizeof entries / sizeof *entries, can_run};

static void add(struct hb_spread_algorithm **list, size_t *n, const char *name, const char *verdicts)
{
    *list = hb_xrealloc(*list, (*n + 1) * sizeof **list);
    struct hb_spread_algorithm *s = &(*list)[(*n)++];
    *s = (struct hb_spread_algorithm){.name = hb_xstrdup(name), .impl = hb_xstrdup("c"), .out_bits = 64};
    for (int t = 0; t < HB_TESTS; t++)
        s->verdict[t] = verdicts[t] == 'p' ? HB_VERDICT_PASS : HB_VERDICT_FAIL;
}

/* Every entry timed (crc32 faster than crc64-xz) and passing every spread test; 4096-byte keys. */
static void machine(struct hb_advice_machine *m)
{
    memset(m, 0, sizeof *m);
    m->dir = hb_xstrdup("m");
    m->rows = hb_xstrdup("keys");
    m->has_latency = true;
    m->repetitions = 5;
    m->keys = (struct hb_advice_keys){.from_file = true, .in_file = 2000, .used = 2000, .length_median = 4096};
    static const struct {
        const char *name;
        double ns;
    } t[] = {{"hmac-sha256", 900}, {"siphash-2-4", 1200}, {"siphash-1-3", 700}, {"sha256", 850},   {"crc32", 100},
             {"crc64-xz", 300},    {"xxh3-64", 80},       {"metrohash-64", 90}, {"rapidhash", 70}, {"fnv1a-64", 4000}};
    m->timings = hb_xcalloc(sizeof t / sizeof *t, sizeof *m->timings);
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        m->timings[m->ntimings++] = (struct hb_advice_timing){
            hb_xstrdup(t[i].name), hb_xstrdup("c"), near(t[i].ns), near(t[i].ns * 1.5), {0}, NULL, {0}, {0}};
        add(&m->spread.algorithms, &m->spread.nalgorithms, t[i].name, "pppp");
    }
}

static void build(struct hb_advice_report *rep, struct hb_advice_machine *m, enum hb_need need,
                  const struct hb_advice_params *p)
{
    static const struct hb_advice_machine *list[1];
    list[0] = m;
    bool wanted[HB_NEEDS] = {0};
    wanted[need] = true;
    hb_advice_report_build(rep, &registry, list, 1, wanted, p);
}

static const struct hb_advice_exclusion *excluded(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nexcluded; i++)
        if (strcmp(r->excluded[i].name, name) == 0)
            return &r->excluded[i];
    return NULL;
}

static bool ranked(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nranked; i++)
        if (strcmp(r->ranked[i].entry.name, name) == 0)
            return true;
    return false;
}

static bool noted(const struct hb_advice_result *r, const char *words)
{
    for (size_t i = 0; i < r->nnotes; i++)
        if (strstr(r->notes[i], words))
            return true;
    return false;
}

static void assert_excluded(const struct hb_advice_result *r, const char *name, enum hb_gate gate, const char *words)
{
    const struct hb_advice_exclusion *x = excluded(r, name);
    if (!x || x->gate != gate || !strstr(x->reason, words))
        fail_msg("%s: %s %s (\"%s\"), want left out by %s with \"%s\"", r->rule->name, name,
                 x ? hb_gate_name(x->gate) : "not left out", x ? x->reason : "", hb_gate_name(gate), words);
}

static void test_list_has_eight(void **unused)
{
    (void)unused;
    static const char *const names[] = {"table",  "table-untrusted", "checksum", "fingerprint",
                                        "crypto", "password",        "mac",      "shard"};
    assert_int_equal(HB_NEEDS, 8);
    for (size_t k = 0; k < HB_NEEDS; k++)
        assert_string_equal(hb_need_rules[k].name, names[k]);
}

/* True when text still holds a {name} the words were to fill in. */
static bool unfilled(const char *text)
{
    for (const char *p = text; (p = strchr(p, '{')); p++) {
        size_t len = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz_");
        if (len && p[1 + len] == '}')
            return true;
    }
    return false;
}

/* Each need's words name their numbers and get them from the rule's fields and constants: no
 * {name} is left unfilled, the filled-in words carry the values the rules apply (worked out here
 * from the fields), and the written words carry none of them. */
static void test_numbers_written_once(void **unused)
{
    (void)unused;
    char want[96];
    for (size_t k = 0; k < HB_NEEDS; k++) {
        const struct hb_need_rule *r = &hb_need_rules[k];
        const char *const written[] = {r->summary, r->rule, r->advice};
        for (size_t w = 0; w < 3; w++) {
            char *words = hb_need_words(r, written[w]);
            if (words && unfilled(words))
                fail_msg("%s: a {name} left unfilled: %s", r->name, words);
            snprintf(want, sizeof want, "fastest set at %.0f%%", 100 * HB_FASTEST_CONFIDENCE);
            if (written[w] && strstr(written[w], want))
                fail_msg("%s: the fastest set's confidence is written as a number: %s", r->name, written[w]);
            if (w == 1 && r->rank_by != HB_MEASURE_NONE && r->need != HB_NEED_PASSWORD && !strstr(words, want))
                fail_msg("%s: its rule does not say it ranks by a %s: %s", r->name, want, words);
            free(words);
        }
    }
    const struct hb_need_rule *table = hb_need_find("table"), *fp = hb_need_find("fingerprint"),
                              *mac = hb_need_find("mac"), *shard = hb_need_find("shard"),
                              *checksum = hb_need_find("checksum");
    struct {
        const struct hb_need_rule *rule;
        const char *written;
        char want[96];
    } cases[7] = {{table, table->rule, ""},       {fp, fp->rule, ""},
                  {mac, mac->rule, ""},           {shard, shard->summary, ""},
                  {checksum, checksum->rule, ""}, {checksum, checksum->summary, ""},
                  {shard, shard->rule, ""}};
    snprintf(cases[0].want, sizeof cases[0].want, "at most %u output bits", table->max_bits);
    snprintf(cases[1].want, sizeof cases[1].want, "n = %d x your distinct keys", HB_FINGERPRINT_GROWTH);
    snprintf(cases[2].want, sizeof cases[2].want, "fewer than %d bits", HB_MAC_LONG_TAG_BITS);
    snprintf(cases[3].want, sizeof cases[3].want, "default %d shards", HB_DEFAULT_SHARDS);
    snprintf(cases[4].want, sizeof cases[4].want, "at least %u output bits", checksum->min_bits);
    snprintf(cases[5].want, sizeof cases[5].want, "%d bytes by default", HB_DEFAULT_RECORD_SIZE);
    hb_advice_shard_words(false, cases[6].want, sizeof cases[6].want);
    for (size_t i = 0; i < 7; i++) {
        char *words = hb_need_words(cases[i].rule, cases[i].written);
        if (!strstr(words, cases[i].want))
            fail_msg("%s: \"%s\" not in its words: %s", cases[i].rule->name, cases[i].want, words);
        if (strstr(cases[i].written, cases[i].want))
            fail_msg("%s: \"%s\" is written as a number, not named", cases[i].rule->name, cases[i].want);
        free(words);
    }
    /* the checksum advice lists the formats published.c holds, not a copy of them */
    char *advice = hb_need_words(checksum, checksum->advice);
    assert_non_null(strstr(advice, hb_published_formats("xxh3-64")));
    assert_null(strstr(checksum->advice, "RocksDB"));
    free(advice);
}

/* Every entry, the cryptographic ones and the keyed MAC included, is left out as fast. */
static void test_password_never_a_general_hash(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_PASSWORD, NULL);
    const struct hb_advice_result *r = &rep.need[HB_NEED_PASSWORD];
    assert_int_equal(r->nranked, 0);
    assert_int_equal(r->nexcluded, sizeof entries / sizeof *entries);
    for (size_t i = 0; i < r->nexcluded; i++)
        assert_int_equal(r->excluded[i].gate, HB_GATE_SLOW);
    assert_true(noted(r, "not timed here"));
    hb_advice_report_free(&rep);
    /* a timed login is said with its figures */
    m.has_password_cost = true;
    m.argon2_memory_kib = 19456, m.argon2_iterations = 2, m.argon2_lanes = 1, m.argon2_repetitions = 7;
    m.argon2_median = 0.040, m.argon2_min = 0.035, m.argon2_max = 0.050;
    build(&rep, &m, HB_NEED_PASSWORD, NULL);
    assert_true(noted(&rep.need[HB_NEED_PASSWORD], "takes 40.0 ms"));
    assert_true(strstr(rep.need[HB_NEED_PASSWORD].rule->rule, "Argon2id") != NULL);
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

/* Only the MACs of the table; siphash-1-3 (a table PRF) and the seeded and unkeyed hashes are not. */
static void test_mac_only_keyed_macs(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_MAC, NULL);
    const struct hb_advice_result *r = &rep.need[HB_NEED_MAC];
    assert_int_equal(r->nranked, 2);
    assert_string_equal(r->ranked[0].entry.name, "hmac-sha256"); /* the lesser time per key */
    assert_true(ranked(r, "siphash-2-4"));
    assert_excluded(r, "sha256", HB_GATE_MAC, "no key");
    assert_excluded(r, "siphash-1-3", HB_GATE_MAC, "built for hash tables");
    assert_excluded(r, "siphash-1-3", HB_GATE_MAC, "(128-bit key)"); /* its key, not the 64-bit seed given here */
    assert_excluded(r, "xxh3-64", HB_GATE_MAC, "does not make tags unforgeable");
    assert_true(noted(r, "blake3-keyed: not in this build's registry"));
    assert_true(noted(r, "hmac-sha256: key"));
    assert_true(noted(r, "siphash-2-4: key exactly 128 bits"));
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

/* The spread algorithm called name in m's spread.json. */
static struct hb_spread_algorithm *spread_of(struct hb_advice_machine *m, const char *name)
{
    for (size_t i = 0; i < m->spread.nalgorithms; i++)
        if (strcmp(m->spread.algorithms[i].name, name) == 0)
            return &m->spread.algorithms[i];
    fail_msg("%s has no spread", name);
    return NULL;
}

/* Gives s a battery (linear or not, passing otherwise) and a passing spread over 2, 3 and 16 shards
 * and rendezvous over 3 and 5 servers. */
static void measured_for_shards(struct hb_spread_algorithm *s, bool linear)
{
    s->battery = hb_xcalloc(1, sizeof *s->battery);
    *s->battery = (struct hb_spread_battery){
        .present = true, .fail = linear, .linear = linear, .triples = 96, .zero = linear ? 96 : 0, .ndesigns = 1};
    snprintf(s->battery->designs[0].bits, sizeof s->battery->designs[0].bits, "low");
    s->shards = hb_xcalloc(1, sizeof *s->shards);
    static const unsigned counts[] = {2, 3, 16}, servers[] = {3, 5};
    for (size_t i = 0; i < 3; i++)
        s->shards->counts[s->shards->ncounts++] =
            (struct hb_spread_shard){counts[i], HB_VERDICT_PASS, 1.01 / counts[i], 0.99 / counts[i]};
    for (size_t i = 0; i < 2; i++)
        s->shards->rendezvous[s->shards->nrendezvous++] =
            (struct hb_spread_shard){servers[i], HB_VERDICT_PASS, 1.01 / servers[i], 0.99 / servers[i]};
}

/* Frozen, specified, not linear, and spread evenly over every shard count and rendezvous server
 * count tested; without those measures nothing qualifies, said. */
static void test_shard_frozen_specified_spread(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_SHARD, NULL);
    assert_int_equal(rep.need[HB_NEED_SHARD].nranked, 0);
    assert_excluded(&rep.need[HB_NEED_SHARD], "xxh3-64", HB_GATE_BATTERY, "no structure battery");
    assert_true(noted(&rep.need[HB_NEED_SHARD], "was not measured"));
    hb_advice_report_free(&rep);

    for (size_t i = 0; i < m.spread.nalgorithms; i++) {
        struct hb_spread_algorithm *s = &m.spread.algorithms[i];
        measured_for_shards(s, strncmp(s->name, "crc", 3) == 0);
    }
    static const uint64_t counts[] = {2, 3, 16}, servers[] = {3, 5};
    memcpy(m.spread.shard_counts, counts, sizeof counts);
    m.spread.nshard_counts = 3;
    memcpy(m.spread.rendezvous_servers, servers, sizeof servers);
    m.spread.nrendezvous_servers = 2;
    spread_of(&m, "fnv1a-64")->shards->counts[1] = (struct hb_spread_shard){3, HB_VERDICT_FAIL, 0.5, 0.25};
    spread_of(&m, "sha256")->shards->rendezvous[0] = (struct hb_spread_shard){3, HB_VERDICT_FAIL, 0.5, 0.25};
    build(&rep, &m, HB_NEED_SHARD, NULL);
    const struct hb_advice_result *r = &rep.need[HB_NEED_SHARD];
    assert_string_equal(r->ranked[0].entry.name, "xxh3-64");
    assert_excluded(r, "metrohash-64", HB_GATE_SPEC, "no published specification");
    assert_excluded(r, "rapidhash", HB_GATE_OUTPUT, "versioned");
    assert_excluded(r, "crc32", HB_GATE_BATTERY, "linear over GF(2)");
    assert_excluded(r, "crc64-xz", HB_GATE_BATTERY, "rendezvous");
    assert_excluded(r, "fnv1a-64", HB_GATE_SHARDS, "3 shards");
    assert_excluded(r, "sha256", HB_GATE_SHARDS, "rendezvous hashing over 3 servers");
    for (size_t i = 0; i < r->nranked; i++)
        assert_non_null(hb_spec_fact(r->ranked[i].entry.name));
    assert_true(noted(r, "over 2, 3, 16 shards"));
    assert_true(noted(r, "over 3, 5 servers"));
    assert_true(strstr(r->rule->advice, "murmur2") && strstr(r->rule->advice, "CRC16") &&
                strstr(r->rule->advice, "jump") && strstr(r->rule->advice, "rendezvous") &&
                strstr(r->rule->advice, "#37648") && strstr(r->rule->advice, "partitioner wins"));
    hb_advice_report_free(&rep);

    /* the battery failing for the low bits h mod N consumes excludes as well */
    struct hb_spread_algorithm *x = spread_of(&m, "xxh3-64");
    x->battery->fail = x->battery->designs[0].fail = x->battery->designs[0].has_failure = true;
    build(&rep, &m, HB_NEED_SHARD, NULL);
    assert_excluded(&rep.need[HB_NEED_SHARD], "xxh3-64", HB_GATE_BATTERY, "the low bits h mod N consumes");
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

/* The shard counts advise.sh asks for: the user's among the standard ones, in order. */
static void test_shard_counts_listed(void **unused)
{
    (void)unused;
    char list[256];
    hb_advice_shard_counts(16, list, sizeof list);
    assert_string_equal(list, "2,3,4,5,8,12,16,32,64,128,256,512,1024");
    hb_advice_shard_counts(10, list, sizeof list);
    assert_string_equal(list, "2,3,4,5,8,10,12,16,32,64,128,256,512,1024");
    hb_advice_shard_counts(5000, list, sizeof list);
    assert_string_equal(list, "2,3,4,5,8,12,16,32,64,128,256,512,1024,5000");
    hb_advice_rendezvous_servers(list, sizeof list);
    assert_string_equal(list, "3,5");
}

/* Each CRC's Hamming distance at the record, from c_hashes' computed profile, with how it was
 * computed; any other entry with none guaranteed; the default record 4 KiB, said. */
static void test_hamming_distance_at_the_record(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_CHECKSUM, NULL); /* the default record, 4096 bytes */
    const struct hb_advice_result *r = &rep.need[HB_NEED_CHECKSUM];
    assert_true(noted(r, "the default record, 4 KiB"));
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_pick *p = &r->ranked[i];
        assert_true(p->error_model);
        if (strcmp(p->entry.name, "crc32") == 0) {
            assert_true(p->crc && p->hamming_exact);
            assert_int_equal(p->hamming_distance, 4); /* 2974 < 32768 <= 91607 data bits */
            assert_int_equal(p->burst_bits, 32);
            assert_non_null(strstr(p->hamming_source, "hbsum --hamming"));
            assert_non_null(strstr(p->hamming_published, "Koopman"));
        } else if (strcmp(p->entry.name, "crc64-xz") == 0) {
            assert_true(p->crc);
            assert_true(p->hamming_distance >= 4); /* even weights only, none of weight 2 or 4 this short */
            assert_true(p->hamming_distance <= p->hamming_at_most);
            assert_int_equal(p->burst_bits, 64);
        } else {
            assert_false(p->crc);
            assert_non_null(strstr(p->hamming_source, "no guaranteed Hamming distance"));
        }
    }
    hb_advice_report_free(&rep);
    struct hb_advice_params p = {.record_size = 8, .shards = 16};
    build(&rep, &m, HB_NEED_CHECKSUM, &p);
    r = &rep.need[HB_NEED_CHECKSUM];
    for (size_t i = 0; i < r->nranked; i++)
        if (strcmp(r->ranked[i].entry.name, "crc32") == 0)
            assert_int_equal(r->ranked[i].hamming_distance, 8); /* 57 < 64 <= 91 */
    assert_true(noted(r, "not at 8"));
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

static size_t place(const struct hb_advice_result *r, const char *name);
static struct hb_advice_timing *timing(struct hb_advice_machine *m, const char *name);

/* Of a fastest set, a CRC is never the pick for its bits over another CRC of a higher Hamming
 * distance at the record: at 8 bytes CRC-32's is 8, CRC-64/GO-ISO's at most 5 (its generator has 5
 * terms); at 4 KiB CRC-32's is 4 and GO-ISO's 5. A general hash still competes on bits alone. */
static void test_distance_before_bits_among_crcs(void **unused)
{
    (void)unused;
    static const struct hb_hash go = {.name = "crc64-go-iso",
                                      .impl = "c",
                                      .family = "test",
                                      .summary = "made up",
                                      .kind = HB_KIND_CHECKSUM,
                                      .out_bits = 64,
                                      .dos = HB_DOS_NONE,
                                      .output = HB_OUTPUT_FROZEN};
    static const struct hb_hash *const crcs[] = {&crc32, &go}, *const with_xxh3[] = {&crc32, &go, &xxh3};
    struct hb_advice_machine m;
    machine(&m);
    add(&m.spread.algorithms, &m.spread.nalgorithms, "crc64-go-iso", "pppp");
    m.timings = hb_xrealloc(m.timings, (m.ntimings + 1) * sizeof *m.timings);
    m.timings[m.ntimings++] = (struct hb_advice_timing){
        .name = hb_xstrdup("crc64-go-iso"), .impl = hb_xstrdup("c"), .throughput = near(100), .latency = near(100)};
    timing(&m, "crc32")->throughput = near(100);
    timing(&m, "xxh3-64")->throughput = near(100);
    const struct hb_advice_machine *list[] = {&m};
    for (int general = 0; general < 2; general++) {
        const struct hb_advice_registry reg = {general ? with_xxh3 : crcs, general ? 3 : 2, can_run};
        for (uint64_t record = 8; record <= 4096; record *= 512) {
            struct hb_advice_params p = {.record_size = record, .shards = 16};
            struct hb_advice_result r;
            hb_advice_evaluate(&hb_need_rules[HB_NEED_CHECKSUM], &reg, list, 1, &p, &r);
            hb_advice_need_extras(&r, &p, list, 1);
            assert_int_equal(r.nranked, general ? 3 : 2);
            for (size_t i = 0; i < r.nranked; i++)
                assert_true(r.ranked[i].fastest); /* one time: every entry could be the fastest */
            const struct hb_advice_pick *crc = &r.ranked[place(&r, "crc32")],
                                        *iso = &r.ranked[place(&r, "crc64-go-iso")];
            assert_int_equal(crc->hamming_distance, record == 8 ? 8 : 4);
            assert_true(iso->hamming_distance == 5 && iso->hamming_exact);
            const char *pick = general ? "xxh3-64" : record == 8 ? "crc32" : "crc64-go-iso";
            if (general && record == 4096)
                pick = "crc64-go-iso"; /* 64 bits as xxh3-64, before it in registry order */
            if (strcmp(r.ranked[0].entry.name, pick) != 0)
                fail_msg("%s at %llu bytes: the pick is %s, want %s", general ? "with xxh3-64" : "CRCs alone",
                         (unsigned long long)record, r.ranked[0].entry.name, pick);
            hb_advice_result_free(&r);
        }
    }
    hb_advice_machine_free(&m);
}

static size_t place(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nranked; i++)
        if (strcmp(r->ranked[i].entry.name, name) == 0)
            return i;
    fail_msg("%s not ranked", name);
    return 0;
}

/* 32 bits are too few above 1e-3 * 2^32 (about 4.29 million) corrupted records a year. */
static void test_volume_puts_64_above_32(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    struct hb_advice_report rep;
    struct hb_advice_params p = {.shards = 16};
    build(&rep, &m, HB_NEED_CHECKSUM, &p);
    assert_true(place(&rep.need[HB_NEED_CHECKSUM], "crc32") < place(&rep.need[HB_NEED_CHECKSUM], "crc64-xz"));
    hb_advice_report_free(&rep);
    p.volume = 4.0e6; /* below the threshold: speed decides */
    build(&rep, &m, HB_NEED_CHECKSUM, &p);
    assert_true(place(&rep.need[HB_NEED_CHECKSUM], "crc32") < place(&rep.need[HB_NEED_CHECKSUM], "crc64-xz"));
    hb_advice_report_free(&rep);
    p.volume = 4.4e6; /* above it */
    build(&rep, &m, HB_NEED_CHECKSUM, &p);
    const struct hb_advice_result *r = &rep.need[HB_NEED_CHECKSUM];
    assert_true(place(r, "crc64-xz") < place(r, "crc32"));
    for (size_t i = 0; i < r->nranked; i++)
        if (r->ranked[i].entry.props->out_bits < 64)
            for (size_t j = i + 1; j < r->nranked; j++)
                assert_true(r->ranked[j].entry.props->out_bits < 64);
    assert_non_null(strstr(r->ranked[place(r, "crc32")].why, "placed below"));
    assert_true(noted(r, "yours is above it"));
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

static struct hb_advice_timing *timing(struct hb_advice_machine *m, const char *name)
{
    for (size_t i = 0; i < m->ntimings; i++)
        if (strcmp(m->timings[i].name, name) == 0)
            return &m->timings[i];
    fail_msg("%s not timed", name);
    return NULL;
}

/* With rows at the record size (record.json), the checksum ranks on them, not on the keys' rows:
 * crc32 is faster on the keys, crc64-xz at the record size, and an entry without a row there is
 * left out as not timed. */
static void test_checksum_at_record_size(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    for (size_t i = 0; i < m.ntimings; i++)
        m.timings[i].record = near(m.timings[i].throughput.median / NS * 10);
    timing(&m, "crc32")->record = near(500);
    timing(&m, "crc64-xz")->record = near(200);
    timing(&m, "metrohash-64")->record = (struct hb_advice_interval){0};
    m.record_rows = 512;
    struct hb_advice_params p = {.shards = 16, .record_size = 512};
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_CHECKSUM, &p);
    const struct hb_advice_result *r = &rep.need[HB_NEED_CHECKSUM];
    assert_string_equal(r->ranked[0].entry.name, "crc64-xz");
    assert_true(fabs(r->ranked[0].entry.throughput.median - 200 * NS) < 1e-12);
    assert_true(place(r, "crc64-xz") < place(r, "crc32"));
    assert_excluded(r, "metrohash-64", HB_GATE_TIMED, "not measured at the record size");
    assert_true(noted(r, "Ranked on the rows at size:512"));
    hb_advice_report_free(&rep);
    /* without record.json the keys' rows rank, and the output says the times are not at the record */
    m.record_rows = 0;
    build(&rep, &m, HB_NEED_CHECKSUM, &p);
    r = &rep.need[HB_NEED_CHECKSUM];
    assert_true(place(r, "crc32") < place(r, "crc64-xz"));
    assert_true(noted(r, "The times below are at your keys' lengths"));
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

/* crypto: picked at the keys' lengths; the 64 KiB figures beside it, fastest first, where they
 * order the entries the other way. */
static void test_crypto_at_64k_beside(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_CRYPTO, NULL);
    assert_true(noted(&rep.need[HB_NEED_CRYPTO], "hashbench --suite throughput --size 65536 measures 64 KiB"));
    hb_advice_report_free(&rep);
    timing(&m, "sha256")->bulk = near(30000);
    timing(&m, "hmac-sha256")->bulk = near(20000);
    m.bulk_rows = HB_BULK_BYTES;
    build(&rep, &m, HB_NEED_CRYPTO, NULL);
    const struct hb_advice_result *r = &rep.need[HB_NEED_CRYPTO];
    assert_string_equal(r->ranked[0].entry.name, "sha256"); /* 850 ns against 900 at the keys' lengths */
    /* 65536 bytes in 20 us: 3.28 GB/s; in 30 us: 2.18 GB/s */
    assert_true(noted(r, "the fastest set at 95% first, medians: hmac-sha256/c 3.28 GB/s (rank 1); then sha256/c "
                         "2.18 GB/s (rank 2)."));
    assert_non_null(r->bulk);
    assert_int_equal(r->bulk->nfastest, 1);
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

/* A 64-bit tag is for short-lived tags only: SipHash-2-4 faster than HMAC-SHA-256 still comes after
 * it, and says why. */
static void test_mac_short_tag_after_long(void **unused)
{
    (void)unused;
    struct hb_advice_machine m;
    machine(&m);
    timing(&m, "siphash-2-4")->throughput = near(100);
    struct hb_advice_report rep;
    build(&rep, &m, HB_NEED_MAC, NULL);
    const struct hb_advice_result *r = &rep.need[HB_NEED_MAC];
    assert_string_equal(r->ranked[0].entry.name, "hmac-sha256");
    assert_string_equal(r->ranked[1].entry.name, "siphash-2-4");
    assert_non_null(strstr(r->ranked[1].why, "only for short-lived tags"));
    /* the set and the pick come from the tags of 128 bits or more: siphash-2-4's tier is its own */
    assert_true(r->ranked[0].fastest);
    assert_int_equal(r->nfastest, 1);
    assert_int_equal(r->ranked[1].tier, 1);
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

/* The tag-width order ranks each group on its own: with two tags of 256 bits and a faster 64-bit
 * one, the pick's words compare it with the other wide tag, and the other wide tag's percentage is
 * against the pick actually listed first (not against the faster narrow tag it was once ranked
 * after). */
static void test_mac_words_follow_the_order(void **unused)
{
    (void)unused;
    static const struct hb_hash *const with_blake3[] = {&hmac, &blake3k, &sip24, &sha256};
    static const struct hb_advice_registry reg = {with_blake3, sizeof with_blake3 / sizeof *with_blake3, can_run};
    struct hb_advice_machine m;
    machine(&m);
    timing(&m, "siphash-2-4")->throughput = near(100);
    m.timings = hb_xrealloc(m.timings, (m.ntimings + 1) * sizeof *m.timings);
    m.timings[m.ntimings++] = (struct hb_advice_timing){
        hb_xstrdup("blake3-keyed"), hb_xstrdup("c"), near(990), near(1400), {0}, NULL, {0}, {0}};
    static const struct hb_advice_machine *list[1];
    list[0] = &m;
    bool wanted[HB_NEEDS] = {[HB_NEED_MAC] = true};
    struct hb_advice_report rep;
    hb_advice_report_build(&rep, &reg, list, 1, wanted, NULL);
    const struct hb_advice_result *r = &rep.need[HB_NEED_MAC];
    assert_int_equal(r->nranked, 3);
    assert_string_equal(r->ranked[0].entry.name, "hmac-sha256");
    assert_string_equal(r->ranked[1].entry.name, "blake3-keyed");
    assert_string_equal(r->ranked[2].entry.name, "siphash-2-4");
    char want[256];
    snprintf(want, sizeof want,
             "of the tags of %d bits or more, alone in the fastest set at %.0f%% on time per key: every other entry is "
             "slower at that confidence (the closest, blake3-keyed, takes +10%%)",
             HB_MAC_LONG_TAG_BITS, 100 * HB_FASTEST_CONFIDENCE);
    if (!strstr(r->ranked[0].why, want))
        fail_msg("the pick's words: \"%s\", want \"%s\"", r->ranked[0].why, want);
    /* 990 against 900 ns: +10%, worked out here from the medians the machine was given */
    snprintf(want, sizeof want, "%+.0f%% time per key against the pick", 100 * (990.0 / 900.0 - 1));
    if (strncmp(r->ranked[1].why, want, strlen(want)) != 0)
        fail_msg("blake3-keyed's words: \"%s\", want them to start \"%s\"", r->ranked[1].why, want);
    assert_non_null(strstr(r->ranked[2].why, "among those as narrow: the only entry that qualifies"));
    assert_true(noted(r, "blake3-keyed: key exactly 256 bits"));
    hb_advice_report_free(&rep);
    hb_advice_machine_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_has_eight),
        cmocka_unit_test(test_numbers_written_once),
        cmocka_unit_test(test_password_never_a_general_hash),
        cmocka_unit_test(test_mac_only_keyed_macs),
        cmocka_unit_test(test_shard_frozen_specified_spread),
        cmocka_unit_test(test_shard_counts_listed),
        cmocka_unit_test(test_hamming_distance_at_the_record),
        cmocka_unit_test(test_distance_before_bits_among_crcs),
        cmocka_unit_test(test_volume_puts_64_above_32),
        cmocka_unit_test(test_checksum_at_record_size),
        cmocka_unit_test(test_crypto_at_64k_beside),
        cmocka_unit_test(test_mac_short_tag_after_long),
        cmocka_unit_test(test_mac_words_follow_the_order),
    };
    return cmocka_run_group_tests(tests, NULL, made_up_teardown);
}

/*
 * test_registry.c — property: the registry is well formed and its self-check rejects bad tables
 * (duplicate name/impl, half-set streaming, bad output size, inconsistent seeds); every entry's
 * recorded verification code is what it computes, and equal across implementations of a name (a
 * baseline's excepted); look-up by bare name gives the default (first runnable) implementation,
 * suggestions name close entries, and the bucketing value is the first output bytes read
 * big-endian.
 */
#include "test_support.h"
#include "hb_hash_cli.h"

static void dummy_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)in;
    (void)len;
    (void)seed;
    memset(out, 0, 8);
}
static void dummy_init(void *state, uint64_t seed)
{
    (void)state;
    (void)seed;
}
static void dummy_update(void *state, const void *in, size_t len)
{
    (void)state;
    (void)in;
    (void)len;
}
static void dummy_final(void *state, uint8_t *out)
{
    (void)state;
    memset(out, 0, 8);
}
static const char *dummy_version(void)
{
    return "test";
}

/* An entry of the test tables; DUMMY_WITH states its algorithm's dos and output properties. */
#define DUMMY_WITH(name_, impl_, dos_, output_)                                                                        \
    .name = name_, .impl = impl_, .family = "test", .summary = "test entry", .kind = HB_KIND_NONCRYPTO,                \
    .version = dummy_version, .oneshot = dummy_oneshot, .dos = dos_, .output = output_
#define DUMMY(name_, impl_) DUMMY_WITH(name_, impl_, HB_DOS_NONE, HB_OUTPUT_FROZEN)

static const struct hb_hash good_a = {DUMMY("a", "x"),    .out_bits = 64,         .state_size = 8,
                                      .init = dummy_init, .update = dummy_update, .final = dummy_final};
static const struct hb_hash good_b = {DUMMY("a", "y"), .out_bits = 64};
static const struct hb_hash duplicate_a = {DUMMY("a", "x"), .out_bits = 64};
static const struct hb_hash half_stream = {DUMMY("b", "x"), .out_bits = 64, .state_size = 8, .init = dummy_init,
                                           .update = dummy_update};
static const struct hb_hash bad_bits = {DUMMY("c", "x"), .out_bits = 12};
static const struct hb_hash big_state = {
    DUMMY("d", "x"),    .out_bits = 64,         .state_size = HB_MAX_STATE_SIZE + 1,
    .init = dummy_init, .update = dummy_update, .final = dummy_final};
static const struct hb_hash seed_flag_mismatch = {DUMMY("e", "x"), .out_bits = 64, .seed_bits = 64};
static const struct hb_hash upper_name = {DUMMY("Xxh", "x"), .out_bits = 64};
static const struct hb_hash other_bits_same_name = {DUMMY("a", "z"), .out_bits = 32};
/* The algorithm's properties: each must be stated, be consistent with the seed, and agree across a
 * name's implementations. */
static const struct hb_hash dos_unset = {DUMMY_WITH("f", "x", HB_DOS_UNSET, HB_OUTPUT_FROZEN), .out_bits = 64};
static const struct hb_hash output_unset = {DUMMY_WITH("f", "y", HB_DOS_NONE, HB_OUTPUT_UNSET), .out_bits = 64};
static const struct hb_hash seeded_but_dos_none = {DUMMY("g", "x"), .out_bits = 64, .seed_bits = 64,
                                                   .flags = HB_FLAG_SEEDED};
static const struct hb_hash unseeded_but_prf = {DUMMY_WITH("g", "y", HB_DOS_PRF, HB_OUTPUT_FROZEN), .out_bits = 64};
static const struct hb_hash versioned_without_version = {DUMMY_WITH("h", "x", HB_DOS_NONE, HB_OUTPUT_VERSIONED),
                                                         .out_bits = 64};
static const struct hb_hash frozen_with_version = {DUMMY("h", "y"), .out_bits = 64, .algo_version = "2"};
static const struct hb_hash needs_aes = {DUMMY("a", "w"), .out_bits = 64, .needs = "aes"};
static const struct hb_hash linear_same_name = {DUMMY("a", "u"), .out_bits = 64, .linear = true};
static const struct hb_hash other_output_same_name = {DUMMY_WITH("a", "v", HB_DOS_NONE, HB_OUTPUT_VERSIONED),
                                                      .out_bits = 64, .algo_version = "1"};

static void expect_rejected(const struct hb_hash *const *table, size_t n, const char *reason)
{
    char err[256] = "";
    if (hb_registry_check(table, n, err, sizeof err))
        fail_msg("a table with %s passed the registry check", reason);
    assert_true(strlen(err) > 0);
}

static void test_check_rejects_bad_tables(void **unused)
{
    (void)unused;
    const struct hb_hash *ok[] = {&good_a, &good_b};
    char err[256];
    assert_true(hb_registry_check(ok, 2, err, sizeof err));

    const struct hb_hash *dup[] = {&good_a, &good_b, &duplicate_a};
    expect_rejected(dup, 3, "a duplicate name/impl");
    const struct hb_hash *half[] = {&half_stream};
    expect_rejected(half, 1, "half-set streaming functions");
    const struct hb_hash *bits[] = {&bad_bits};
    expect_rejected(bits, 1, "out_bits not a multiple of 8");
    const struct hb_hash *state[] = {&big_state};
    expect_rejected(state, 1, "an oversized state");
    const struct hb_hash *seed[] = {&seed_flag_mismatch};
    expect_rejected(seed, 1, "seed_bits without HB_FLAG_SEEDED");
    const struct hb_hash *upper[] = {&upper_name};
    expect_rejected(upper, 1, "an uppercase name");
    const struct hb_hash *mixed[] = {&good_a, &other_bits_same_name};
    expect_rejected(mixed, 2, "two output sizes under one name");
    const struct hb_hash *no_dos[] = {&dos_unset};
    expect_rejected(no_dos, 1, "no dos property");
    const struct hb_hash *no_output[] = {&output_unset};
    expect_rejected(no_output, 1, "no output property");
    const struct hb_hash *seeded_none[] = {&seeded_but_dos_none};
    expect_rejected(seeded_none, 1, "a seeded entry whose dos is none");
    const struct hb_hash *unseeded_prf[] = {&unseeded_but_prf};
    expect_rejected(unseeded_prf, 1, "an unseeded entry whose dos is not none");
    const struct hb_hash *no_version[] = {&versioned_without_version};
    expect_rejected(no_version, 1, "a versioned output without its version");
    const struct hb_hash *stray_version[] = {&frozen_with_version};
    expect_rejected(stray_version, 1, "a frozen output with a version");
    const struct hb_hash *needs[] = {&good_a, &needs_aes};
    expect_rejected(needs, 2, "two needs under one name");
    const struct hb_hash *outputs[] = {&good_a, &other_output_same_name};
    expect_rejected(outputs, 2, "two output properties under one name");
    const struct hb_hash *linear[] = {&good_a, &linear_same_name};
    expect_rejected(linear, 2, "two linear properties under one name");
}

static void test_registry_passes_its_check(void **unused)
{
    (void)unused;
    char err[256];
    if (!hb_registry_check(hb_registry, hb_registry_len, err, sizeof err))
        fail_msg("registry: %s", err);
}

static void test_verification_codes(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (!test_runs_here(h, __func__))
            continue;
        if (h->output == HB_OUTPUT_PER_PROCESS) {
            print_message("not recorded: %s/%s, its output is salted per process\n", h->name, h->impl);
            continue;
        }
        uint32_t got = hb_verification(h);
        if (got != h->verification)
            fail_msg("%s/%s: verification 0x%08X, recorded 0x%08X", h->name, h->impl, got, h->verification);
        const struct hb_hash *first = hb_lookup(h->name);
        /* a baseline's implementations need not agree (hb_hash.h), nor their codes */
        if (h->kind != HB_KIND_BASELINE && first->verification != h->verification)
            fail_msg("%s/%s and %s/%s record different verification codes", h->name, h->impl, first->name, first->impl);
    }
}

static void test_lookup_and_select(void **unused)
{
    (void)unused;
    /* the first runnable entry in registry order: the architecture's SHA-256 instructions, else OpenSSL */
#if defined(__x86_64__)
    const struct hb_hash *native = hb_lookup("sha256/shani");
    assert_non_null(native);
#elif defined(__aarch64__)
    const struct hb_hash *native = hb_lookup("sha256/armv8-sha2");
    assert_non_null(native);
#else
    const struct hb_hash *native = NULL;
#endif
    const struct hb_hash *h = hb_lookup("sha256");
    assert_non_null(h);
    assert_string_equal(h->impl, native != NULL && hb_can_run(native, NULL, 0) ? native->impl : "openssl");
    h = hb_lookup("xxh3-64");
    assert_non_null(h);
    assert_string_equal(h->impl, "inline"); /* first in preference order, runs everywhere */
    assert_null(hb_lookup("no-such-hash"));
    assert_null(hb_lookup("sha256/nonexistent"));
    const struct hb_hash *all[16];
    size_t n = hb_select("xxh3-64", all, 16);
    assert_true(n >= 2);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(all[i]->name, "xxh3-64");
    assert_int_equal(hb_select("xxh3-64/libxxhash", all, 16), 1);
    assert_int_equal(hb_select("nothing", all, 16), 0);
}

static void test_suggestions(void **unused)
{
    (void)unused;
    char buf[512];
    hb_suggest("sha265", buf, sizeof buf);
    assert_non_null(strstr(buf, "sha256"));
    hb_suggest("xxh3", buf, sizeof buf);
    assert_non_null(strstr(buf, "xxh3-64"));
    hb_suggest("sha256/opensll", buf, sizeof buf);
    assert_non_null(strstr(buf, "sha256/openssl"));
    hb_suggest("qqqqqqqqqqqqqqqqqqqq", buf, sizeof buf);
    assert_string_equal(buf, "");
}

static void test_spec_matching_and_messages(void **unused)
{
    (void)unused;
    const struct hb_hash *crc = hb_lookup("crc32/zlib");
    assert_non_null(crc);
    assert_true(hb_spec_matches(crc, "crc32"));
    assert_true(hb_spec_matches(crc, "crc32/zlib"));
    assert_false(hb_spec_matches(crc, "crc32c"));
    assert_false(hb_spec_matches(crc, "crc3"));
    assert_false(hb_spec_matches(crc, "crc32/zli"));
    assert_false(hb_spec_matches(crc, "crc32/zlib/"));

    char msg[1024];
    assert_false(hb_describe_unusable("crc32/zlib", crc, "see x", msg, sizeof msg)); /* runs everywhere */
    assert_string_equal(msg, "");
    assert_true(hb_describe_unusable("sha265", NULL, "see hbsum --list", msg, sizeof msg));
    assert_string_equal(msg, "unknown algorithm 'sha265' (did you mean: sha224, sha256? see hbsum --list)");
    assert_true(hb_describe_unusable("qqqqqqqqqqqqqqqqqqqq", NULL, "see hbsum --list", msg, sizeof msg));
    assert_string_equal(msg, "unknown algorithm 'qqqqqqqqqqqqqqqqqqqq' (see hbsum --list)");

    /* an entry this CPU cannot run, made so by hiding every feature */
    const struct hb_hash *vector = NULL;
    for (size_t i = 0; i < hb_registry_len && vector == NULL; i++)
        if (hb_registry[i]->cpu_req != 0)
            vector = hb_registry[i];
    if (vector == NULL) {
        print_message("no entry needs a CPU feature in this build: cannot-run message not checked\n");
        return;
    }
    hb_cpu_restrict(0);
    char expected[256], why[128];
    assert_false(hb_can_run(vector, why, sizeof why));
    snprintf(expected, sizeof expected, "%s/%s: this CPU cannot run it (%s)", vector->name, vector->impl, why);
    assert_true(hb_describe_unusable("any", vector, "see x", msg, sizeof msg));
    hb_cpu_restrict(UINT32_MAX);
    assert_string_equal(msg, expected);
}

static void test_bucket_value(void **unused)
{
    (void)unused;
    const struct hb_hash *crc = hb_lookup("crc32");
    uint8_t out[HB_MAX_OUT_BYTES];
    crc->oneshot("123456789", 9, 0, out);
    assert_true(hb_bucket_value(crc, out) == 0xcbf43926u); /* the integer itself */
    const struct hb_hash *sha = hb_lookup("sha256");
    sha->oneshot("abc", 3, 0, out);
    assert_true(hb_bucket_value(sha, out) == UINT64_C(0xba7816bf8f01cfea)); /* first 8 bytes, big-endian */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_rejects_bad_tables),
        cmocka_unit_test(test_registry_passes_its_check),
        cmocka_unit_test(test_verification_codes),
        cmocka_unit_test(test_spec_matching_and_messages),
        cmocka_unit_test(test_lookup_and_select),
        cmocka_unit_test(test_suggestions),
        cmocka_unit_test(test_bucket_value),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}

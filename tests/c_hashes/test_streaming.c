/*
 * test_streaming.c — property: for every entry that streams, init/update/final equals the
 * one-shot result, whether the input arrives whole, byte by byte, or in random pieces (zero-length
 * updates included), over lengths that cross every block and buffer boundary, with seeds.
 */
#include "test_support.h"

#define MAX_LEN 20000

static void check_entry(const struct hb_hash *h, const uint8_t *buf, uint64_t *rng)
{
    size_t nbytes = h->out_bits / 8;
    for (size_t len = 0; len <= MAX_LEN; len += len < 300 ? 1 : 1 + len / 7) {
        uint64_t seed = (len & 1) ? hb_splitmix64_next(rng) : 0;
        if (h->seed_bits == 32)
            seed &= UINT32_MAX;
        uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
        h->oneshot(buf, len, seed, want);
        test_state st;
        h->init(st.bytes, seed);
        h->update(st.bytes, buf, len);
        h->final(st.bytes, got);
        test_expect_same(want, got, nbytes, "%s/%s whole len=%zu seed=0x%llx", h->name, h->impl, len,
                         (unsigned long long)seed);
        if (len <= 1024) {
            test_stream_pieces(h, buf, len, seed, rng, 1, got);
            test_expect_same(want, got, nbytes, "%s/%s byte by byte len=%zu", h->name, h->impl, len);
        }
        size_t max_piece = (size_t)(hb_splitmix64_next(rng) % 300);
        uint64_t replay = *rng;
        test_stream_pieces(h, buf, len, seed, rng, max_piece, got);
        test_expect_same(want, got, nbytes, "%s/%s random pieces len=%zu max_piece=%zu rng=0x%llx", h->name, h->impl,
                         len, max_piece, (unsigned long long)replay);
    }
}

static void test_streaming_equals_oneshot(void **unused)
{
    (void)unused;
    uint64_t rng = 7;
    uint8_t *buf = malloc(MAX_LEN);
    assert_non_null(buf);
    test_fill_random(&rng, buf, MAX_LEN);
    size_t streamed = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->init == NULL) /* named with its reason by test_everything_else_streams */
            continue;
        if (!test_runs_here(h, __func__))
            continue;
        check_entry(h, buf, &rng);
        streamed++;
    }
    free(buf);
    assert_true(streamed > 0);
}

/* The entries allowed not to stream besides the noop baseline, each with the reason: library
 * adapters whose library has no streaming interface, and algorithms that need the length first. */
static const struct {
    const char *spec, *reason;
} oneshot_only[] = {
    {"wyhash/libwyhash", "wyhash.h has no streaming interface"},
    {"highwayhash-64/libhighwayhash", "the C interface (c_bindings.h) has no streaming functions"},
    {"farmhash-fp64/libfarmhash", "FarmHash has no streaming interface"},
    {"a5hash/portable", "the length is mixed into the state before the first input byte"},
    {"gxhash64/aes", "the length shapes the first vector and is mixed into the block lanes"},
    {"absl-hash/abseil", "absl::Hash takes the whole key"},
    {"std-hash/libstdcxx", "std::hash takes the whole key"},
    {"boost-hash/boost", "boost::hash takes the whole key"},
    {"glib-hash/glib", "g_str_hash takes a whole C string"},
};

static void test_everything_else_streams(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->init != NULL || h->kind == HB_KIND_BASELINE)
            continue;
        const char *reason = NULL;
        for (size_t k = 0; k < sizeof oneshot_only / sizeof oneshot_only[0] && reason == NULL; k++)
            if (hb_lookup(oneshot_only[k].spec) == h)
                reason = oneshot_only[k].reason;
        if (reason == NULL)
            fail_msg("%s/%s does not stream", h->name, h->impl);
        printf("one-shot only, not streamed: %s/%s (%s)\n", h->name, h->impl, reason);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streaming_equals_oneshot),
        cmocka_unit_test(test_everything_else_streams),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}

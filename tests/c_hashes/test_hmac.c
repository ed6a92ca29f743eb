/*
 * test_hmac.c — HMAC-SHA-256 against RFC 4231's test cases 1-7 (case 5 compared on its 128-bit
 * truncation, as the RFC gives it), and the registry entry hmac-sha256/openssl against the same
 * keyed function under the key its seed names (hb_hmac_sha256_key: the seed's bytes little-endian,
 * four times), one-shot after another seed (so a reused context re-keys) and streamed byte by byte.
 */
#include "test_support.h"

#include "hb_openssl.h"

struct rfc4231_case {
    uint8_t key_fill; /* 0: key_text */
    size_t key_len;
    const char *key_text;
    uint8_t data_fill; /* 0: data_text */
    size_t data_len;
    const char *data_text;
    size_t check_bytes; /* the RFC's truncation (case 5) */
    const char *hex;
};

static const struct rfc4231_case cases[] = {
    {0x0b, 20, NULL, 0, 0, "Hi There", 32, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
    {0, 0, "Jefe", 0, 0, "what do ya want for nothing?", 32,
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    {0xaa, 20, NULL, 0xdd, 50, NULL, 32, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
    {1, 25, NULL, 0xcd, 50, NULL, 32, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
    {0x0c, 20, NULL, 0, 0, "Test With Truncation", 16, "a3b6167473100ee06e0c796c2955552b"},
    {0xaa, 131, NULL, 0, 0, "Test Using Larger Than Block-Size Key - Hash Key First", 32,
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
    {0xaa, 131, NULL, 0, 0,
     "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be "
     "hashed before being used by the HMAC algorithm.",
     32, "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
};

static void test_rfc4231(void **unused)
{
    (void)unused;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        const struct rfc4231_case *t = &cases[c];
        uint8_t key[131], data[64], want[32], got[32];
        size_t key_len = t->key_text ? strlen(t->key_text) : t->key_len;
        size_t data_len = t->data_text ? strlen(t->data_text) : t->data_len;
        /* case 4's key counts 0x01..0x19; the other filled keys repeat one byte */
        for (size_t i = 0; i < key_len; i++)
            key[i] = t->key_text ? (uint8_t)t->key_text[i] : t->key_fill == 1 ? (uint8_t)(i + 1) : t->key_fill;
        if (!t->data_text)
            memset(data, t->data_fill, data_len);
        test_hex_to_bytes(t->hex, want, t->check_bytes);
        hb_hmac_sha256(key, key_len, t->data_text ? (const void *)t->data_text : data, data_len, got);
        test_expect_same(want, got, t->check_bytes, "RFC 4231 test case %zu", c + 1);
    }
}

static void test_entry_uses_the_seed_key(void **unused)
{
    (void)unused;
    const struct hb_hash *h = hb_lookup("hmac-sha256/openssl");
    assert_non_null(h);
    static const uint64_t seeds[] = {0, 0x0123456789abcdefu, 0, 1};
    uint64_t rng = 42;
    uint8_t msg[300];
    test_fill_random(&rng, msg, sizeof msg);
    for (size_t s = 0; s < sizeof seeds / sizeof *seeds; s++) {
        for (size_t len = 0; len <= sizeof msg; len += 37) {
            uint8_t key[HB_HMAC_SHA256_KEY_BYTES], want[32], got[32];
            hb_hmac_sha256_key(seeds[s], key);
            for (size_t i = 0; i < sizeof key; i++)
                assert_int_equal(key[i], (uint8_t)(seeds[s] >> (8 * (i % 8))));
            hb_hmac_sha256(key, sizeof key, msg, len, want);
            h->oneshot(msg, len, seeds[s], got);
            test_expect_same(want, got, 32, "hmac-sha256 seed %llx len %zu one-shot", (unsigned long long)seeds[s],
                             len);
            test_stream_pieces(h, msg, len, seeds[s], &rng, 1, got);
            test_expect_same(want, got, 32, "hmac-sha256 seed %llx len %zu streamed", (unsigned long long)seeds[s],
                             len);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfc4231),
        cmocka_unit_test(test_entry_uses_the_seed_key),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}

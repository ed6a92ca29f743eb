/*
 * test_designs.c — property: the table of designs (hb_designs.h) is well formed: every row has a
 * unique name that hb_design_find gives back, says what it is and which bits it consumes, in words
 * and as the battery's views; a library's row carries the version the build found;
 * a default hash named is a registry name; it excludes a hash of 32 bits or fewer exactly when it
 * consumes bits above the 32nd (the top7 or high view); the views' names are unique and found again; each
 * view's value agrees with its definition written out again here on random hashes and lies below
 * the view's bucket count, and GLib's prime of each table size is the largest prime below it
 * (checked by trial division; test_stdcxx_buckets.cpp checks libstdc++'s).
 */
#include "hb_designs.h"
#include "test_support.h"

static void test_rows(void **unused)
{
    (void)unused;
    for (int d = 0; d < HB_DESIGNS; d++) {
        const struct hb_design_row *r = &hb_designs[d];
        assert_non_null(r->name);
        assert_int_equal(hb_design_find(r->name), d);
        assert_string_equal(hb_design_name((enum hb_design)d), r->name);
        assert_non_null(r->container);
        assert_non_null(r->library);
        assert_non_null(r->bits);
        assert_non_null(r->default_text);
        if (r->views >= HB_VIEW_BIT(HB_VIEWS))
            fail_msg("design %s: views 0x%x: one past the battery's", r->name, r->views);
        if (strcmp(r->library, "hashbench") != 0 && (r->version == NULL || r->version[0] == '\0'))
            fail_msg("design %s: the %s version this build found is missing", r->name, r->library);
        if (r->default_hash != NULL && hb_lookup(r->default_hash) == NULL)
            fail_msg("design %s: its default hash '%s' is no registry name", r->name, r->default_hash);
        bool above_32 =
            hb_design_consumes((enum hb_design)d, HB_VIEW_TOP7) || hb_design_consumes((enum hb_design)d, HB_VIEW_HIGH);
        if (r->excludes_32bit != above_32)
            fail_msg("design %s: excludes 32-bit hashes exactly when it consumes the top7 or high view", r->name);
    }
    assert_int_equal(hb_design_find("no-such-design"), HB_DESIGNS);
    assert_string_equal(hb_design_name(HB_DESIGNS), "?");
    assert_false(hb_design_consumes(HB_DESIGNS, HB_VIEW_LOW));
}

static void test_views(void **unused)
{
    (void)unused;
    for (int v = 0; v < HB_VIEWS; v++) {
        const char *name = hb_view_name((enum hb_view)v);
        assert_string_not_equal(name, "?");
        assert_int_equal(hb_view_find(name), v);
    }
    assert_int_equal(hb_view_find("no-such-view"), HB_VIEWS);
    assert_string_equal(hb_view_name(HB_VIEWS), "?");
}

static bool is_prime(uint64_t n)
{
    if (n < 2)
        return false;
    for (uint64_t d = 2; d * d <= n; d++)
        if (n % d == 0)
            return false;
    return true;
}

static void test_primes(void **unused)
{
    (void)unused;
    for (unsigned k = 2; k <= 31; k++) {
        uint64_t p = hb_view_prime(k), top = (uint64_t)1 << k;
        if (!is_prime(p) || p >= top)
            fail_msg("2^%u: %llu is not a prime below it", k, (unsigned long long)p);
        for (uint64_t q = p + 1; q < top; q++)
            if (is_prime(q))
                fail_msg("2^%u: %llu is prime and larger than %llu", k, (unsigned long long)q, (unsigned long long)p);
    }
}

static void test_view_values(void **unused)
{
    (void)unused;
    uint64_t rng = 0x76696577;
    for (int i = 0; i < 10000; i++) {
        uint64_t h = hb_splitmix64_next(&rng);
        unsigned b = 2 + (unsigned)(hb_splitmix64_next(&rng) % 30);
        uint64_t buckets = (uint64_t)1 << b;
        uint32_t h32 = (uint32_t)h;
        assert_int_equal(hb_view_value(HB_VIEW_LOW, h, b), h % buckets);
        assert_int_equal(hb_view_value(HB_VIEW_ABSL_H1, h, b), (h / 128) % buckets);
        assert_int_equal(hb_view_value(HB_VIEW_ABSL_H2, h, b), h % 128);
        assert_int_equal(hb_view_value(HB_VIEW_TOP7, h, b), h / ((uint64_t)1 << 57));
        assert_int_equal(hb_view_value(HB_VIEW_HIGH, h, b), h / ((uint64_t)1 << (64 - b)));
        assert_int_equal(hb_view_value(HB_VIEW_MOD_PRIME, h, b), h % hb_view_buckets(HB_VIEW_MOD_PRIME, b));
        assert_int_equal(hb_view_value(HB_VIEW_GLIB, h, b),
                         ((uint64_t)h32 * 11 % ((uint64_t)1 << 32)) % hb_view_prime(b));
        assert_int_equal(hb_view_value(HB_VIEW_LOW32, h, b), h32 % buckets);
        for (int v = 0; v < HB_VIEWS; v++)
            if (hb_view_value((enum hb_view)v, h, b) >= hb_view_buckets((enum hb_view)v, b))
                fail_msg("view %s at 2^%u: a value past its %llu buckets", hb_view_name((enum hb_view)v), b,
                         (unsigned long long)hb_view_buckets((enum hb_view)v, b));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_rows), cmocka_unit_test(test_views),
                                       cmocka_unit_test(test_primes), cmocka_unit_test(test_view_values)};
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}

/*
 * test_stdcxx_buckets.cpp — the mod-prime view (hb_designs.h) against libstdc++ itself: a real
 * std::unordered_set<uint64_t>, filled one key at a time, has after 7/8 x 2^b insertions the bucket
 * count hb_view_buckets gives for 2^b (b up to 20: a container of 917,504 keys), and puts a key in
 * the bucket hb_view_value computes (the container's own bucket(), std::hash being the identity on
 * integers). Past what a test can fill, every count up to 2^31 is a prime that holds the keys at a
 * load of at most 1, the container's default maximum.
 */
#include <csetjmp>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <unordered_set>

extern "C" {
#include <cmocka.h> /* its print_error and friends are C functions */
}

#include "hb_designs.h"
#include "hb_splitmix64.h"

static const unsigned filled_log2 = 20;

static void counts_are_the_containers(void **unused)
{
    (void)unused;
    std::unordered_set<uint64_t> set;
    uint64_t rng = 0x73746463787878, next = 0;
    for (unsigned b = 1; b <= filled_log2; b++) {
        for (std::size_t keys = (std::size_t{7} << b) / 8; set.size() < keys;)
            set.insert(next++);
        if (set.bucket_count() != hb_view_buckets(HB_VIEW_MOD_PRIME, b))
            fail_msg("2^%u: std::unordered_set has %zu buckets after %zu keys, the view %llu", b, set.bucket_count(),
                     set.size(), (unsigned long long)hb_view_buckets(HB_VIEW_MOD_PRIME, b));
        for (int i = 0; i < 1000; i++) {
            uint64_t k = hb_splitmix64_next(&rng);
            if (set.bucket(k) != hb_view_value(HB_VIEW_MOD_PRIME, k, b))
                fail_msg("2^%u: key %llu in bucket %zu, the view says %llu", b, (unsigned long long)k, set.bucket(k),
                         (unsigned long long)hb_view_value(HB_VIEW_MOD_PRIME, k, b));
        }
    }
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

static void counts_are_primes_that_hold_the_keys(void **unused)
{
    (void)unused;
    for (unsigned b = 1; b <= 31; b++) {
        uint64_t p = hb_view_buckets(HB_VIEW_MOD_PRIME, b), keys = (uint64_t{7} << b) / 8;
        if (!is_prime(p) || p < keys)
            fail_msg("2^%u: %llu buckets for %llu keys: not a prime, or a load above 1", b, (unsigned long long)p,
                     (unsigned long long)keys);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(counts_are_the_containers),
                                       cmocka_unit_test(counts_are_primes_that_hold_the_keys)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

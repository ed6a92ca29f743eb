/*
 * test_overread.c — property: no entry reads outside its input. Every input of length 0..256 is
 * placed flush against a PROT_NONE guard page, once ending at the guard and once starting right
 * after one, and hashed one-shot, through hash64 and streamed; an over-read or under-read faults.
 * And every entry takes in == NULL with len 0 (the descriptor allows it) and gives the empty input's
 * output.
 */
#include "test_support.h"

#include <sys/mman.h>
#include <unistd.h>

#define MAX_LEN 256

static void test_no_read_outside_input(void **unused)
{
    (void)unused;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    /* guard | data page | guard */
    uint8_t *region = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(region != MAP_FAILED);
    assert_int_equal(mprotect(region, page, PROT_NONE), 0);
    assert_int_equal(mprotect(region + 2 * page, page, PROT_NONE), 0);
    uint8_t *data = region + page;
    uint64_t rng = 11;
    test_fill_random(&rng, data, page);

    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (!hb_can_run(h, NULL, 0))
            continue;
        for (size_t len = 0; len <= MAX_LEN; len++) {
            const uint8_t *at_end = data + page - len, *at_start = data;
            uint8_t a[HB_MAX_OUT_BYTES], b[HB_MAX_OUT_BYTES];
            /* a fault here is the failure; the hashes are compared only so the calls are used */
            h->oneshot(at_end, len, 1, a);
            h->oneshot(at_start, len, 1, b);
            if (h->hash64 != NULL && (h->hash64(at_end, len, 1) != hb_bucket_value(h, a) ||
                                      h->hash64(at_start, len, 1) != hb_bucket_value(h, b)))
                fail_msg("%s/%s hash64 at a guard len=%zu differs from one-shot", h->name, h->impl, len);
            if (h->init != NULL) {
                test_state st;
                h->init(st.bytes, 1);
                h->update(st.bytes, at_end, len);
                h->final(st.bytes, b);
                test_expect_same(a, b, h->out_bits / 8, "%s/%s at guard len=%zu", h->name, h->impl, len);
                h->init(st.bytes, 1);
                for (size_t k = 0; k < len; k++)
                    h->update(st.bytes, data + page - len + k, 1);
                h->final(st.bytes, b);
                test_expect_same(a, b, h->out_bits / 8, "%s/%s at guard byte by byte len=%zu", h->name, h->impl, len);
            }
        }
    }
    munmap(region, 3 * page);
}

static void test_null_empty_input(void **unused)
{
    (void)unused;
    static const uint8_t empty[1];
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (!hb_can_run(h, NULL, 0))
            continue;
        uint8_t want[HB_MAX_OUT_BYTES], got[HB_MAX_OUT_BYTES];
        h->oneshot(empty, 0, 7, want);
        h->oneshot(NULL, 0, 7, got);
        test_expect_same(want, got, h->out_bits / 8, "%s/%s one-shot of NULL, 0", h->name, h->impl);
        if (h->hash64 != NULL && h->hash64(NULL, 0, 7) != hb_bucket_value(h, want))
            fail_msg("%s/%s hash64 of NULL, 0 differs from one-shot", h->name, h->impl);
        if (h->init != NULL) {
            test_state st;
            h->init(st.bytes, 7);
            h->update(st.bytes, NULL, 0);
            h->final(st.bytes, got);
            test_expect_same(want, got, h->out_bits / 8, "%s/%s streamed NULL, 0", h->name, h->impl);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_read_outside_input),
        cmocka_unit_test(test_null_empty_input),
    };
    return cmocka_run_group_tests(tests, test_hb_init, NULL);
}

/*
 * test_published.c — the published facts the advisor quotes, held to the registry: every broken
 * cryptographic hash the crypto rule leaves out is a cryptographic hash of this build, and a format
 * that keeps fewer bits than the hash gives says so. (What each name's dos
 * rests on is c_hashes/dos_evidence.c's, held to the registry by tests/c_hashes/test_dos.c and to
 * the advisor's reasons by check_dos_reasons.c.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hb_hash.h"
#include "published.h"

static int setup(void **state)
{
    (void)state;
    char err[256];
    if (!hb_init(err, sizeof err))
        fail_msg("hb_init: %s", err);
    return 0;
}

static const struct hb_hash *named(const char *name)
{
    for (size_t i = 0; i < hb_registry_len; i++)
        if (strcmp(hb_registry[i]->name, name) == 0)
            return hb_registry[i];
    return NULL;
}

static void test_broken_hashes_are_cryptographic(void **state)
{
    (void)state;
    static const char *const broken[] = {"md5", "sha1"};
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        assert_non_null(hb_published_break(broken[i]));
        const struct hb_hash *h = named(broken[i]);
        if (h && h->kind != HB_KIND_CRYPTO)
            fail_msg("%s is listed as broken but is not a cryptographic hash here", broken[i]);
    }
    assert_null(hb_published_break("sha256"));
    /* RocksDB stores 32 bits of its block checksums (its ChecksumType's own documentation): the
     * format line of XXH3 says so, since its 64 bits are not what that format checks with */
    assert_non_null(strstr(hb_published_formats("xxh3-64"), "32 bits"));
    assert_null(hb_published_break("blake3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_broken_hashes_are_cryptographic),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

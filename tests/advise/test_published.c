/*
 * test_published.c — the published facts the advisor quotes, held to the registry: every name the
 * registry calls seed-independent has its attack in the table (so the untrusted-table reason can
 * name it), every attack in the table is of a name the registry calls seed-independent, and every
 * broken cryptographic hash the crypto rule leaves out is a cryptographic hash of this build.
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

static void test_every_seed_independent_name_has_its_attack(void **state)
{
    (void)state;
    size_t claimed = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->dos != HB_DOS_SEED_INDEPENDENT)
            continue;
        claimed++;
        if (!hb_published_attack(h->name))
            fail_msg("%s/%s is seed-independent in the registry, but advise/rules/published.c names no attack", h->name,
                     h->impl);
    }
    assert_true(claimed > 0);
}

static void test_every_attack_is_of_a_seed_independent_name(void **state)
{
    (void)state;
    for (size_t i = 0; i < hb_published_attack_count; i++) {
        const char *name = hb_published_attacks[i].name;
        const struct hb_hash *h = named(name);
        /* a name this build left out (a library not found) cannot be checked here */
        if (!h)
            continue;
        if (h->dos != HB_DOS_SEED_INDEPENDENT)
            fail_msg("advise/rules/published.c names an attack on %s, which the registry does not call "
                     "seed-independent",
                     name);
    }
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
    assert_null(hb_published_break("blake3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_seed_independent_name_has_its_attack),
        cmocka_unit_test(test_every_attack_is_of_a_seed_independent_name),
        cmocka_unit_test(test_broken_hashes_are_cryptographic),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

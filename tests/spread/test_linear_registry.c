/*
 * test_linear_registry.c — the registry's `linear` property (hb_hash.h, hbsum --list) against what
 * hbspread's linearity probe finds, entry by entry: an entry the probe finds GF(2)-affine says
 * linear, and one it does not says not. An entry this CPU cannot run is named as not run (and
 * logged to $HB_SKIP_LOG when set), never passed in silence.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "spread.h"

static void not_run(const struct hb_hash *h, const char *why)
{
    printf("not run on this CPU: %s/%s in test_linear_registry (%s)\n", h->name, h->impl, why);
    const char *log = getenv("HB_SKIP_LOG");
    FILE *f = log != NULL && *log != '\0' ? fopen(log, "a") : NULL;
    if (f != NULL) {
        fprintf(f, "%s/%s in test_linear_registry (%s)\n", h->name, h->impl, why);
        fclose(f);
    }
}

static void registry_states_what_the_probe_finds(void **state)
{
    (void)state;
    char err[256];
    assert_true(hb_init(err, sizeof err));
    size_t wrong = 0, linear = 0, probed = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        char why[128];
        if (!hb_can_run(h, why, sizeof why)) {
            not_run(h, why);
            continue;
        }
        struct hb_linearity probe;
        hb_linearity_probe(h, &probe);
        probed++;
        linear += probe.linear;
        if (probe.linear != h->linear) {
            print_error("%s/%s: the registry says linear %s, the probe found %zu of %zu triples zero\n", h->name,
                        h->impl, h->linear ? "yes" : "no", probe.zero, probe.triples);
            wrong++;
        }
        /* a random function gives a zero with probability 2^-32 or less per triple */
        if (!probe.linear && probe.zero > 0)
            print_error("%s/%s: %zu of %zu triples zero, not all: neither linear nor random\n", h->name, h->impl,
                        probe.zero, probe.triples);
    }
    printf("probed %zu entries, %zu linear\n", probed, linear);
    assert_int_equal(wrong, 0);
    assert_true(linear > 0 && linear < probed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_states_what_the_probe_finds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

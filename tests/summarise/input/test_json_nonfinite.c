/* test_json_nonfinite.c — the NaN/Infinity pass rewrites exactly the bare tokens outside strings,
 * keeps every length and byte offset, and gives the same result however the input is cut into
 * chunks (each cut position in turn, with the held-back tail passed again). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "json_nonfinite.h"

static const char input[] = "{\"a\": NaN, \"b\": [Infinity, -Infinity, 1.5],\n"
                            " \"s\": \"NaN Infinity \\\" NaN\", \"t\": \"back\\\\\", \"u\": NaN,\n"
                            " \"v\": \"line\\nNaN\", \"w\": -Infinity}\n";
static const char expected[] = "{\"a\": 0E0, \"b\": [1E999999, -1E999999, 1.5],\n"
                               " \"s\": \"NaN Infinity \\\" NaN\", \"t\": \"back\\\\\", \"u\": 0E0,\n"
                               " \"v\": \"line\\nNaN\", \"w\": -1E999999}\n";

/* Runs the pass over text cut at `cut` (and then in one piece), the way the reader feeds it. */
static void rewrite_in_two(char *text, size_t len, size_t cut)
{
    struct hb_json_lexstate st = {0};
    size_t done = hb_json_rewrite_nonfinite(&st, text, cut, false);
    assert_true(done <= cut && cut - done < 8);
    size_t rest = hb_json_rewrite_nonfinite(&st, text + done, len - done, true);
    assert_int_equal(rest, len - done);
}

static void rewrites_tokens_outside_strings(void **state)
{
    (void)state;
    size_t len = strlen(input);
    assert_int_equal(len, strlen(expected));
    for (size_t cut = 0; cut <= len; cut++) {
        char *text = strdup(input);
        rewrite_in_two(text, len, cut);
        if (strcmp(text, expected) != 0)
            fail_msg("cut at %zu:\n%s", cut, text);
        free(text);
    }
}

/* A word that only starts like NaN is left for the JSON parser to reject. */
static void leaves_other_words(void **state)
{
    (void)state;
    char text[] = "[Nope, Inf, NaNa]";
    struct hb_json_lexstate st = {0};
    hb_json_rewrite_nonfinite(&st, text, strlen(text), true);
    assert_string_equal(text, "[Nope, Inf, 0E0a]");
}

/* A long single-line document with a NaN far from any line break. */
static void minified_input(void **state)
{
    (void)state;
    size_t n = 100000;
    char *text = malloc(n + 32);
    size_t len = 0;
    len += (size_t)sprintf(text + len, "[\"x\"");
    while (len < n)
        len += (size_t)sprintf(text + len, ",\"NaN\\\"\"");
    len += (size_t)sprintf(text + len, ",NaN]");
    for (size_t cut = len - 12; cut <= len; cut++) {
        char *copy = strdup(text);
        rewrite_in_two(copy, len, cut);
        assert_string_equal(copy + len - 5, ",0E0]");
        assert_memory_equal(copy, text, len - 5);
        free(copy);
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rewrites_tokens_outside_strings),
        cmocka_unit_test(leaves_other_words),
        cmocka_unit_test(minified_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

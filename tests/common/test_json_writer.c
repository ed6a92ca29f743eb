/*
 * test_json_writer.c — the JSON writer's layout written out in full, its escaping of control
 * characters, NUL and UTF-8 (checked byte for byte and read back by yajl's parser, which shares
 * no code with the generator), and its refusal of calls out of place.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <yajl/yajl_tree.h>

#include "hb_json_writer.h"

static void check_text(struct hb_json_writer *w, const char *expected, size_t expected_len)
{
    size_t len = 0;
    const char *got = hb_json_writer_text(w, &len);
    if (got == NULL)
        fail_msg("the document was refused; expected:\n%s", expected);
    if (len != expected_len || memcmp(got, expected, len) != 0)
        fail_msg("document (%zu bytes):\n%.*s\nexpected (%zu bytes):\n%s", len, (int)len, got, expected_len, expected);
    hb_json_writer_free(w);
}

#define CHECK_TEXT(w, literal) check_text((w), (literal), sizeof(literal) - 1)

/* A row as hbstat writes it: a map holding a map and an array. */
static void write_row(struct hb_json_writer *w, const char *name)
{
    hb_json_map_open(w);
    hb_json_key(w, "config");
    hb_json_map_open(w);
    hb_json_key(w, "goos");
    hb_json_string(w, "linux");
    hb_json_map_close(w);
    hb_json_key(w, "name");
    hb_json_string(w, name);
    hb_json_key(w, "n");
    hb_json_uint64(w, 10);
    hb_json_key(w, "delta");
    hb_json_number_text(w, "-1.5e-07");
    hb_json_key(w, "significant");
    hb_json_bool(w, false);
    hb_json_key(w, "better");
    hb_json_null(w);
    hb_json_key(w, "warnings");
    hb_json_array_open(w);
    hb_json_string(w, "p");
    hb_json_int64(w, -3);
    hb_json_array_close(w);
    hb_json_map_close(w);
}

/* The one layout: every member and element on its own line, two spaces per level. */
static void test_layout(void **state)
{
    (void)state;
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_array_open(w);
    write_row(w, "a/b");
    write_row(w, "c");
    hb_json_array_close(w);
    CHECK_TEXT(w, "[\n"
                  "  {\n"
                  "    \"config\": {\n"
                  "      \"goos\": \"linux\"\n"
                  "    },\n"
                  "    \"name\": \"a/b\",\n"
                  "    \"n\": 10,\n"
                  "    \"delta\": -1.5e-07,\n"
                  "    \"significant\": false,\n"
                  "    \"better\": null,\n"
                  "    \"warnings\": [\n"
                  "      \"p\",\n"
                  "      -3\n"
                  "    ]\n"
                  "  },\n"
                  "  {\n"
                  "    \"config\": {\n"
                  "      \"goos\": \"linux\"\n"
                  "    },\n"
                  "    \"name\": \"c\",\n"
                  "    \"n\": 10,\n"
                  "    \"delta\": -1.5e-07,\n"
                  "    \"significant\": false,\n"
                  "    \"better\": null,\n"
                  "    \"warnings\": [\n"
                  "      \"p\",\n"
                  "      -3\n"
                  "    ]\n"
                  "  }\n"
                  "]\n");

    w = hb_json_writer_new();
    hb_json_map_open(w);
    hb_json_key(w, "schema");
    hb_json_uint64(w, UINT64_MAX);
    hb_json_key(w, "sizes");
    hb_json_array_open(w);
    hb_json_int64(w, 4);
    hb_json_number_text(w, "0.25");
    hb_json_array_close(w);
    hb_json_key(w, "verdict");
    hb_json_map_open(w);
    hb_json_key(w, "ok");
    hb_json_bool(w, true);
    hb_json_key(w, "why");
    hb_json_null(w);
    hb_json_map_close(w);
    hb_json_map_close(w);
    CHECK_TEXT(w, "{\n"
                  "  \"schema\": 18446744073709551615,\n"
                  "  \"sizes\": [\n"
                  "    4,\n"
                  "    0.25\n"
                  "  ],\n"
                  "  \"verdict\": {\n"
                  "    \"ok\": true,\n"
                  "    \"why\": null\n"
                  "  }\n"
                  "}\n");

    /* An empty container as yajl_gen lays it out: its brackets on lines of their own, a blank line
     * between (JSON all the same). */
    w = hb_json_writer_new();
    hb_json_array_open(w);
    hb_json_array_close(w);
    CHECK_TEXT(w, "[\n\n]\n");
}

/* Every byte below 0x20, the two that must be escaped, '/' and DEL. */
static void test_escaping(void **state)
{
    (void)state;
    char raw[40];
    size_t n = 0;
    for (int c = 0; c < 0x20; c++)
        raw[n++] = (char)c;
    raw[n++] = '"';
    raw[n++] = '\\';
    raw[n++] = '/';
    raw[n++] = 0x7f;
    static const char expected[] = "\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007"
                                   "\\b\\t\\n\\u000B\\f\\r\\u000E\\u000F"
                                   "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017"
                                   "\\u0018\\u0019\\u001A\\u001B\\u001C\\u001D\\u001E\\u001F"
                                   "\\\"\\\\/\x7f\"\n";
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_string_n(w, raw, n);
    CHECK_TEXT(w, expected);
}

/* What the parser reads back is what was written, byte for byte (C strings: no NUL here). */
static void check_round_trip(const char *s)
{
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_array_open(w);
    hb_json_string(w, s);
    hb_json_array_close(w);
    const char *text = hb_json_writer_text(w, NULL);
    assert_non_null(text);
    char err[128];
    yajl_val doc = yajl_tree_parse(text, err, sizeof err);
    if (doc == NULL)
        fail_msg("yajl cannot read back %s: %s", text, err);
    assert_true(YAJL_IS_ARRAY(doc) && doc->u.array.len == 1 && YAJL_IS_STRING(doc->u.array.values[0]));
    const char *back = YAJL_GET_STRING(doc->u.array.values[0]);
    assert_non_null(back);
    if (strcmp(back, s) != 0)
        fail_msg("read back '%s' from %s, wrote '%s'", back, text, s);
    yajl_tree_free(doc);
    hb_json_writer_free(w);
}

static void test_round_trip(void **state)
{
    (void)state;
    check_round_trip("");
    check_round_trip("plain/name:value");
    check_round_trip("tab\there, newline\nthere, \x01\x1f bell\a");
    check_round_trip("quote \" backslash \\ slash /");
    check_round_trip("UTF-8 stays as it is: é ± € 😀 µs");
}

static void test_unicode_is_written_raw(void **state)
{
    (void)state;
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_string(w, "± 😀");
    CHECK_TEXT(w, "\"\xc2\xb1 \xf0\x9f\x98\x80\"\n");
}

static void key_in_array(struct hb_json_writer *w)
{
    hb_json_array_open(w);
    hb_json_key(w, "key in an array");
    hb_json_array_close(w);
}

static void value_without_key(struct hb_json_writer *w)
{
    hb_json_map_open(w);
    hb_json_string(w, "value");
    hb_json_map_close(w);
}

static void wrong_close(struct hb_json_writer *w)
{
    hb_json_map_open(w);
    hb_json_array_close(w);
}

static void dangling_key(struct hb_json_writer *w)
{
    hb_json_map_open(w);
    hb_json_key(w, "dangling");
    hb_json_map_close(w);
}

static void not_complete(struct hb_json_writer *w)
{
    hb_json_array_open(w);
}

static void two_documents(struct hb_json_writer *w)
{
    hb_json_array_open(w);
    hb_json_array_close(w);
    hb_json_null(w);
}

static void test_out_of_place(void **state)
{
    (void)state;
    static void (*const mistakes[])(struct hb_json_writer *) = {key_in_array, value_without_key, wrong_close,
                                                                dangling_key, not_complete,      two_documents};
    for (size_t i = 0; i < sizeof mistakes / sizeof mistakes[0]; i++) {
        struct hb_json_writer *w = hb_json_writer_new();
        mistakes[i](w);
        if (hb_json_writer_text(w, NULL) != NULL)
            fail_msg("mistake %zu accepted", i);
        hb_json_writer_free(w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout),       cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_round_trip),   cmocka_unit_test(test_unicode_is_written_raw),
        cmocka_unit_test(test_out_of_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

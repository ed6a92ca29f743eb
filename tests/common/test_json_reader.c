/*
 * test_json_reader.c — the JSON path reader against hand-written documents: every event with the
 * path it was reported at (written out in full, the same whether the bytes come at once or one by
 * one), the depth and string limits, a long key cut in the path but whole in its event, malformed
 * and truncated text, and a handler's own refusal.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hb_json_reader.h"

struct log {
    char text[4096];
    size_t len;
    struct hb_json_reader *r;
    const char *refuse_at; /* a string value the handler refuses, if any */
    size_t last_key_len, last_kept_len;
};

static const char *const event_names[] = {"null", "bool", "number", "string", "key", "{", "}", "[", "]"};

/* "/a/[1]/b": the path as the test writes it, keys by their kept bytes. */
static void add_path(struct log *l, const struct hb_json_path *p)
{
    for (int i = 0; i < p->depth; i++) {
        const struct hb_json_step *s = &p->steps[i];
        if (s->is_map)
            l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len, "/%s", s->key);
        else
            l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len, "/[%zu]", s->index);
    }
}

static int record(void *arg, const struct hb_json_path *path, enum hb_json_event event, const char *text, size_t len)
{
    struct log *l = arg;
    add_path(l, path);
    l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len, " %s", event_names[event]);
    if (text && len < 40)
        l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len, " %.*s", (int)len, text);
    l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len, "\n");
    if (event == HB_JSON_KEY) {
        l->last_key_len = len;
        l->last_kept_len = path->steps[path->depth - 1].key_len;
    }
    if (l->refuse_at && event == HB_JSON_STRING && strlen(l->refuse_at) == len && memcmp(l->refuse_at, text, len) == 0)
        return hb_json_fail(l->r, "refused %s at depth %d", l->refuse_at, path->depth);
    return 1;
}

/* Reads doc in pieces of `piece` bytes (0: at once); returns the error, or NULL. */
static char *read_doc(struct log *l, const char *doc, size_t piece, struct hb_json_limits limits, const char *where)
{
    l->len = 0;
    l->text[0] = '\0';
    l->r = hb_json_reader_new("doc.json", limits, record, l);
    size_t len = strlen(doc), step = piece ? piece : len;
    char *error = NULL;
    for (size_t at = 0; at < len && !error; at += step) {
        size_t n = len - at < step ? len - at : step;
        if (hb_json_reader_feed(l->r, doc + at, n, NULL))
            error = hb_json_reader_error(l->r, hb_json_reader_malformed(l->r) ? where : NULL);
    }
    if (!error && hb_json_reader_finish(l->r))
        error = hb_json_reader_error(l->r, hb_json_reader_malformed(l->r) ? where : NULL);
    hb_json_reader_free(l->r);
    return error;
}

static const struct hb_json_limits roomy = {16, 1024};

static void paths_are_reported(void **state)
{
    (void)state;
    const char *doc = "{\"a\": [1, {\"b\": \"x\"}, [true, null]], \"c\": {}, \"d\": -2.5e3}";
    const char *expected = " {\n"
                           "/a key a\n"
                           "/a [\n"
                           "/a/[0] number 1\n"
                           "/a/[1] {\n"
                           "/a/[1]/b key b\n"
                           "/a/[1]/b string x\n"
                           "/a/[1] }\n"
                           "/a/[2] [\n"
                           "/a/[2]/[0] bool true\n"
                           "/a/[2]/[1] null null\n"
                           "/a/[2] ]\n"
                           "/a ]\n"
                           "/c key c\n"
                           "/c {\n"
                           "/c }\n"
                           "/d key d\n"
                           "/d number -2.5e3\n"
                           " }\n";
    struct log l = {0};
    for (size_t piece = 0; piece <= 3; piece++) {
        char *error = read_doc(&l, doc, piece, roomy, NULL);
        assert_null(error);
        assert_string_equal(l.text, expected);
    }
}

static void at_matches_whole_paths(void **state)
{
    (void)state;
    struct hb_json_step steps[3] = {
        {.is_map = true, .key = "algorithms"}, {.is_map = false, .index = 4}, {.is_map = true, .key = "name"}};
    struct hb_json_path p = {3, steps};
    assert_true(hb_json_at(&p, 3, "algorithms", HB_JSON_ELEMENT, "name"));
    assert_false(hb_json_at(&p, 3, "algorithms", HB_JSON_ELEMENT, "impl"));
    assert_false(hb_json_at(&p, 2, "algorithms", HB_JSON_ELEMENT));
    assert_false(hb_json_at(&p, 3, "algorithms", "4", "name"));
    p.depth = 0;
    assert_true(hb_json_at(&p, 0));
}

static void depth_limit(void **state)
{
    (void)state;
    struct log l = {0};
    struct hb_json_limits three = {3, 1024};
    assert_null(read_doc(&l, "[[[1]]]", 0, three, NULL));
    char *error = read_doc(&l, "[[[[1]]]]", 0, three, NULL);
    assert_string_equal(error, "doc.json: JSON nested deeper than 3 levels, the deepest allowed");
    free(error);
    /* the handler never saw the fourth level */
    assert_null(strstr(l.text, "/[0]/[0]/[0] ["));
    error = read_doc(&l, "{\"a\": {\"b\": {\"c\": {}}}}", 2, three, NULL);
    assert_string_equal(error, "doc.json: JSON nested deeper than 3 levels, the deepest allowed");
    free(error);
}

static void string_limit(void **state)
{
    (void)state;
    struct log l = {0};
    struct hb_json_limits eight = {4, 8};
    assert_null(read_doc(&l, "{\"12345678\": \"abcdefgh\"}", 0, eight, NULL));
    char *error = read_doc(&l, "{\"k\": \"abcdefghi\"}", 0, eight, NULL);
    assert_string_equal(error, "doc.json: a JSON string of 9 bytes, past the longest allowed, 8 (8 bytes)");
    free(error);
    error = read_doc(&l, "{\"123456789\": 1}", 0, eight, NULL);
    assert_string_equal(error, "doc.json: a JSON string of 9 bytes, past the longest allowed, 8 (8 bytes)");
    free(error);
    error = read_doc(&l, "[\"x\"]", 0, (struct hb_json_limits){4, 0}, NULL);
    assert_string_equal(error, "doc.json: a JSON string of 1 bytes, past the longest allowed, 0 (0 bytes)");
    free(error);
}

static void long_key_cut_in_path(void **state)
{
    (void)state;
    char doc[600];
    char key[301];
    memset(key, 'k', 300);
    key[300] = '\0';
    snprintf(doc, sizeof doc, "{\"%s\": 1}", key);
    struct log l = {0};
    assert_null(read_doc(&l, doc, 7, (struct hb_json_limits){4, 1 << 20}, NULL));
    assert_int_equal(l.last_key_len, 300);
    assert_int_equal(l.last_kept_len, HB_JSON_KEY_KEPT);
}

static void malformed_text(void **state)
{
    (void)state;
    struct log l = {0};
    char *error = read_doc(&l, "{\"a\" 1}", 0, roomy, NULL);
    assert_non_null(error);
    assert_non_null(strstr(error, "doc.json: malformed JSON: parse error: "));
    assert_null(strchr(error, '\n'));
    free(error);
    error = read_doc(&l, "{\"a\": 1,, \"b\": 2}", 1, roomy, "line 1, column 9");
    assert_non_null(error);
    assert_non_null(strstr(error, "doc.json: malformed JSON at line 1, column 9: parse error: "));
    free(error);
    /* what came before the fault was reported */
    assert_non_null(strstr(l.text, "/a number 1\n"));
    error = read_doc(&l, "[1] [2]", 0, roomy, NULL);
    assert_non_null(error);
    assert_non_null(strstr(error, "doc.json: malformed JSON: "));
    free(error);
}

static void truncated_text(void **state)
{
    (void)state;
    struct log l = {0};
    char *error = read_doc(&l, "{\"a\": [1, 2", 0, roomy, NULL);
    assert_non_null(error);
    assert_non_null(strstr(error, "doc.json: truncated: the JSON text ends early ("));
    assert_int_equal(error[strlen(error) - 1], ')');
    free(error);
    error = read_doc(&l, "{\"a\": \"unterminated", 4, roomy, "line 1, column 20");
    assert_non_null(error);
    assert_non_null(strstr(error, "doc.json: truncated: the JSON text ends early, at line 1, column 20 ("));
    free(error);
    error = read_doc(&l, "", 0, roomy, NULL);
    assert_non_null(error);
    assert_non_null(strstr(error, "doc.json: truncated: "));
    free(error);
}

static void handler_refuses(void **state)
{
    (void)state;
    struct log l = {.refuse_at = "no"};
    char *error = read_doc(&l, "{\"a\": [\"yes\", \"no\", \"never seen\"]}", 0, roomy, "unused");
    assert_string_equal(error, "doc.json: refused no at depth 2");
    free(error);
    assert_null(strstr(l.text, "never seen"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paths_are_reported),   cmocka_unit_test(at_matches_whole_paths),
        cmocka_unit_test(depth_limit),          cmocka_unit_test(string_limit),
        cmocka_unit_test(long_key_cut_in_path), cmocka_unit_test(malformed_text),
        cmocka_unit_test(truncated_text),       cmocka_unit_test(handler_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

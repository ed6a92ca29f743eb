/*
 * test_tsv_file.c — the header-named TSV reader against hand-written texts: columns found by
 * name, a short line's missing cells empty, an empty line and a last line without its line end
 * kept as lines, a trailing line end adding none; the same text read from a file; a missing file
 * named with its reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hb_tsv_file.h"

static const char text[] = "name\tunit\tmedian\n"
                           "a/16\tsec/op\t1e-09\n"
                           "b/16\tB/s\n"
                           "\n"
                           "c/64\tsec/op\t2.5e-09\textra";

static void check_table(const struct hb_tsv_file *t)
{
    assert_int_equal(hb_tsv_file_rows(t), 4);
    assert_int_equal(hb_tsv_file_column(t, "name"), 0);
    assert_int_equal(hb_tsv_file_column(t, "median"), 2);
    assert_int_equal(hb_tsv_file_column(t, "p"), -1);
    assert_int_equal(hb_tsv_file_column(t, "medi"), -1);
    assert_string_equal(hb_tsv_file_cell(t, 0, 0), "a/16");
    assert_string_equal(hb_tsv_file_cell(t, 0, 2), "1e-09");
    assert_string_equal(hb_tsv_file_cell(t, 1, 1), "B/s");
    assert_string_equal(hb_tsv_file_cell(t, 1, 2), ""); /* the short line's missing cell */
    assert_int_equal(t->nfields[2], 2);
    assert_string_equal(hb_tsv_file_cell(t, 2, 0), ""); /* the empty line */
    assert_int_equal(t->nfields[3], 1);
    assert_string_equal(hb_tsv_file_cell(t, 3, 2), "2.5e-09");
    assert_string_equal(hb_tsv_file_cell(t, 3, 3), "extra"); /* a cell past the header's columns */
    assert_string_equal(hb_tsv_file_cell(t, 3, -1), "");
    assert_string_equal(hb_tsv_file_cell(t, 4, 0), ""); /* past the last line */
}

static void parse_text(void **state)
{
    (void)state;
    struct hb_tsv_file t;
    hb_tsv_file_parse(text, &t);
    check_table(&t);
    hb_tsv_file_free(&t);
}

static void trailing_line_end_adds_no_line(void **state)
{
    (void)state;
    struct hb_tsv_file t;
    hb_tsv_file_parse("x\ty\n1\t2\n", &t);
    assert_int_equal(hb_tsv_file_rows(&t), 1);
    assert_string_equal(hb_tsv_file_cell(&t, 0, 1), "2");
    hb_tsv_file_free(&t);
    hb_tsv_file_parse("", &t);
    assert_int_equal(hb_tsv_file_rows(&t), 0);
    assert_int_equal(hb_tsv_file_column(&t, "x"), -1);
    hb_tsv_file_free(&t);
}

static void read_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tsv_file.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    struct hb_tsv_file t;
    char *error = NULL;
    assert_int_equal(hb_tsv_file_read(path, &t, &error), 0);
    check_table(&t);
    hb_tsv_file_free(&t);
    unlink(path);
    assert_int_equal(hb_tsv_file_read(path, &t, &error), -1);
    assert_non_null(strstr(error, path));
    assert_non_null(strstr(error, "No such file or directory"));
    free(error);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_text),
        cmocka_unit_test(trailing_line_end_adds_no_line),
        cmocka_unit_test(read_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_text_table.c — the text table's layouts against outputs counted by hand: hbspread's simple
 * table (two-space margins, right-aligned figures, a trailing note that widens nothing, no
 * trailing spaces), benchstat's spanning and centred cells with and without a shrink column,
 * widths in code points, blank cells, and the empty table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hb_text_table.h"

static void check_layout(struct hb_text_table *t, const char *expected)
{
    size_t len = 99;
    char *got = hb_text_table_format(t, &len);
    if (strcmp(got, expected) != 0)
        fail_msg("layout:\n%s\nexpected:\n%s", got, expected);
    assert_int_equal(len, strlen(expected));
    free(got);
    hb_text_table_free(t);
}

static void test_spread_layout(void **state)
{
    (void)state;
    struct hb_text_table t = {0};
    static const char *const header[] = {"name/impl", "min", "max"};
    for (size_t c = 0; c < 3; c++)
        hb_text_table_cell(&t, header[c], c == 0 ? HB_ALIGN_LEFT : HB_ALIGN_RIGHT, "  ");
    hb_text_table_row(&t);
    hb_text_table_cell(&t, "xxh3-64/inline", HB_ALIGN_LEFT, "  ");
    hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%d", 30);
    hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%d", 100);
    hb_text_table_row(&t);
    hb_text_table_cell(&t, "crc32/sse42", HB_ALIGN_LEFT, "  ");
    hb_text_table_trailing(&t, "skipped: this CPU has no SSE4.2, a note far wider than the table", "  ");
    check_layout(&t, "  name/impl       min  max\n"
                     "  xxh3-64/inline   30  100\n"
                     "  crc32/sse42     skipped: this CPU has no SSE4.2, a note far wider than the table\n");
}

static void test_no_trailing_spaces(void **state)
{
    (void)state;
    struct hb_text_table t = {0};
    hb_text_table_cell(&t, "a", HB_ALIGN_LEFT, "  ");
    hb_text_table_cell(&t, "x", HB_ALIGN_LEFT, "  ");
    hb_text_table_row(&t);
    hb_text_table_cell(&t, "bbbb", HB_ALIGN_LEFT, "  ");
    hb_text_table_cell(&t, "yyy", HB_ALIGN_LEFT, "  ");
    hb_text_table_row(&t);
    hb_text_table_cell(&t, "cc", HB_ALIGN_LEFT, "  ");
    check_layout(&t, "  a     x\n"
                     "  bbbb  yyy\n"
                     "  cc\n");
}

/* Row 1's title spans columns 1 and 2 and needs 11: both grow, widest first, to 6 and 5. */
static void fill_spanning(struct hb_text_table *t)
{
    hb_text_table_cell(t, "name", HB_ALIGN_LEFT, NULL);
    hb_text_table_cell(t, "a", HB_ALIGN_RIGHT, NULL);
    hb_text_table_cell(t, "b", HB_ALIGN_RIGHT, NULL);
    hb_text_table_row(t);
    hb_text_table_cell(t, "x", HB_ALIGN_LEFT, NULL);
    hb_text_table_span(t, 2, "wide title", HB_ALIGN_CENTER, NULL);
}

static void test_spanning_cells(void **state)
{
    (void)state;
    struct hb_text_table t = {0};
    fill_spanning(&t);
    check_layout(&t, "name     a    b\n"
                     "x    wide title\n");
}

static void test_shrink_column(void **state)
{
    (void)state;
    struct hb_text_table t = {0};
    fill_spanning(&t);
    hb_text_table_set_shrink(&t, 2); /* column 2 keeps its width 2: column 1 takes all 9 */
    check_layout(&t, "name        a b\n"
                     "x    wide title\n");
}

static void test_width_in_code_points(void **state)
{
    (void)state;
    assert_int_equal(hb_text_width("±€😀"), 3);
    struct hb_text_table t = {0};
    hb_text_table_cell(&t, "ab", HB_ALIGN_RIGHT, NULL);
    hb_text_table_row(&t);
    hb_text_table_cell(&t, "é", HB_ALIGN_RIGHT, NULL);
    check_layout(&t, "ab\n"
                     " é\n");
}

static void test_blank_cells_and_empty_table(void **state)
{
    (void)state;
    struct hb_text_table t = {0};
    hb_text_table_cell(&t, "a", HB_ALIGN_LEFT, NULL);
    hb_text_table_cell(&t, "", HB_ALIGN_RIGHT, NULL);
    hb_text_table_cell(&t, " ", HB_ALIGN_LEFT, " ");
    check_layout(&t, "a\n");
    check_layout(&t, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spread_layout),        cmocka_unit_test(test_no_trailing_spaces),
        cmocka_unit_test(test_spanning_cells),       cmocka_unit_test(test_shrink_column),
        cmocka_unit_test(test_width_in_code_points), cmocka_unit_test(test_blank_cells_and_empty_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * hb_text_table.h — the one text-table engine: cells are collected row by row, then laid out with
 * every column as wide as its widest cell, so that no figure is cut or misaligned. The layout is
 * benchstat's, step for step (hbstat's text output must match it byte for byte): each cell has a
 * left margin and an alignment and may span several columns; column widths come from single cells
 * first, then spanning cells widen the columns under them (widest first), except the columns
 * marked shrink. Widths count code points of UTF-8 text. A cell whose value and margin are both
 * blank prints nothing, and no line ends in the padding of a left-aligned cell.
 *
 * A zero-initialised struct hb_text_table is an empty table. hbspread's tables are the simple
 * case: every cell with margin "  ", left or right aligned, and a row's explanation (why an
 * algorithm was skipped) as a trailing cell that takes no column width.
 */
#ifndef HB_TEXT_TABLE_H
#define HB_TEXT_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum hb_align { HB_ALIGN_LEFT, HB_ALIGN_CENTER, HB_ALIGN_RIGHT };

struct hb_text_table_cell {
    size_t row, col, span, seq; /* span 0: a trailing cell, outside the columns */
    char *value, *margin;
    enum hb_align align;
};

struct hb_text_table {
    struct hb_text_table_cell *cells;
    size_t ncells, cap, ncols;
    bool *shrink;
    size_t nshrink;
    size_t cur_row, cur_col;
};

/* Starts a new row (the first call starts row 0; cells added before any call go to row 0). */
void hb_text_table_row(struct hb_text_table *t);
/* Moves to column col of the current row (never backwards). */
void hb_text_table_col(struct hb_text_table *t, size_t col);
size_t hb_text_table_cur_col(const struct hb_text_table *t);
/* Adds a cell spanning span (>= 1) columns at the current column and moves past it; value and
 * margin are copied. margin NULL means the default: one space, none in column 0 or for an empty
 * value. */
void hb_text_table_span(struct hb_text_table *t, size_t span, const char *value, enum hb_align align,
                        const char *margin);
void hb_text_table_cell(struct hb_text_table *t, const char *value, enum hb_align align, const char *margin);
/* hb_text_table_cell with a printf-formatted value. */
void hb_text_table_cellf(struct hb_text_table *t, enum hb_align align, const char *margin, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Adds text after the current row's cells, at the current column: it is printed after its margin
 * but never widens a column (a note that would otherwise stretch the whole table). */
void hb_text_table_trailing(struct hb_text_table *t, const char *value, const char *margin);
/* Marks column col as a shrink column: spanning cells never widen it. */
void hb_text_table_set_shrink(struct hb_text_table *t, size_t col);
/* Lays the table out: a new heap string (free it), every line ending in '\n', "" for no cells;
 * *len (when not NULL) receives its length. Reorders the cells but keeps the table. */
char *hb_text_table_format(struct hb_text_table *t, size_t *len);
/* Frees the cells and leaves an empty table. */
void hb_text_table_free(struct hb_text_table *t);

/* The number of code points in the UTF-8 string s: its width in a table. */
size_t hb_text_width(const char *s);

#ifdef __cplusplus
}
#endif

#endif /* HB_TEXT_TABLE_H */

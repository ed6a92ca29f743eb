/* texttab.h — hbstat's text tables are laid out by the engine every tool shares (hb_text_table.h),
 * which is benchstat's layout step for step: cells with a left margin and an alignment, column
 * widths from single cells first, then spans grown over their non-shrink columns, widths in code
 * points. These are the names the text format calls; hb_texttab_format appends to an hb_strbuf. */
#ifndef HB_TEXTTAB_H
#define HB_TEXTTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "hb_text_table.h"
#include "strbuf.h"

struct hb_texttab {
    struct hb_text_table table;
};

/* Starts a new row (the first call starts row 0). */
static inline void hb_texttab_row(struct hb_texttab *t)
{
    hb_text_table_row(&t->table);
}

/* Moves to column col of the current row (never backwards). */
static inline void hb_texttab_col(struct hb_texttab *t, size_t col)
{
    hb_text_table_col(&t->table, col);
}

static inline size_t hb_texttab_cur_col(const struct hb_texttab *t)
{
    return hb_text_table_cur_col(&t->table);
}

/* Adds a cell spanning span columns at the current column and moves past it. margin NULL means the
 * default: one space, none in column 0 or for an empty value. */
static inline void hb_texttab_span(struct hb_texttab *t, size_t span, const char *value, enum hb_align align,
                                   const char *margin)
{
    hb_text_table_span(&t->table, span, value, align, margin);
}

static inline void hb_texttab_cell(struct hb_texttab *t, const char *value, enum hb_align align, const char *margin)
{
    hb_text_table_cell(&t->table, value, align, margin);
}

/* Marks column col as a shrink column: spanning cells never widen it. */
static inline void hb_texttab_set_shrink(struct hb_texttab *t, size_t col)
{
    hb_text_table_set_shrink(&t->table, col);
}

/* Lays the table out and appends it to out (every line ends with '\n'). */
static inline void hb_texttab_format(struct hb_texttab *t, struct hb_strbuf *out)
{
    size_t len;
    char *text = hb_text_table_format(&t->table, &len);
    hb_strbuf_append(out, text, len);
    free(text);
}

static inline void hb_texttab_free(struct hb_texttab *t)
{
    hb_text_table_free(&t->table);
}

#endif

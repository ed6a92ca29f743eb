/* texttab.h — fixed-width table layout with spanning cells, as benchstat lays out its text tables:
 * cells with a left margin and an alignment, column widths from
 * single cells first, then spans grown over their non-shrink columns. Widths count code points. */
#ifndef HB_TEXTTAB_H
#define HB_TEXTTAB_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

enum hb_align { HB_ALIGN_LEFT, HB_ALIGN_CENTER, HB_ALIGN_RIGHT };

struct hb_texttab_cell {
	size_t row, col, span, seq;
	char *value, *margin;
	enum hb_align align;
};

struct hb_texttab {
	struct hb_texttab_cell *cells;
	size_t ncells, cap, ncols;
	bool *shrink;
	size_t nshrink;
	size_t cur_row, cur_col;
};

/* Starts a new row (the first call starts row 0). */
void hb_texttab_row(struct hb_texttab *t);
/* Moves to column col of the current row (never backwards). */
void hb_texttab_col(struct hb_texttab *t, size_t col);
size_t hb_texttab_cur_col(const struct hb_texttab *t);
/* Adds a cell spanning span columns at the current column and moves past it. margin NULL means the
 * default: one space, none in column 0 or for an empty value. */
void hb_texttab_span(struct hb_texttab *t, size_t span, const char *value, enum hb_align align,
		     const char *margin);
void hb_texttab_cell(struct hb_texttab *t, const char *value, enum hb_align align, const char *margin);
/* Marks column col as a shrink column: spanning cells never widen it. */
void hb_texttab_set_shrink(struct hb_texttab *t, size_t col);
/* Lays the table out and appends it to out (every line ends with '\n'). */
void hb_texttab_format(struct hb_texttab *t, struct hb_strbuf *out);
void hb_texttab_free(struct hb_texttab *t);

/* The number of code points in the UTF-8 string s. */
size_t hb_runes(const char *s);

#endif

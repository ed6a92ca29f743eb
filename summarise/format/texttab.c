/* texttab.c — the layout of benchstat's text tables, step for step, including its arithmetic when
 * a cell is wider than its columns (a negative pad prints as that many spaces, as Go's %*s does). */
#include "texttab.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

size_t hb_runes(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

void hb_texttab_row(struct hb_texttab *t)
{
	if (t->ncells)
		t->cur_row++;
	t->cur_col = 0;
}

void hb_texttab_col(struct hb_texttab *t, size_t col)
{
	t->cur_col = col;
}

size_t hb_texttab_cur_col(const struct hb_texttab *t)
{
	return t->cur_col;
}

void hb_texttab_span(struct hb_texttab *t, size_t span, const char *value, enum hb_align align,
		     const char *margin)
{
	if (!margin)
		margin = t->cur_col == 0 || !*value ? "" : " ";
	hb_grow((void **)&t->cells, &t->cap, t->ncells + 1, sizeof *t->cells);
	t->cells[t->ncells] = (struct hb_texttab_cell){t->cur_row, t->cur_col, span, t->ncells,
						       hb_xstrdup(value), hb_xstrdup(margin), align};
	t->ncells++;
	t->cur_col += span;
	if (t->cur_col > t->ncols)
		t->ncols = t->cur_col;
}

void hb_texttab_cell(struct hb_texttab *t, const char *value, enum hb_align align, const char *margin)
{
	hb_texttab_span(t, 1, value, align, margin);
}

void hb_texttab_set_shrink(struct hb_texttab *t, size_t col)
{
	if (col >= t->nshrink) {
		t->shrink = hb_xreallocarray(t->shrink, col + 1, sizeof *t->shrink);
		memset(t->shrink + t->nshrink, 0, (col + 1 - t->nshrink) * sizeof *t->shrink);
		t->nshrink = col + 1;
	}
	t->shrink[col] = true;
}

static bool is_shrink(const struct hb_texttab *t, size_t col)
{
	return col < t->nshrink && t->shrink[col];
}

static int by_span(const void *a, const void *b)
{
	const struct hb_texttab_cell *x = a, *y = b;
	if (x->span != y->span)
		return x->span < y->span ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static int by_position(const void *a, const void *b)
{
	const struct hb_texttab_cell *x = a, *y = b;
	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static bool blank(const char *s)
{
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			return false;
	return true;
}

/* Grows the non-shrink columns under a spanning cell that needs width w, widest first. */
static void widen_span(const struct hb_texttab *t, long *ws, const struct hb_texttab_cell *c, long w)
{
	size_t *cols = hb_xmalloc(c->span * sizeof *cols);
	size_t n = 0;
	for (size_t col = c->col; col < c->col + c->span; col++) {
		if (is_shrink(t, col))
			w -= ws[col];
		else
			cols[n++] = col;
	}
	/* Stable insertion sort, widest first. */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && ws[cols[j]] > ws[cols[j - 1]]; j--) {
			size_t tmp = cols[j];
			cols[j] = cols[j - 1];
			cols[j - 1] = tmp;
		}
	long span = (long)n;
	for (size_t i = 0; i < n; i++) {
		long avg = (w + span - 1) / span;
		if (avg > ws[cols[i]])
			ws[cols[i]] = avg;
		w -= ws[cols[i]];
		span--;
	}
	free(cols);
}

void hb_texttab_format(struct hb_texttab *t, struct hb_strbuf *out)
{
	long *lmargin = hb_xcalloc(t->ncols + 1, sizeof *lmargin);
	long *ws = hb_xcalloc(t->ncols + 1, sizeof *ws);
	long *offs = hb_xcalloc(t->ncols + 2, sizeof *offs);
	for (size_t i = 0; i < t->ncells; i++) {
		long m = (long)hb_runes(t->cells[i].margin);
		if (m > lmargin[t->cells[i].col])
			lmargin[t->cells[i].col] = m;
	}
	qsort(t->cells, t->ncells, sizeof *t->cells, by_span);
	for (size_t i = 0; i < t->ncells; i++) {
		const struct hb_texttab_cell *c = &t->cells[i];
		long w = (long)hb_runes(c->value) + lmargin[c->col];
		if (c->span == 1) {
			if (w > ws[c->col])
				ws[c->col] = w;
			continue;
		}
		long total = 0;
		for (size_t col = c->col; col < c->col + c->span; col++)
			total += ws[col];
		if (total < w)
			widen_span(t, ws, c, w);
	}
	for (size_t i = 0; i < t->ncols; i++)
		offs[i + 1] = offs[i] + ws[i];

	qsort(t->cells, t->ncells, sizeof *t->cells, by_position);
	size_t row = 0;
	long off = 0;
	for (size_t i = 0; i < t->ncells; i++) {
		const struct hb_texttab_cell *c = &t->cells[i];
		if (blank(c->value) && blank(c->margin))
			continue;
		for (; c->row > row; row++, off = 0)
			hb_strbuf_puts(out, "\n");
		long spaces = offs[c->col] - off;
		hb_strbuf_spaces(out, labs(spaces));
		long margin_runes = (long)hb_runes(c->margin);
		hb_strbuf_spaces(out, lmargin[c->col] - margin_runes);
		hb_strbuf_puts(out, c->margin);
		off += spaces + lmargin[c->col];

		long width = offs[c->col + c->span] - offs[c->col] - lmargin[c->col];
		long len = (long)hb_runes(c->value), printed = len;
		if (c->align == HB_ALIGN_RIGHT) {
			if (width >= 0) {
				hb_strbuf_spaces(out, width - len);
				hb_strbuf_puts(out, c->value);
			} else {
				hb_strbuf_puts(out, c->value);
				hb_strbuf_spaces(out, -width - len);
			}
			printed = labs(width) > len ? labs(width) : len;
		} else if (c->align == HB_ALIGN_CENTER) {
			long pad = (width - len) / 2;
			hb_strbuf_spaces(out, labs(pad));
			hb_strbuf_puts(out, c->value);
			printed = len + labs(pad);
		} else {
			hb_strbuf_puts(out, c->value);
		}
		off += printed;
	}
	if (t->ncells)
		hb_strbuf_puts(out, "\n");
	free(lmargin);
	free(ws);
	free(offs);
}

void hb_texttab_free(struct hb_texttab *t)
{
	for (size_t i = 0; i < t->ncells; i++) {
		free(t->cells[i].value);
		free(t->cells[i].margin);
	}
	free(t->cells);
	free(t->shrink);
	*t = (struct hb_texttab){0};
}

/*
 * hb_text_table.c — the layout of hb_text_table.h, including benchstat's arithmetic when a cell is
 * wider than its columns (a negative pad prints as that many spaces, as Go's %*s does).
 */
#include "hb_text_table.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

size_t hb_text_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

void hb_text_table_row(struct hb_text_table *t)
{
    if (t->ncells)
        t->cur_row++;
    t->cur_col = 0;
}

void hb_text_table_col(struct hb_text_table *t, size_t col)
{
    t->cur_col = col;
}

size_t hb_text_table_cur_col(const struct hb_text_table *t)
{
    return t->cur_col;
}

static void add_cell(struct hb_text_table *t, size_t span, const char *value, enum hb_align align, const char *margin)
{
    hb_grow((void **)&t->cells, &t->cap, t->ncells + 1, sizeof *t->cells);
    t->cells[t->ncells] = (struct hb_text_table_cell){t->cur_row,        t->cur_col,         span, t->ncells,
                                                      hb_xstrdup(value), hb_xstrdup(margin), align};
    t->ncells++;
    t->cur_col += span;
    if (t->cur_col > t->ncols)
        t->ncols = t->cur_col;
}

void hb_text_table_span(struct hb_text_table *t, size_t span, const char *value, enum hb_align align,
                        const char *margin)
{
    if (margin == NULL)
        margin = t->cur_col == 0 || *value == '\0' ? "" : " ";
    add_cell(t, span, value, align, margin);
}

void hb_text_table_cell(struct hb_text_table *t, const char *value, enum hb_align align, const char *margin)
{
    hb_text_table_span(t, 1, value, align, margin);
}

void hb_text_table_cellf(struct hb_text_table *t, enum hb_align align, const char *margin, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *value = hb_xvasprintf(fmt, ap);
    va_end(ap);
    hb_text_table_cell(t, value, align, margin);
    free(value);
}

void hb_text_table_trailing(struct hb_text_table *t, const char *value, const char *margin)
{
    add_cell(t, 0, value, HB_ALIGN_LEFT, margin ? margin : "");
}

void hb_text_table_set_shrink(struct hb_text_table *t, size_t col)
{
    if (col >= t->nshrink) {
        t->shrink = hb_xreallocarray(t->shrink, col + 1, sizeof *t->shrink);
        memset(t->shrink + t->nshrink, 0, (col + 1 - t->nshrink) * sizeof *t->shrink);
        t->nshrink = col + 1;
    }
    t->shrink[col] = true;
}

static bool is_shrink(const struct hb_text_table *t, size_t col)
{
    return col < t->nshrink && t->shrink[col];
}

static int by_span(const void *a, const void *b)
{
    const struct hb_text_table_cell *x = a, *y = b;
    if (x->span != y->span)
        return x->span < y->span ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

static int by_position(const void *a, const void *b)
{
    const struct hb_text_table_cell *x = a, *y = b;
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
static void widen_span(const struct hb_text_table *t, long *ws, const struct hb_text_table_cell *c, long w)
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

struct text {
    char *bytes;
    size_t len, cap;
};

static void put(struct text *out, const char *s, size_t n)
{
    hb_grow((void **)&out->bytes, &out->cap, out->len + n + 1, 1);
    memcpy(out->bytes + out->len, s, n);
    out->len += n;
    out->bytes[out->len] = '\0';
}

static void puts_text(struct text *out, const char *s)
{
    put(out, s, strlen(s));
}

static void spaces(struct text *out, long n)
{
    for (; n > 0; n--)
        put(out, " ", 1);
}

char *hb_text_table_format(struct hb_text_table *t, size_t *len)
{
    struct text out = {0};
    put(&out, "", 0);
    if (t->ncells == 0) { /* nothing to lay out (and qsort may not be given a NULL table) */
        if (len != NULL)
            *len = 0;
        return out.bytes;
    }
    long *lmargin = hb_xcalloc(t->ncols + 1, sizeof *lmargin);
    long *ws = hb_xcalloc(t->ncols + 1, sizeof *ws);
    long *offs = hb_xcalloc(t->ncols + 2, sizeof *offs);
    for (size_t i = 0; i < t->ncells; i++) {
        long m = (long)hb_text_width(t->cells[i].margin);
        if (t->cells[i].span > 0 && m > lmargin[t->cells[i].col])
            lmargin[t->cells[i].col] = m;
    }
    qsort(t->cells, t->ncells, sizeof *t->cells, by_span);
    for (size_t i = 0; i < t->ncells; i++) {
        const struct hb_text_table_cell *c = &t->cells[i];
        long w = (long)hb_text_width(c->value) + lmargin[c->col];
        if (c->span == 0)
            continue;
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
        const struct hb_text_table_cell *c = &t->cells[i];
        if (blank(c->value) && blank(c->margin))
            continue;
        for (; c->row > row; row++, off = 0)
            puts_text(&out, "\n");
        long pad = offs[c->col] - off;
        spaces(&out, labs(pad));
        long margin_width = (long)hb_text_width(c->margin);
        spaces(&out, lmargin[c->col] - margin_width);
        puts_text(&out, c->margin);
        off += pad + lmargin[c->col];

        long width = c->span == 0 ? 0 : offs[c->col + c->span] - offs[c->col] - lmargin[c->col];
        long n = (long)hb_text_width(c->value), printed = n;
        if (c->align == HB_ALIGN_RIGHT) {
            if (width >= 0) {
                spaces(&out, width - n);
                puts_text(&out, c->value);
            } else {
                puts_text(&out, c->value);
                spaces(&out, -width - n);
            }
            printed = labs(width) > n ? labs(width) : n;
        } else if (c->align == HB_ALIGN_CENTER) {
            long half = (width - n) / 2;
            spaces(&out, labs(half));
            puts_text(&out, c->value);
            printed = n + labs(half);
        } else {
            puts_text(&out, c->value);
        }
        off += printed;
    }
    puts_text(&out, "\n");
    free(lmargin);
    free(ws);
    free(offs);
    if (len != NULL)
        *len = out.len;
    return out.bytes;
}

void hb_text_table_free(struct hb_text_table *t)
{
    for (size_t i = 0; i < t->ncells; i++) {
        free(t->cells[i].value);
        free(t->cells[i].margin);
    }
    free(t->cells);
    free(t->shrink);
    *t = (struct hb_text_table){0};
}

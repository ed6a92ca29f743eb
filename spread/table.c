/*
 * table.c — the text table of table.h: collect, measure, print.
 */
#include "table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spread.h"

void hb_table_init(struct hb_table *t, const char *align)
{
    memset(t, 0, sizeof *t);
    t->cols = strlen(align);
    t->align = align;
}

static void ensure_row(struct hb_table *t)
{
    if (t->col != 0)
        return;
    if (t->rows == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->cells = hb_xrealloc(t->cells, t->cap * t->cols * sizeof *t->cells);
        t->tail = hb_xrealloc(t->tail, t->cap * sizeof *t->tail);
    }
    memset(t->cells + t->rows * t->cols, 0, t->cols * sizeof *t->cells);
    t->tail[t->rows] = NULL;
    t->rows++;
}

void hb_table_cell(struct hb_table *t, const char *fmt, ...)
{
    ensure_row(t);
    if (t->col >= t->cols)
        return; /* more cells than columns: a caller's mistake, dropped rather than overrun */
    va_list ap;
    va_start(ap, fmt);
    t->cells[(t->rows - 1) * t->cols + t->col++] = hb_xvasprintf(fmt, ap);
    va_end(ap);
}

void hb_table_end_row(struct hb_table *t, const char *tail)
{
    ensure_row(t);
    t->tail[t->rows - 1] = tail ? hb_xstrdup(tail) : NULL;
    t->col = 0;
}

void hb_table_print(FILE *to, const struct hb_table *t)
{
    size_t *width = hb_xcalloc(t->cols, sizeof *width);
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c < t->cols; c++) {
            const char *s = t->cells[r * t->cols + c];
            if (s != NULL && strlen(s) > width[c])
                width[c] = strlen(s);
        }
    for (size_t r = 0; r < t->rows; r++) {
        char *const *row = t->cells + r * t->cols;
        size_t last = t->cols;
        while (last > 0 && row[last - 1] == NULL)
            last--;
        fputs("  ", to);
        for (size_t c = 0; c < last; c++) {
            const char *s = row[c] ? row[c] : "";
            int pad = (int)width[c];
            bool final = c + 1 == last && t->tail[r] == NULL;
            if (t->align[c] == 'r')
                fprintf(to, "%*s", pad, s);
            else
                fprintf(to, "%-*s", final ? 0 : pad, s);
            if (!final)
                fputs("  ", to);
        }
        if (t->tail[r] != NULL)
            fputs(t->tail[r], to);
        fputc('\n', to);
    }
    free(width);
}

void hb_table_free(struct hb_table *t)
{
    for (size_t i = 0; i < t->rows * t->cols; i++)
        free(t->cells[i]);
    for (size_t r = 0; r < t->rows; r++)
        free(t->tail[r]);
    free(t->cells);
    free(t->tail);
    memset(t, 0, sizeof *t);
}

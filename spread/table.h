/*
 * table.h — plain text tables for report_text.c: cells are collected row by row, then printed
 * with each column as wide as its widest cell, so no figure is ever cut or misaligned.
 */
#ifndef HB_TABLE_H
#define HB_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct hb_table {
    size_t cols;
    const char *align; /* one letter per column: 'l' left, 'r' right */
    size_t rows, cap;
    char **cells;      /* rows x cols, NULL when a row ended early */
    char **tail;       /* per row: text printed after the row's cells, outside the columns */
    size_t col;        /* next column in the current row */
};

void hb_table_init(struct hb_table *t, const char *align);
/* Appends a cell to the current row (printf-style). */
void hb_table_cell(struct hb_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Ends the current row; tail (may be NULL) is printed after its cells and takes no column. */
void hb_table_end_row(struct hb_table *t, const char *tail);
/* Prints every row with two spaces of indent and two between columns, without trailing spaces. */
void hb_table_print(FILE *to, const struct hb_table *t);
void hb_table_free(struct hb_table *t);

#endif /* HB_TABLE_H */

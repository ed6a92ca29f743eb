/* tsv.h — reading the reference data files: tab-separated lines, '#' comments skipped. */
#ifndef HB_TEST_TSV_H
#define HB_TEST_TSV_H

#include <stddef.h>

enum { TSV_MAX_FIELDS = 8 };

struct tsv_row {
    char *fields[TSV_MAX_FIELDS];
    size_t nfields;
    size_t line; /* 1-based, for failure messages */
};

/* Reads every non-comment line of path; aborts the test program when the file cannot be read.
 * Free with tsv_free. */
struct tsv_row *tsv_read(const char *path, size_t *nrows);
void tsv_free(struct tsv_row *rows, size_t nrows);

/* Splits a comma-separated list of numbers into a new array; *n receives the count. */
double *tsv_numbers(const char *list, size_t *n);

#endif

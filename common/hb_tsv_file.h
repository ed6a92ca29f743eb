/* hb_tsv_file.h — a tab-separated text with a header line, read whole, its cells looked up by
 * column name: the one reader of the TSV our tools print for programs (hbstat -format tsv and
 * hbab noise, hbsum --list --format tsv) and of the ledgers ab-calibrate.sh and noise-check.sh
 * keep. hbab's tallies read files; hbfidelity reads a tool's captured output. */
#ifndef HB_TSV_FILE_H
#define HB_TSV_FILE_H

#include <stddef.h>

struct hb_tsv_file {
    char *text;     /* the file, its tabs and line ends overwritten with NULs */
    char ***fields; /* fields[line][i]: line 0 is the header */
    size_t *nfields;
    size_t nlines; /* the header included; 0 for an empty file */
};

/* The whole file at path, NUL-terminated, its length in *len; NULL with *error (free it) when it
 * cannot be read or is larger than the tallies ever need (64 MiB). */
char *hb_text_file_read(const char *path, size_t *len, char **error);

/* Reads path (as hb_text_file_read). Returns 0, or -1 with *error (free it). */
int hb_tsv_file_read(const char *path, struct hb_tsv_file *t, char **error);

/* Splits a copy of text, as hb_tsv_file_read splits a file. */
void hb_tsv_file_parse(const char *text, struct hb_tsv_file *t);
void hb_tsv_file_free(struct hb_tsv_file *t);

/* The index of the header's column called name, or -1. */
int hb_tsv_file_column(const struct hb_tsv_file *t, const char *name);

/* Data line row's (0 is the first after the header) cell in column col: "" when col is -1 or the
 * line is shorter. */
const char *hb_tsv_file_cell(const struct hb_tsv_file *t, size_t row, int col);

/* The data lines (the header not counted). */
size_t hb_tsv_file_rows(const struct hb_tsv_file *t);

#endif

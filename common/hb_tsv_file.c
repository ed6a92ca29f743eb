/* hb_tsv_file.c — a header-named TSV read whole: the texts read are small (one line per row of a
 * table, per run, per process, per registry entry), so the text is split in place and kept. */
#include "hb_tsv_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

enum { TSV_FILE_LIMIT = 64 << 20 };

char *hb_text_file_read(const char *path, size_t *len, char **error)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        *error = hb_xasprintf("%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *text = hb_xmalloc(cap + 1);
    for (;;) {
        size_t got = fread(text + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= TSV_FILE_LIMIT) {
            *error = hb_xasprintf("%s: larger than %d MiB, more than a table read whole", path, TSV_FILE_LIMIT >> 20);
            free(text);
            fclose(f);
            return NULL;
        }
        cap *= 2;
        text = hb_xrealloc(text, cap + 1);
    }
    int failed = ferror(f) ? errno : 0;
    fclose(f);
    if (failed) {
        *error = hb_xasprintf("%s: %s", path, strerror(failed));
        free(text);
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

/* Splits t->text, len bytes, into lines and fields. */
static void split_lines(struct hb_tsv_file *t, size_t len)
{
    size_t cap = 0;
    char *p = t->text, *end = t->text + len;
    while (p < end) {
        char *eol = memchr(p, '\n', (size_t)(end - p));
        if (eol == NULL)
            eol = end; /* a last line without its line end still counts */
        *eol = '\0';
        if (t->nlines == cap) {
            cap = cap ? 2 * cap : 16;
            t->fields = hb_xrealloc(t->fields, cap * sizeof *t->fields);
            t->nfields = hb_xrealloc(t->nfields, cap * sizeof *t->nfields);
        }
        size_t n = 1;
        for (char *q = p; *q; q++)
            n += *q == '\t';
        char **f = hb_xmalloc(n * sizeof *f);
        n = 0;
        for (char *q = p;; q++) {
            if (*q == '\t' || *q == '\0') {
                int last = *q == '\0';
                *q = '\0';
                f[n++] = p;
                p = q + 1;
                if (last)
                    break;
            }
        }
        t->fields[t->nlines] = f;
        t->nfields[t->nlines++] = n;
        p = eol + 1;
    }
}

int hb_tsv_file_read(const char *path, struct hb_tsv_file *t, char **error)
{
    *t = (struct hb_tsv_file){0};
    size_t len = 0;
    t->text = hb_text_file_read(path, &len, error);
    if (t->text == NULL)
        return -1;
    split_lines(t, len);
    return 0;
}

void hb_tsv_file_parse(const char *text, struct hb_tsv_file *t)
{
    *t = (struct hb_tsv_file){0};
    t->text = hb_xstrdup(text);
    split_lines(t, strlen(text));
}

void hb_tsv_file_free(struct hb_tsv_file *t)
{
    for (size_t i = 0; i < t->nlines; i++)
        free(t->fields[i]);
    free(t->fields);
    free(t->nfields);
    free(t->text);
    *t = (struct hb_tsv_file){0};
}

int hb_tsv_file_column(const struct hb_tsv_file *t, const char *name)
{
    if (t->nlines == 0)
        return -1;
    for (size_t i = 0; i < t->nfields[0]; i++)
        if (strcmp(t->fields[0][i], name) == 0)
            return (int)i;
    return -1;
}

const char *hb_tsv_file_cell(const struct hb_tsv_file *t, size_t row, int col)
{
    if (col < 0 || row + 1 >= t->nlines || (size_t)col >= t->nfields[row + 1])
        return "";
    return t->fields[row + 1][col];
}

size_t hb_tsv_file_rows(const struct hb_tsv_file *t)
{
    return t->nlines ? t->nlines - 1 : 0;
}

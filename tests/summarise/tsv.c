/* tsv.c — tab-separated reference data for the unit tests. */
#include "tsv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tsv_row *tsv_read(const char *path, size_t *nrows)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot read reference data %s\n", path);
        exit(1);
    }
    struct tsv_row *rows = NULL;
    size_t n = 0, cap = 0, line_no = 0;
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t len;
    while ((len = getline(&line, &line_cap, f)) >= 0) {
        line_no++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (!len || line[0] == '#')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            rows = realloc(rows, cap * sizeof *rows);
        }
        struct tsv_row *r = &rows[n++];
        r->nfields = 0;
        r->line = line_no;
        char *save = NULL;
        for (char *tok = strtok_r(line, "\t", &save); tok && r->nfields < TSV_MAX_FIELDS;
             tok = strtok_r(NULL, "\t", &save))
            r->fields[r->nfields++] = strdup(tok);
    }
    free(line);
    fclose(f);
    *nrows = n;
    return rows;
}

void tsv_free(struct tsv_row *rows, size_t nrows)
{
    for (size_t i = 0; i < nrows; i++)
        for (size_t k = 0; k < rows[i].nfields; k++)
            free(rows[i].fields[k]);
    free(rows);
}

double *tsv_numbers(const char *list, size_t *n)
{
    size_t cap = 1;
    for (const char *p = list; *p; p++)
        cap += *p == ',';
    double *xs = malloc(cap * sizeof *xs);
    *n = 0;
    for (const char *p = list; *p;) {
        char *end;
        xs[(*n)++] = strtod(p, &end);
        p = *end == ',' ? end + 1 : end;
        if (end == p && *p)
            break;
    }
    return xs;
}

/* cpu_busy.c — /proc/stat's cpu lines: the machine's total ("cpu") minus the last CPU's, both as
 * differences between the line's first and last snapshot. Guest time is already counted in user
 * time by the kernel, so it is left out here. */
#include "cpu_busy.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cell_number.h"
#include "hb_alloc.h"

struct cpu_line {
    char *name;
    double busy0, all0; /* the first snapshot */
    double dbusy, dall; /* the last one minus the first */
};

struct cpu_lines {
    struct cpu_line *v;
    size_t n;
};

static struct cpu_line *find(struct cpu_lines *c, const char *name)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->v[i].name, name) == 0)
            return &c->v[i];
    return NULL;
}

/* Splits line at blanks into at most 10 fields (name and nine counters); missing ones are "". */
static void take_line(struct cpu_lines *c, char *line, bool *have_last, double *last)
{
    const char *f[10] = {"", "", "", "", "", "", "", "", "", ""};
    size_t n = 0;
    for (char *tok = strtok(line, " \t"); tok && n < 10; tok = strtok(NULL, " \t"))
        f[n++] = tok;
    double x[10] = {0};
    for (size_t i = 1; i < 10; i++)
        x[i] = hb_cell_number(f[i]);
    double busy = x[1] + x[2] + x[3] + x[6] + x[7] + x[8], all = busy + x[4] + x[5];
    struct cpu_line *l = find(c, f[0]);
    if (l) {
        l->dbusy = busy - l->busy0;
        l->dall = all - l->all0;
    } else {
        c->v = hb_xrealloc(c->v, (c->n + 1) * sizeof *c->v);
        c->v[c->n++] = (struct cpu_line){.name = hb_xstrdup(f[0]), .busy0 = busy, .all0 = all};
    }
    if (strncmp(f[0], "cpu", 3) == 0 && f[0][3] >= '0' && f[0][3] <= '9') {
        double k = hb_cell_number(f[0] + 3);
        if (k >= *last) {
            *last = k;
            *have_last = true;
        }
    }
}

double hb_cpu_busy_others(const char *text)
{
    struct cpu_lines c = {0};
    bool have_last = false;
    double last = 0;
    char *copy = hb_xstrdup(text);
    for (char *line = copy, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (strncmp(line, "cpu", 3) == 0)
            take_line(&c, line, &have_last, &last);
    }
    struct hb_strbuf key = {0};
    hb_strbuf_puts(&key, "cpu");
    if (have_last)
        hb_number_text(&key, last);
    const struct cpu_line *total = find(&c, "cpu"), *pinned = find(&c, hb_strbuf_cstr(&key));
    double all = (total ? total->dall : 0) - (pinned ? pinned->dall : 0),
           busy = (total ? total->dbusy : 0) - (pinned ? pinned->dbusy : 0);
    hb_strbuf_free(&key);
    for (size_t i = 0; i < c.n; i++)
        free(c.v[i].name);
    free(c.v);
    free(copy);
    return all > 0 ? 100 * busy / all : NAN;
}

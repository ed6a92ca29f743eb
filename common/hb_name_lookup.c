/*
 * hb_name_lookup.c — edit distance and suggestions over a caller's list of names.
 */
#include "hb_name_lookup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

size_t hb_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t *row = hb_xmalloc((lb + 1) * sizeof *row); /* one row of the table, updated in place */
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] == b[j - 1] ? 0 : 1);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    size_t distance = row[lb];
    free(row);
    return distance;
}

static size_t limit(const char *typed)
{
    size_t third = strlen(typed) / 3;
    return third > 2 ? third : 2;
}

bool hb_name_is_close(const char *typed, const char *candidate)
{
    return hb_edit_distance(typed, candidate) <= limit(typed) ||
           (strlen(typed) >= 3 && strstr(candidate, typed) != NULL);
}

size_t hb_suggest_names(const char *typed, const char *const *names, size_t count, hb_also_close_fn *also_close,
                        void *arg, char *buf, size_t len)
{
    size_t used = 0, written = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(names[j], names[i]) == 0;
        if (seen)
            continue;
        bool close = hb_name_is_close(typed, names[i]) || (also_close != NULL && also_close(typed, names[i], arg));
        /* room for ", ", the name and the NUL */
        if (close && used + strlen(names[i]) + 3 < len) {
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", names[i]);
            written++;
        }
    }
    return written;
}

const char *hb_closest_name(const char *typed, const char *const *names, size_t count)
{
    const char *best = NULL;
    size_t best_distance = 0;
    for (size_t i = 0; i < count; i++) {
        if (!hb_name_is_close(typed, names[i]))
            continue;
        size_t d = hb_edit_distance(typed, names[i]);
        if (best == NULL || d < best_distance) {
            best = names[i];
            best_distance = d;
        }
    }
    return best;
}

/*
 * keyfile.c — the file: keyset, the user's own keys, read as hashbench --keys reads them
 * (user_keys.h: lines, nul or fixed:N; bounded memory, a fixed-seed sample of a larger file). A
 * key seen before is left out (and counted), so that every collision counted is the hash's and
 * not the file's.
 */
#include "spread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "user_keys.h"

struct line_order {
    const uint8_t *bytes;
    const size_t *start, *len;
};

/* By content, then by position, so that the first of equal lines sorts first. */
static int compare_lines(const void *a, const void *b, void *context)
{
    const struct line_order *o = context;
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    size_t lx = o->len[x], ly = o->len[y];
    int c = memcmp(o->bytes + o->start[x], o->bytes + o->start[y], lx < ly ? lx : ly);
    if (c == 0)
        c = (lx > ly) - (lx < ly);
    if (c == 0)
        c = (x > y) - (x < y);
    return c;
}

/* Drops every line equal to an earlier one, keeping file order; returns how many were dropped. */
static size_t drop_repeated_lines(struct hb_keyset *ks)
{
    size_t n = ks->n;
    size_t *order = hb_xmalloc(n * sizeof *order);
    bool *repeated = hb_xcalloc(n, sizeof *repeated);
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    struct line_order o = {ks->bytes, ks->start, ks->len};
    qsort_r(order, n, sizeof *order, compare_lines, &o);
    for (size_t i = 1; i < n; i++) {
        size_t a = order[i - 1], b = order[i];
        if (ks->len[a] == ks->len[b] && memcmp(ks->bytes + ks->start[a], ks->bytes + ks->start[b], ks->len[a]) == 0)
            repeated[b] = true;
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (repeated[i])
            continue;
        ks->start[kept] = ks->start[i];
        ks->len[kept] = ks->len[i];
        kept++;
    }
    free(order);
    free(repeated);
    ks->n = kept;
    return n - kept;
}

static enum hb_keys_format file_format = HB_KEYS_FORMAT_LINES;
static size_t file_width;

bool hb_keyset_set_file_format(const char *text)
{
    return hb_keys_format_parse(text, &file_format, &file_width);
}

bool hb_keyset_read_file(const char *path, struct hb_keyset *ks, char *err, size_t errlen)
{
    struct hb_user_keys keys;
    char why[512];
    if (!hb_user_keys_read(path, file_format, file_width, &keys, why, sizeof why)) {
        snprintf(err, errlen, "file:%s", why);
        return false;
    }
    ks->storage = keys.bytes;
    ks->bytes = keys.bytes;
    ks->start = keys.start;
    ks->len = keys.len;
    ks->n = keys.n;
    ks->lines = keys.n;
    ks->file_keys = keys.file_keys;
    ks->duplicates = drop_repeated_lines(ks);
    ks->value_width = file_format == HB_KEYS_FORMAT_FIXED && hb_value_width_index(file_width) >= 0 ? file_width : 0;
    return true;
}

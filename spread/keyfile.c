/*
 * keyfile.c — the file: keyset, the user's own keys: one key per line. Keys are bytes, so only
 * the '\n' is removed (a '\r' before it stays part of the key), an empty line is the empty key,
 * and a last line without '\n' is a key too. A line seen before is left out (and counted), so
 * that every collision counted is the hash's and not the file's.
 */
#include "spread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool read_all(const char *path, uint8_t **data, size_t *size, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(err, errlen, "file:%s: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "file:%s: is a directory", path);
        close(fd);
        return false;
    }
    size_t cap = 1 << 16, used = 0;
    uint8_t *buf = hb_xmalloc(cap);
    for (;;) {
        if (used == cap)
            buf = hb_xrealloc(buf, cap *= 2);
        ssize_t got = read(fd, buf + used, cap - used);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(err, errlen, "file:%s: %s", path, strerror(errno));
            free(buf);
            close(fd);
            return false;
        }
        if (got == 0)
            break;
        used += (size_t)got;
    }
    close(fd);
    *data = buf;
    *size = used;
    return true;
}

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

bool hb_keyset_read_file(const char *path, struct hb_keyset *ks, char *err, size_t errlen)
{
    uint8_t *data;
    size_t size;
    if (!read_all(path, &data, &size, err, errlen))
        return false;
    if (size == 0) {
        snprintf(err, errlen, "file:%s: empty key file (no lines)", path);
        free(data);
        return false;
    }
    size_t lines = 0;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    lines += data[size - 1] != '\n'; /* a last line without its newline */
    if (lines > HB_MAX_KEYS) {
        snprintf(err, errlen, "file:%s: %zu lines is more than the %zu keys allowed", path, lines, HB_MAX_KEYS);
        free(data);
        return false;
    }
    ks->storage = data;
    ks->bytes = data;
    ks->start = hb_xmalloc(lines * sizeof *ks->start);
    ks->len = hb_xmalloc(lines * sizeof *ks->len);
    size_t line = 0, begin = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i == size ? begin < size : data[i] == '\n') {
            ks->start[line] = begin;
            ks->len[line] = i - begin;
            line++;
            begin = i + 1;
        }
    }
    ks->n = lines;
    ks->lines = lines;
    ks->duplicates = drop_repeated_lines(ks);
    return true;
}

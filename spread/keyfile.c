/*
 * keyfile.c — the file: keyset, the user's own keys: one key per line. Keys are bytes, so only
 * the '\n' is removed (a '\r' before it stays part of the key), an empty line is the empty key,
 * and a last line without '\n' is a key too. A line seen before is left out (and counted), so
 * that every collision counted is the hash's and not the file's.
 *
 * Memory is bounded by the limits, never by the input: a regular file is mapped, not copied (its
 * pages belong to the page cache, which can drop them), and scanned once to count its lines; any
 * other input (a pipe, a FIFO, a character device) is copied as it arrives, up to
 * HB_MAX_STREAM_KEY_BYTES. Each limit is checked as the input crosses it, so /dev/zero (one
 * endless line) stops after HB_MAX_KEY_LENGTH bytes.
 */
#include "spread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { STREAM_CHUNK = 1 << 20 };

void hb_keyfile_scan_init(struct hb_keyfile_scan *scan)
{
    *scan = (struct hb_keyfile_scan){0};
}

bool hb_keyfile_scan_feed(struct hb_keyfile_scan *scan, const uint8_t *data, size_t size, const char *path, char *err,
                          size_t errlen)
{
    const uint8_t *p = data, *end = data + size;
    while (p < end) {
        const uint8_t *nl = memchr(p, '\n', (size_t)(end - p));
        size_t take = (size_t)((nl ? nl : end) - p);
        if (take > HB_MAX_KEY_LENGTH - scan->line_length) {
            snprintf(err, errlen, "file:%s: line %zu is longer than %zu bytes, the longest key allowed", path,
                     scan->lines + 1, (size_t)HB_MAX_KEY_LENGTH);
            return false;
        }
        scan->line_length += take;
        scan->bytes += take;
        if (!nl)
            break;
        if (scan->lines == HB_MAX_KEYS) {
            snprintf(err, errlen, "file:%s: more than %zu lines, the most keys allowed", path, (size_t)HB_MAX_KEYS);
            return false;
        }
        scan->lines++;
        scan->line_length = 0;
        p = nl + 1;
    }
    scan->any = scan->any || size > 0;
    return true;
}

bool hb_keyfile_scan_finish(struct hb_keyfile_scan *scan, const char *path, char *err, size_t errlen)
{
    if (!scan->any) {
        snprintf(err, errlen, "file:%s: empty key file (no lines)", path);
        return false;
    }
    if (scan->line_length > 0) {
        if (scan->lines == HB_MAX_KEYS) {
            snprintf(err, errlen, "file:%s: more than %zu lines, the most keys allowed", path, (size_t)HB_MAX_KEYS);
            return false;
        }
        scan->lines++; /* a last line without its newline */
        scan->line_length = 0;
    }
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
    int c = lx && ly ? memcmp(o->bytes + o->start[x], o->bytes + o->start[y], lx < ly ? lx : ly) : 0;
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
        if (ks->len[a] == ks->len[b] &&
            (ks->len[a] == 0 || memcmp(ks->bytes + ks->start[a], ks->bytes + ks->start[b], ks->len[a]) == 0))
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

size_t hb_keyfile_index_bytes(size_t lines)
{
    /* start and len per line, plus the sort order and a flag while repeated lines are dropped */
    return lines * (2 * sizeof(size_t) + sizeof(size_t) + sizeof(bool));
}

void hb_keyset_index_lines(struct hb_keyset *ks, const uint8_t *data, size_t size, size_t lines)
{
    ks->bytes = data;
    ks->start = hb_xmalloc((lines ? lines : 1) * sizeof *ks->start);
    ks->len = hb_xmalloc((lines ? lines : 1) * sizeof *ks->len);
    size_t line = 0, begin = 0;
    while (line < lines) {
        const uint8_t *nl = begin < size ? memchr(data + begin, '\n', size - begin) : NULL;
        size_t end = nl ? (size_t)(nl - data) : size;
        ks->start[line] = begin;
        ks->len[line] = end - begin;
        line++;
        begin = end + 1;
    }
    ks->n = lines;
    ks->lines = lines;
    ks->duplicates = drop_repeated_lines(ks);
}

/* Copies a non-regular input as it arrives, checking the limits on every chunk. */
static bool read_stream(int fd, const char *path, struct hb_keyfile_scan *scan, uint8_t **data, size_t *size,
                        char *err, size_t errlen)
{
    size_t cap = STREAM_CHUNK, used = 0;
    uint8_t *buf = hb_xmalloc(cap);
    for (;;) {
        if (cap - used < STREAM_CHUNK) {
            cap = cap * 2 < HB_MAX_STREAM_KEY_BYTES + STREAM_CHUNK ? cap * 2 : HB_MAX_STREAM_KEY_BYTES + STREAM_CHUNK;
            buf = hb_xrealloc(buf, cap);
        }
        ssize_t got = read(fd, buf + used, STREAM_CHUNK);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(err, errlen, "file:%s: %s", path, strerror(errno));
            free(buf);
            return false;
        }
        if (got == 0)
            break;
        if (used + (size_t)got > HB_MAX_STREAM_KEY_BYTES) {
            snprintf(err, errlen, "file:%s: more than %zu bytes from a pipe or device, the most kept in memory "
                     "(a regular file has no such limit)", path, (size_t)HB_MAX_STREAM_KEY_BYTES);
            free(buf);
            return false;
        }
        if (!hb_keyfile_scan_feed(scan, buf + used, (size_t)got, path, err, errlen)) {
            free(buf);
            return false;
        }
        used += (size_t)got;
    }
    *data = buf;
    *size = used;
    return true;
}

/* Opens path without blocking on a FIFO that has no writer yet, then reads it as usual. */
static int open_keyfile(const char *path, struct stat *st, char *err, size_t errlen)
{
    if (stat(path, st) != 0) {
        snprintf(err, errlen, "file:%s: %s", path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st->st_mode)) {
        snprintf(err, errlen, "file:%s: is a directory", path);
        return -1;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, errlen, "file:%s: %s", path, strerror(errno));
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (fstat(fd, st) != 0 || flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        snprintf(err, errlen, "file:%s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (S_ISDIR(st->st_mode)) {
        snprintf(err, errlen, "file:%s: is a directory", path);
        close(fd);
        return -1;
    }
    return fd;
}

bool hb_keyset_read_file(const char *path, struct hb_keyset *ks, char *err, size_t errlen)
{
    struct stat st;
    int fd = open_keyfile(path, &st, err, errlen);
    if (fd < 0)
        return false;
    struct hb_keyfile_scan scan;
    hb_keyfile_scan_init(&scan);
    uint8_t *data = NULL;
    size_t size = 0;
    bool mapped = false;
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
        size = (size_t)st.st_size;
        void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map != MAP_FAILED) {
            madvise(map, size, MADV_SEQUENTIAL);
            data = map;
            mapped = true;
            if (!hb_keyfile_scan_feed(&scan, data, size, path, err, errlen)) {
                munmap(map, size);
                close(fd);
                return false;
            }
        }
    }
    if (!mapped && !read_stream(fd, path, &scan, &data, &size, err, errlen)) {
        close(fd);
        return false;
    }
    close(fd);
    if (!hb_keyfile_scan_finish(&scan, path, err, errlen)) {
        if (mapped)
            munmap(data, size);
        else
            free(data);
        return false;
    }
    size_t index = hb_keyfile_index_bytes(scan.lines);
    fprintf(stderr, "hbspread: file:%s: %zu lines, %zu bytes of keys (%s); their index needs %.1f MiB\n", path,
            scan.lines, size, mapped ? "mapped, not copied" : "copied", (double)index / (1 << 20));
    ks->storage = mapped ? NULL : data;
    ks->mapped = mapped ? data : NULL;
    ks->mapped_size = mapped ? size : 0;
    hb_keyset_index_lines(ks, data, size, scan.lines);
    return true;
}

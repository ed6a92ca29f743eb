/*
 * user_keys.c — streaming the key file in 1 MiB reads, keeping every key or, when the file holds
 * more than the limits allow, a fixed-seed sample chosen in a second pass.
 */
#include "user_keys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hb_alloc.h"
#include "hb_splitmix64.h"

#define READ_BYTES  ((size_t)1 << 20)
#define SAMPLE_SEED UINT64_C(0x6b6579732d736d70) /* "keys-smp"; must not change: tools agree on it */

/* Key i's draw for the sample: SplitMix64's first value from SAMPLE_SEED + i, so that each key's
 * fate depends on its index alone, in both passes. */
static uint64_t sample_draw(uint64_t i)
{
    uint64_t state = SAMPLE_SEED + i;
    return hb_splitmix64_next(&state);
}

/* RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF. A NUL byte is no text either. */
static bool is_utf8_text(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint8_t c = p[i];
        if (c == 0)
            return false;
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t more;
        uint32_t cp, min;
        if ((c & 0xe0) == 0xc0)
            more = 1, cp = c & 0x1f, min = 0x80;
        else if ((c & 0xf0) == 0xe0)
            more = 2, cp = c & 0x0f, min = 0x800;
        else if ((c & 0xf8) == 0xf0)
            more = 3, cp = c & 0x07, min = 0x10000;
        else
            return false;
        if (n - i <= more)
            return false;
        for (size_t k = 1; k <= more; k++) {
            if ((p[i + k] & 0xc0) != 0x80)
                return false;
            cp = cp << 6 | (p[i + k] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return false;
        i += more + 1;
    }
    return true;
}

struct reader {
    struct hb_user_keys *keys;
    bool storing;       /* keys are being kept */
    bool overflow;      /* the first pass found more than the limits */
    uint64_t threshold; /* second pass: keep key i when sample_draw(i) < threshold */
    uint64_t index;     /* position of the next key in the file */
    size_t cap_keys, cap_bytes;
};

static void keep_key(struct reader *r, const uint8_t *p, size_t n)
{
    struct hb_user_keys *k = r->keys;
    if (k->n == HB_USER_KEYS_MAX || k->total_bytes + n > HB_USER_KEYS_MAX_BYTES) {
        r->overflow = true;
        return;
    }
    if (k->n == r->cap_keys) {
        r->cap_keys = r->cap_keys ? r->cap_keys * 2 : 1024;
        k->start = hb_xrealloc(k->start, r->cap_keys * sizeof *k->start);
        k->len = hb_xrealloc(k->len, r->cap_keys * sizeof *k->len);
    }
    if (k->bytes == NULL || k->total_bytes + n > r->cap_bytes) { /* never NULL: empty keys point into it too */
        while (k->total_bytes + n > r->cap_bytes)
            r->cap_bytes = r->cap_bytes ? r->cap_bytes * 2 : 65536;
        if (r->cap_bytes > HB_USER_KEYS_MAX_BYTES)
            r->cap_bytes = HB_USER_KEYS_MAX_BYTES;
        k->bytes = hb_xrealloc(k->bytes, r->cap_bytes);
    }
    memcpy(k->bytes + k->total_bytes, p, n);
    k->start[k->n] = k->total_bytes;
    k->len[k->n] = n;
    k->n++;
    k->total_bytes += n;
}

/* One key of the file. The first pass counts (and keeps while the limits hold); the second keeps
 * the sample. */
static void on_key(struct reader *r, const uint8_t *p, size_t n, bool crlf, bool first_pass)
{
    uint64_t i = r->index++;
    if (first_pass) {
        struct hb_user_keys *k = r->keys;
        k->file_keys++;
        k->file_key_bytes += n;
        k->empty += n == 0;
        k->crlf += crlf;
        k->not_utf8 += !is_utf8_text(p, n);
        if (!r->overflow)
            keep_key(r, p, n);
        return;
    }
    if (sample_draw(i) < r->threshold)
        keep_key(r, p, n);
}

static bool key_file_refused(char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "%s: %s", path, why);
    return false;
}

/* Reads the file once, calling on_key for every key. */
static bool scan(const char *path, enum hb_keys_format format, size_t width, struct reader *r, bool first_pass,
                 char *err, size_t errlen)
{
    /* Without O_NONBLOCK, opening a FIFO that has no writer would wait for one; this way it is
     * opened at once and refused below, as every file that is not regular is. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return key_file_refused(err, errlen, path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return key_file_refused(err, errlen, path, S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
    }
    if (st.st_size == 0) {
        close(fd);
        return key_file_refused(err, errlen, path, "empty key file (no keys)");
    }
    if (format == HB_KEYS_FORMAT_FIXED && (uint64_t)st.st_size % width != 0) {
        close(fd);
        char why[128];
        snprintf(why, sizeof why, "%llu bytes is not a whole number of %zu-byte keys", (unsigned long long)st.st_size,
                 width);
        return key_file_refused(err, errlen, path, why);
    }
    uint8_t *buf = hb_xrealloc(NULL, READ_BYTES);
    uint8_t *carry = NULL; /* a key that spans reads */
    size_t carried = 0, carry_cap = 0;
    uint8_t sep = format == HB_KEYS_FORMAT_NUL ? 0 : '\n';
    bool ok = true;
    for (;;) {
        ssize_t got = read(fd, buf, READ_BYTES);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            ok = key_file_refused(err, errlen, path, strerror(errno));
            break;
        }
        if (got == 0)
            break;
        size_t pos = 0, end = (size_t)got;
        while (pos < end) {
            const uint8_t *from = buf + pos;
            size_t avail = end - pos, take;
            bool complete;
            if (format == HB_KEYS_FORMAT_FIXED) {
                take = width - carried < avail ? width - carried : avail;
                complete = carried + take == width;
                pos += take;
            } else {
                const uint8_t *hit = memchr(from, sep, avail);
                complete = hit != NULL;
                take = complete ? (size_t)(hit - from) : avail;
                pos += take + complete;
            }
            if (complete && carried == 0) {
                size_t n = take;
                bool crlf = format == HB_KEYS_FORMAT_LINES && n > 0 && from[n - 1] == '\r';
                on_key(r, from, n - crlf, crlf, first_pass);
                continue;
            }
            if (carried + take > HB_USER_KEYS_MAX_BYTES) {
                ok = key_file_refused(err, errlen, path, "a key is longer than the 128 MiB limit");
                break;
            }
            if (carried + take > carry_cap) {
                carry_cap = (carried + take) * 2;
                carry = hb_xrealloc(carry, carry_cap);
            }
            memcpy(carry + carried, from, take);
            carried += take;
            if (complete) {
                bool crlf = format == HB_KEYS_FORMAT_LINES && carried > 0 && carry[carried - 1] == '\r';
                on_key(r, carry, carried - crlf, crlf, first_pass);
                carried = 0;
            }
        }
        if (!ok)
            break;
    }
    if (ok && carried > 0) { /* the last key, without its separator */
        bool crlf = false;   /* a lone '\r' at the very end is part of the key */
        on_key(r, carry, carried, crlf, first_pass);
    }
    free(carry);
    free(buf);
    close(fd);
    return ok;
}

bool hb_keys_format_parse(const char *text, enum hb_keys_format *format, size_t *width)
{
    *width = 0;
    if (strcmp(text, "lines") == 0) {
        *format = HB_KEYS_FORMAT_LINES;
        return true;
    }
    if (strcmp(text, "nul") == 0) {
        *format = HB_KEYS_FORMAT_NUL;
        return true;
    }
    if (strncmp(text, "fixed:", 6) != 0 || text[6] < '1' || text[6] > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long n = strtoul(text + 6, &end, 10);
    if (errno != 0 || *end != '\0' || n < 1 || n > 65536)
        return false;
    *format = HB_KEYS_FORMAT_FIXED;
    *width = n;
    return true;
}

bool hb_user_keys_read(const char *path, enum hb_keys_format format, size_t width, struct hb_user_keys *keys, char *err,
                       size_t errlen)
{
    memset(keys, 0, sizeof *keys);
    struct reader r = {.keys = keys};
    if (!scan(path, format, width, &r, true, err, errlen)) {
        hb_user_keys_free(keys);
        return false;
    }
    if (!r.overflow)
        return true;
    /* Too many: keep each key with probability p, a little under the limits so that the sample
     * fits whatever its draw. */
    double by_count = (double)HB_USER_KEYS_MAX / (double)keys->file_keys;
    double by_bytes = keys->file_key_bytes ? (double)HB_USER_KEYS_MAX_BYTES / (double)keys->file_key_bytes : 1.0;
    double p = 0.95 * (by_count < by_bytes ? by_count : by_bytes);
    keys->n = 0;
    keys->total_bytes = 0;
    r.overflow = false;
    r.index = 0;
    r.threshold = p >= 1.0 ? UINT64_MAX : (uint64_t)(p * 18446744073709551616.0);
    if (!scan(path, format, width, &r, false, err, errlen)) {
        hb_user_keys_free(keys);
        return false;
    }
    keys->sampled = true;
    return true;
}

void hb_user_keys_free(struct hb_user_keys *keys)
{
    free(keys->bytes);
    free(keys->start);
    free(keys->len);
    keys->bytes = NULL;
    keys->start = keys->len = NULL;
    keys->n = 0;
}

static int compare_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

void hb_user_keys_lengths(const struct hb_user_keys *keys, size_t *min, size_t *median, size_t *p99, size_t *max)
{
    size_t n = keys->n;
    *min = *median = *p99 = *max = 0;
    if (n == 0)
        return;
    size_t *sorted = hb_xrealloc(NULL, n * sizeof *sorted);
    memcpy(sorted, keys->len, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, compare_size);
    *min = sorted[0];
    *median = sorted[(n - 1) / 2];
    size_t rank = (n * 99 + 99) / 100; /* nearest rank: ceil(0.99 n) */
    *p99 = sorted[rank - 1];
    *max = sorted[n - 1];
    free(sorted);
}

static int compare_key(const void *a, const void *b, void *context)
{
    const struct hb_user_keys *k = context;
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    size_t lx = k->len[x], ly = k->len[y];
    int c = memcmp(k->bytes + k->start[x], k->bytes + k->start[y], lx < ly ? lx : ly);
    return c != 0 ? c : (lx > ly) - (lx < ly);
}

size_t hb_user_keys_duplicates(const struct hb_user_keys *keys)
{
    size_t n = keys->n, dup = 0;
    if (n < 2)
        return 0;
    size_t *order = hb_xrealloc(NULL, n * sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    qsort_r(order, n, sizeof *order, compare_key, (void *)keys);
    for (size_t i = 1; i < n; i++)
        dup += compare_key(&order[i - 1], &order[i], (void *)keys) == 0;
    free(order);
    return dup;
}

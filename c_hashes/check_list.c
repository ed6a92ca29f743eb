/*
 * check_list.c — the lines of a checksum list, read with a bound, and their parsing. The bound is
 * checked on every read, so a list without newlines costs one buffer, never more.
 */
#include "check_list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BUFFER_BYTES = HB_CHECK_MAX_LINE + 2 };

void hb_line_reader_init(struct hb_line_reader *r, int fd)
{
    *r = (struct hb_line_reader){.fd = fd, .buf = malloc(BUFFER_BYTES)};
}

void hb_line_reader_free(struct hb_line_reader *r)
{
    free(r->buf);
    r->buf = NULL;
}

enum hb_line_result hb_line_next(struct hb_line_reader *r, char **line, size_t *len)
{
    if (r->buf == NULL) {
        errno = ENOMEM;
        return HB_LINE_READ_ERROR;
    }
    size_t scanned = 0;
    for (;;) {
        char *start = r->buf + r->start;
        char *nl = memchr(start + scanned, '\n', r->len - scanned);
        if (nl != NULL || (r->eof && r->len > 0)) {
            size_t n = nl != NULL ? (size_t)(nl - start) : r->len;
            if (n > HB_CHECK_MAX_LINE)
                return HB_LINE_TOO_LONG;
            start[n] = '\0'; /* the '\n', or the spare byte after a last line without one */
            r->line_number++;
            *line = start;
            *len = n;
            size_t used = nl != NULL ? n + 1 : n;
            r->start += used;
            r->len -= used;
            return HB_LINE_OK;
        }
        if (r->eof)
            return HB_LINE_END;
        scanned = r->len;
        if (r->len > HB_CHECK_MAX_LINE)
            return HB_LINE_TOO_LONG;
        if (r->start > 0) { /* make room: move the unfinished line to the front */
            memmove(r->buf, r->buf + r->start, r->len);
            r->start = 0;
        }
        ssize_t got = read(r->fd, r->buf + r->len, BUFFER_BYTES - 1 - r->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return HB_LINE_READ_ERROR;
        if (got == 0)
            r->eof = true;
        r->len += (size_t)got;
    }
}

static bool is_hex_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

char *hb_check_line_parse(char *line, size_t len, size_t hex_len, char **hex_out)
{
    if (memchr(line, '\0', len) != NULL)
        return NULL; /* no file name holds a NUL */
    bool escaped = len > 0 && line[0] == '\\';
    if (len < escaped + hex_len + 3)
        return NULL;
    char *hex = line + escaped;
    for (size_t i = 0; i < hex_len; i++) {
        if (!is_hex_char(hex[i]))
            return NULL;
        if (hex[i] >= 'A' && hex[i] <= 'F')
            hex[i] = (char)(hex[i] - 'A' + 'a');
    }
    if (hex[hex_len] != ' ' || (hex[hex_len + 1] != ' ' && hex[hex_len + 1] != '*'))
        return NULL;
    hex[hex_len] = '\0';
    *hex_out = hex;
    char *name = hex + hex_len + 2;
    if (escaped) {
        char *w = name;
        for (char *r = name; *r; r++) {
            if (*r == '\\' && r[1] == 'n') {
                *w++ = '\n';
                r++;
            } else if (*r == '\\' && r[1] == '\\') {
                *w++ = '\\';
                r++;
            } else {
                *w++ = *r;
            }
        }
        *w = '\0';
    }
    return name;
}

/* json_nonfinite.c — finding NaN and Infinity outside strings without reading every byte twice.
 * Candidates are found with memchr ('N' and 'I' are rare in benchmark JSON). Whether a candidate
 * is inside a string is decided by walking the quotes from a point whose state is known: the
 * chunk start (state carried over), or just after a line break, which valid JSON never has inside
 * a string. The walk skips eight bytes at a time unless one of them is a quote or backslash. */
#include "json_nonfinite.h"

#include <stdint.h>
#include <string.h>

#define ONES  0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* Non-zero when some byte of w equals b; the lowest flagged byte is exact. */
static inline uint64_t has_byte(uint64_t w, unsigned char b)
{
    uint64_t x = w ^ (ONES * b);
    return (x - ONES) & ~x & HIGHS;
}

/* Advances the string state over buf[from..to). */
static void walk(struct hb_json_lexstate *st, const char *buf, size_t from, size_t to)
{
    size_t i = from, counted_from = from;
    while (i < to) {
        if (st->escape_pending) {
            st->escape_pending = false;
            i++;
            continue;
        }
        if (i + 8 <= to) {
            uint64_t w;
            memcpy(&w, buf + i, sizeof w);
            uint64_t m = has_byte(w, '"') | (st->in_string ? has_byte(w, '\\') : 0);
            if (!m) {
                i += 8;
                continue;
            }
            i += (size_t)__builtin_ctzll(m) / 8;
        }
        char c = buf[i++];
        if (c == '"') {
            st->in_string = !st->in_string;
            st->string_bytes = 0;
            counted_from = i;
        } else if (c == '\\' && st->in_string)
            st->escape_pending = true;
    }
    if (st->in_string)
        st->string_bytes += to - counted_from;
}

/* The first 'N' or 'I' in buf[from..len), or len. */
static size_t next_candidate(const char *buf, size_t from, size_t len)
{
    const char *n = memchr(buf + from, 'N', len - from);
    const char *i = memchr(buf + from, 'I', n ? (size_t)(n - buf) - from : len - from);
    const char *first = i ? i : n;
    return first ? (size_t)(first - buf) : len;
}

/* The index just after the last line break in buf[from..to), or from when there is none. */
static size_t after_last_newline(const char *buf, size_t from, size_t to)
{
    const char *nl = memrchr(buf + from, '\n', to - from);
    return nl ? (size_t)(nl - buf) + 1 : from;
}

size_t hb_json_rewrite_nonfinite(struct hb_json_lexstate *st, char *buf, size_t len, bool at_eof)
{
    size_t known = 0; /* st holds the state at buf[known] */
    for (size_t c = next_candidate(buf, 0, len); c < len; c = next_candidate(buf, c, len)) {
        size_t restart = after_last_newline(buf, known, c);
        if (restart > known)
            *st = (struct hb_json_lexstate){false, false, 0};
        walk(st, buf, restart, c);
        known = c;
        if (st->in_string) {
            c++;
            continue;
        }
        const char *word = buf[c] == 'N' ? "NaN" : "Infinity";
        const char *spelling = buf[c] == 'N' ? HB_JSON_NAN_SPELLING : "1E999999";
        size_t n = strlen(word);
        if (len - c < n && !at_eof)
            return c; /* may continue in the next chunk; st is the state at c */
        if (len - c >= n && memcmp(buf + c, word, n) == 0)
            memcpy(buf + c, spelling, n);
        c++; /* a rewritten token holds no quote, so walking over it later is harmless */
    }
    size_t restart = after_last_newline(buf, known, len);
    if (restart > known)
        *st = (struct hb_json_lexstate){false, false, 0};
    walk(st, buf, restart, len);
    return len;
}

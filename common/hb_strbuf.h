/* hb_strbuf.h — a growable, always NUL-terminated byte string for building output text, and the
 * sink the markup writer (hb_markup.h) writes into. */
#ifndef HB_STRBUF_H
#define HB_STRBUF_H

#include <stddef.h>

struct hb_strbuf {
    char *text; /* NULL until something is appended; hb_strbuf_cstr never returns NULL */
    size_t len, cap;
};

void hb_strbuf_append(struct hb_strbuf *b, const char *text, size_t len);
void hb_strbuf_puts(struct hb_strbuf *b, const char *text);
void hb_strbuf_printf(struct hb_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends n spaces (nothing when n <= 0). */
void hb_strbuf_spaces(struct hb_strbuf *b, long n);
void hb_strbuf_reset(struct hb_strbuf *b);
const char *hb_strbuf_cstr(const struct hb_strbuf *b);
void hb_strbuf_free(struct hb_strbuf *b);

#endif

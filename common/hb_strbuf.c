/* hb_strbuf.c — growable strings (see hb_strbuf.h). */
#include "hb_strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

void hb_strbuf_append(struct hb_strbuf *b, const char *text, size_t len)
{
    hb_grow((void **)&b->text, &b->cap, b->len + len + 1, 1);
    memcpy(b->text + b->len, text, len);
    b->len += len;
    b->text[b->len] = '\0';
}

void hb_strbuf_puts(struct hb_strbuf *b, const char *text)
{
    hb_strbuf_append(b, text, strlen(text));
}

void hb_strbuf_printf(struct hb_strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    hb_grow((void **)&b->text, &b->cap, b->len + (size_t)n + 1, 1);
    va_start(ap, fmt);
    vsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void hb_strbuf_spaces(struct hb_strbuf *b, long n)
{
    for (; n > 0; n--)
        hb_strbuf_append(b, " ", 1);
}

void hb_strbuf_reset(struct hb_strbuf *b)
{
    b->len = 0;
    if (b->text)
        b->text[0] = '\0';
}

const char *hb_strbuf_cstr(const struct hb_strbuf *b)
{
    return b->text ? b->text : "";
}

void hb_strbuf_free(struct hb_strbuf *b)
{
    free(b->text);
    *b = (struct hb_strbuf){0};
}

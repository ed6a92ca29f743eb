/* hb_markup.c — the HTML escaper and the element writer built on it (see hb_markup.h). */
#include "hb_markup.h"

#include <math.h>
#include <stdarg.h>

void hb_html_text(struct hb_strbuf *out, const char *text)
{
    for (; *text; text++) {
        switch (*text) {
        case '<': hb_strbuf_puts(out, "&lt;"); break;
        case '>': hb_strbuf_puts(out, "&gt;"); break;
        case '&': hb_strbuf_puts(out, "&amp;"); break;
        case '"': hb_strbuf_puts(out, "&quot;"); break;
        default: hb_strbuf_append(out, text, 1);
        }
    }
}

static void open_tag(struct hb_strbuf *out, const char *tag, va_list ap, const char *end)
{
    hb_strbuf_printf(out, "<%s", tag);
    for (const char *name; (name = va_arg(ap, const char *)) != NULL;) {
        const char *value = va_arg(ap, const char *);
        if (!value)
            continue;
        hb_strbuf_printf(out, " %s=\"", name);
        hb_html_text(out, value);
        hb_strbuf_puts(out, "\"");
    }
    hb_strbuf_puts(out, end);
}

void hb_markup_open(struct hb_strbuf *out, const char *tag, ...)
{
    va_list ap;
    va_start(ap, tag);
    open_tag(out, tag, ap, ">");
    va_end(ap);
}

void hb_markup_empty(struct hb_strbuf *out, const char *tag, ...)
{
    va_list ap;
    va_start(ap, tag);
    open_tag(out, tag, ap, "/>");
    va_end(ap);
}

void hb_markup_close(struct hb_strbuf *out, const char *tag)
{
    hb_strbuf_printf(out, "</%s>", tag);
}

void hb_markup_element(struct hb_strbuf *out, const char *tag, const char *text, ...)
{
    va_list ap;
    va_start(ap, text);
    open_tag(out, tag, ap, ">");
    va_end(ap);
    hb_html_text(out, text);
    hb_markup_close(out, tag);
}

void hb_markup_number_attribute(struct hb_strbuf *out, const char *name, double v)
{
    if (isfinite(v))
        hb_strbuf_printf(out, " %s=\"%.17g\"", name, v);
}

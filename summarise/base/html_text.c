/* html_text.c — text escaped for HTML, the one escaper every HTML writer uses. */
#include "html_text.h"

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

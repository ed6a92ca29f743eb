/* footnotes.c — footnote numbering and superscript markers. */
#include "footnotes.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const char *const superscript_digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};

void hb_superscript(unsigned number, struct hb_strbuf *out)
{
    char digits[16];
    int n = 0;
    do {
        digits[n++] = (char)(number % 10);
        number /= 10;
    } while (number);
    while (n--)
        hb_strbuf_puts(out, superscript_digits[(int)digits[n]]);
}

void hb_footnotes_mark(struct hb_footnotes *f, char *const *warnings, size_t n, struct hb_strbuf *markers)
{
    for (size_t i = 0; i < n; i++) {
        if (!warnings[i])
            continue;
        size_t k = 0;
        while (k < f->n && strcmp(f->texts[k], warnings[i]) != 0)
            k++;
        if (k == f->n) {
            hb_grow((void **)&f->texts, &f->cap, f->n + 1, sizeof *f->texts);
            f->texts[f->n++] = hb_xstrdup(warnings[i]);
        }
        if (markers->len)
            hb_strbuf_puts(markers, " ");
        hb_superscript((unsigned)k + 1, markers);
    }
}

void hb_footnotes_print(const struct hb_footnotes *f, struct hb_strbuf *out)
{
    for (size_t i = 0; i < f->n; i++) {
        hb_superscript((unsigned)i + 1, out);
        hb_strbuf_printf(out, " %s\n", f->texts[i]);
    }
}

void hb_footnotes_free(struct hb_footnotes *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->texts[i]);
    free(f->texts);
    *f = (struct hb_footnotes){0};
}

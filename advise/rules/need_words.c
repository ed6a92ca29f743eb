/* need_words.c — a need's words with their numbers filled in: each {name} of a rule's text is the
 * field or constant the rule applies (needs.h, advice.h, published.h), so that a threshold is
 * written once, where the code reads it, and every output, --help and --describe-needs say the
 * same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "hb_alloc.h"
#include "hb_strbuf.h"
#include "published.h"

/* Appends x as %g writes it, without the exponent's leading zero ("1e-6", not "1e-06"). */
static void append_number(struct hb_strbuf *out, double x)
{
    char text[32];
    snprintf(text, sizeof text, "%g", x);
    char *e = strchr(text, 'e');
    if (e && (e[1] == '-' || e[1] == '+') && e[2] == '0' && e[3])
        memmove(e + 2, e + 3, strlen(e + 3) + 1);
    hb_strbuf_puts(out, text);
}

/* Appends the value named key[0..len) for rule r; false when no value has that name. */
static bool append_value(struct hb_strbuf *out, const struct hb_need_rule *r, const char *key, size_t len)
{
#define NAMED(k) (len == sizeof(k) - 1 && memcmp(key, k, len) == 0)
    if (NAMED("max_bits"))
        hb_strbuf_printf(out, "%u", r->max_bits);
    else if (NAMED("min_bits"))
        hb_strbuf_printf(out, "%u", r->min_bits);
    else if (NAMED("confidence"))
        hb_strbuf_printf(out, "%.0f%%", 100 * HB_FASTEST_CONFIDENCE);
    else if (NAMED("tie_reach"))
        hb_strbuf_printf(out, "%.0f%%", 100 * (HB_TIE_BREAK_REACH - 1));
    else if (NAMED("growth"))
        hb_strbuf_printf(out, "%d", HB_FINGERPRINT_GROWTH);
    else if (NAMED("max_pairs"))
        append_number(out, HB_FINGERPRINT_MAX_PAIRS);
    else if (NAMED("max_undetected"))
        append_number(out, HB_CHECKSUM_MAX_UNDETECTED);
    else if (NAMED("long_tag"))
        hb_strbuf_printf(out, "%d", HB_MAC_LONG_TAG_BITS);
    else if (NAMED("shards"))
        hb_strbuf_printf(out, "%d", HB_DEFAULT_SHARDS);
    else if (NAMED("record_bytes"))
        hb_strbuf_printf(out, "%d", HB_DEFAULT_RECORD_SIZE);
    else if (NAMED("shard_counts") || NAMED("rendezvous_servers")) {
        char list[256];
        hb_advice_shard_words(NAMED("rendezvous_servers"), list, sizeof list);
        hb_strbuf_puts(out, list);
    } else if (NAMED("bulk_kib"))
        hb_strbuf_printf(out, "%d", HB_BULK_BYTES / 1024);
    else if (NAMED("formats"))
        hb_published_formats_list(out);
    else
        return false;
    return true;
#undef NAMED
}

char *hb_need_words(const struct hb_need_rule *r, const char *words)
{
    if (!words)
        return NULL;
    struct hb_strbuf out = {0};
    const char *p = words;
    while (*p) {
        const char *open = strchr(p, '{');
        if (!open) {
            hb_strbuf_puts(&out, p);
            break;
        }
        hb_strbuf_append(&out, p, (size_t)(open - p));
        size_t len = strspn(open + 1, "abcdefghijklmnopqrstuvwxyz_");
        /* a brace that names no value ("{hash tag}") is the text's own */
        if (open[1 + len] == '}' && len && append_value(&out, r, open + 1, len)) {
            p = open + len + 2;
        } else {
            hb_strbuf_puts(&out, "{");
            p = open + 1;
        }
    }
    char *text = hb_xstrdup(hb_strbuf_cstr(&out));
    hb_strbuf_free(&out);
    return text;
}

void hb_need_describe(FILE *to, const char *indent, unsigned width)
{
    size_t name_width = 0;
    for (size_t k = 0; k < HB_NEEDS; k++)
        if (strlen(hb_need_rules[k].name) > name_width)
            name_width = strlen(hb_need_rules[k].name);
    size_t column = strlen(indent) + name_width + 2;
    for (size_t k = 0; k < HB_NEEDS; k++) {
        const struct hb_need_rule *r = &hb_need_rules[k];
        char *summary = hb_need_words(r, r->summary);
        char *text = hb_xasprintf("%s: %s", r->what, summary);
        fprintf(to, "%s%-*s", indent, (int)name_width + 2, r->name);
        size_t at = column;
        for (const char *p = text; *p;) {
            while (*p == ' ')
                p++;
            size_t word = strcspn(p, " ");
            if (!word)
                break;
            if (at > column && at + 1 + word > width) {
                fprintf(to, "\n%*s", (int)column, "");
                at = column;
            } else if (at > column) {
                fputc(' ', to);
                at++;
            }
            fwrite(p, 1, word, to);
            at += word;
            p += word;
        }
        fputc('\n', to);
        free(text);
        free(summary);
    }
}

/* verdict_table.c — spread.json's verdicts as a table, drawn once: hbadvise --verdicts prints it
 * (text or html) and hbreport's page shows the html, so that no script reads hbspread's JSON
 * itself and no second renderer draws it. The bounds come from the file's verdict rule, the
 * colliding pairs from its headline keyset; html text goes through the one escaper (html_text.h). */
#include "verdict_table.h"

#include <stdio.h>
#include <stdlib.h>

#include "hb_text_table.h"
#include "hb_markup.h"

static const char *keysets(const struct hb_spread_file *f, struct hb_strbuf *b)
{
    for (size_t i = 0; i < f->nkeysets; i++)
        hb_strbuf_printf(b, "%s%s", i ? ", " : "", f->keysets[i].spec ? f->keysets[i].spec : "?");
    return hb_strbuf_cstr(b);
}

/* "3 (0.000123)": the headline keyset's colliding pairs and the birthday bound's expectation. */
static void pairs_text(const struct hb_spread_algorithm *s, char *pairs, size_t np, char *text, size_t nt)
{
    snprintf(pairs, np, "%llu", (unsigned long long)s->headline.pairs);
    snprintf(text, nt, "%llu (%.3g)", (unsigned long long)s->headline.pairs, s->headline.expected);
}

void hb_spread_verdicts_text(const struct hb_spread_file *f, struct hb_strbuf *out)
{
    struct hb_strbuf sets = {0};
    hb_strbuf_printf(out, "hbspread on: %s (%llu buckets)\n", keysets(f, &sets), (unsigned long long)f->buckets);
    hb_strbuf_free(&sets);
    struct hb_text_table t = {0};
    static const char *const heads[] = {"name/impl", "bits",      "buckets",         "collisions",
                                        "low-32",    "avalanche", "pairs (expected)"};
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_text_table_cell(&t, heads[c], c == 1 || c == 6 ? HB_ALIGN_RIGHT : HB_ALIGN_LEFT, "  ");
    for (size_t i = 0; i < f->nalgorithms; i++) {
        const struct hb_spread_algorithm *s = &f->algorithms[i];
        hb_text_table_row(&t);
        hb_text_table_cellf(&t, HB_ALIGN_LEFT, "  ", "%s/%s", s->name, s->impl);
        hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%u", s->out_bits);
        if (s->skipped) {
            hb_text_table_trailing(&t, s->skipped, "  ");
            continue;
        }
        for (int k = 0; k < HB_TESTS; k++)
            hb_text_table_cell(&t, hb_spread_verdict_name(s->verdict[k]), HB_ALIGN_LEFT, "  ");
        char pairs[32], text[64];
        pairs_text(s, pairs, sizeof pairs, text, sizeof text);
        hb_text_table_cell(&t, text, HB_ALIGN_RIGHT, "  ");
    }
    size_t len;
    char *text = hb_text_table_format(&t, &len);
    hb_strbuf_append(out, text, len);
    free(text);
    hb_text_table_free(&t);
}

/* The html table leaves out what hbspread skipped (this CPU cannot run it): the text says why. */
void hb_spread_verdicts_html(const struct hb_spread_file *f, struct hb_strbuf *out)
{
    struct hb_strbuf sets = {0};
    hb_strbuf_puts(out, "<p>hbspread on: ");
    hb_html_text(out, keysets(f, &sets));
    hb_strbuf_free(&sets);
    hb_strbuf_printf(out,
                     ". Each test's p-value is scaled by the number of tests; warn at 2<sup>%g</sup>, FAIL at "
                     "2<sup>%g</sup>.</p>\n",
                     f->warn_log2_p, f->fail_log2_p);
    static const char *const heads[] = {
        "name/impl", "bits", "buckets", "collisions", "low-32 collisions", "avalanche", "colliding pairs (expected)"};
    hb_strbuf_puts(out, "<table class=\"verdicts\"><thead><tr>");
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_strbuf_printf(out, "<th scope=\"col\"%s>%s</th>", c == 1 || c == 6 ? " class=\"num\"" : "", heads[c]);
    hb_strbuf_puts(out, "</tr></thead><tbody>\n");
    for (size_t i = 0; i < f->nalgorithms; i++) {
        const struct hb_spread_algorithm *s = &f->algorithms[i];
        if (s->skipped)
            continue;
        char pairs[32], text[64];
        hb_strbuf_puts(out, "<tr><td>");
        hb_html_text(out, s->name);
        hb_strbuf_puts(out, "/");
        hb_html_text(out, s->impl);
        hb_strbuf_printf(out, "</td><td class=\"num\" data-value=\"%u\">%u</td>", s->out_bits, s->out_bits);
        for (int k = 0; k < HB_TESTS; k++) {
            const char *v = hb_spread_verdict_name(s->verdict[k]);
            hb_strbuf_printf(out, "<td class=\"verdict-%s\">%s</td>", v, v);
        }
        pairs_text(s, pairs, sizeof pairs, text, sizeof text);
        hb_strbuf_printf(out, "<td class=\"num\" data-value=\"%s\">%s</td></tr>\n", pairs, text);
    }
    hb_strbuf_puts(out, "</tbody></table>\n");
}

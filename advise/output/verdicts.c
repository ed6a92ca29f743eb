/* verdicts.c — one machine's spread verdicts as a table: what scripts/report.sh shows under
 * "Spread verdicts" for any folder with a spread.json (hbadvise --verdicts), so that no script
 * reads hbspread's JSON itself. */
#include <stdio.h>
#include <stdlib.h>

#include "hb_alloc.h"
#include "hb_text_table.h"
#include "markup.h"
#include "output.h"

static const char *keysets(const struct hb_advice_machine *m, struct hb_strbuf *b)
{
    for (size_t i = 0; i < m->nkeysets; i++)
        hb_strbuf_printf(b, "%s%s", i ? ", " : "", m->keysets[i].spec ? m->keysets[i].spec : "?");
    return hb_strbuf_cstr(b);
}

void hb_advice_verdicts_text(const struct hb_advice_machine *m, struct hb_strbuf *out)
{
    struct hb_strbuf sets = {0};
    hb_strbuf_printf(out, "hbspread on: %s (%llu buckets)\n", keysets(m, &sets), (unsigned long long)m->buckets);
    hb_strbuf_free(&sets);
    struct hb_text_table t = {0};
    static const char *const heads[] = {"name/impl", "bits",      "buckets",         "collisions",
                                        "low-32",    "avalanche", "pairs (expected)"};
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_text_table_cell(&t, heads[c], c == 1 || c == 6 ? HB_ALIGN_RIGHT : HB_ALIGN_LEFT, "  ");
    for (size_t i = 0; i < m->nspread; i++) {
        const struct hb_advice_spread *s = &m->spread[i];
        hb_text_table_row(&t);
        hb_text_table_cellf(&t, HB_ALIGN_LEFT, "  ", "%s/%s", s->name, s->impl);
        hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%u", s->out_bits);
        if (s->skipped) {
            hb_text_table_trailing(&t, s->skipped, "  ");
            continue;
        }
        for (int k = 0; k < HB_TESTS; k++)
            hb_text_table_cell(&t, hb_advice_verdict_name(s->verdict[k]), HB_ALIGN_LEFT, "  ");
        hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%llu (%.3g)", (unsigned long long)s->pairs, s->expected);
    }
    size_t len;
    char *text = hb_text_table_format(&t, &len);
    hb_strbuf_append(out, text, len);
    free(text);
    hb_text_table_free(&t);
}

void hb_advice_verdicts_html(const struct hb_advice_machine *m, struct hb_strbuf *out)
{
    struct hb_strbuf sets = {0};
    char *lead = hb_xasprintf("hbspread on: %s, over %llu buckets. Each test's p-value is scaled by the number of "
                              "tests; warn at p' <= 2^-16, FAIL at p' <= 2^-20.",
                              keysets(m, &sets), (unsigned long long)m->buckets);
    hb_strbuf_free(&sets);
    hb_markup_element(out, "p", lead, NULL);
    hb_strbuf_puts(out, "\n");
    free(lead);
    static const char *const heads[] = {
        "name/impl", "bits", "buckets", "collisions", "low-32 collisions", "avalanche", "colliding pairs (expected)"};
    hb_markup_open(out, "table", "class", "verdicts", NULL);
    hb_markup_open(out, "thead", NULL);
    hb_markup_open(out, "tr", NULL);
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_markup_element(out, "th", heads[c], "scope", "col", "class", c == 1 || c == 6 ? "num" : NULL, NULL);
    hb_markup_close(out, "tr");
    hb_markup_close(out, "thead");
    hb_markup_open(out, "tbody", NULL);
    hb_strbuf_puts(out, "\n");
    for (size_t i = 0; i < m->nspread; i++) {
        const struct hb_advice_spread *s = &m->spread[i];
        char label[200], bits[16], pairs[32], pairs_text[64];
        snprintf(label, sizeof label, "%s/%s", s->name, s->impl);
        snprintf(bits, sizeof bits, "%u", s->out_bits);
        hb_markup_open(out, "tr", NULL);
        hb_markup_element(out, "td", label, NULL);
        hb_markup_element(out, "td", bits, "class", "num", "data-value", bits, NULL);
        if (s->skipped) {
            hb_markup_element(out, "td", s->skipped, "colspan", "5", NULL);
        } else {
            for (int k = 0; k < HB_TESTS; k++) {
                const char *v = hb_advice_verdict_name(s->verdict[k]);
                char class_name[32];
                snprintf(class_name, sizeof class_name, "verdict-%s", v);
                hb_markup_element(out, "td", v, "class", class_name, NULL);
            }
            snprintf(pairs, sizeof pairs, "%llu", (unsigned long long)s->pairs);
            snprintf(pairs_text, sizeof pairs_text, "%llu (%.3g)", (unsigned long long)s->pairs, s->expected);
            hb_markup_element(out, "td", pairs_text, "class", "num", "data-value", pairs, NULL);
        }
        hb_markup_close(out, "tr");
        hb_strbuf_puts(out, "\n");
    }
    hb_markup_close(out, "tbody");
    hb_markup_close(out, "table");
    hb_strbuf_puts(out, "\n");
}

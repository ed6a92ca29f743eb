/* spread_table.c — spread.json read with yajl's tree parser (the file holds one run's summary,
 * small whatever the keys) into the report's verdict table. */
#include "spread_table.h"

#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_tree.h>

#include "folder.h"
#include "output.h"
#include "xalloc.h"

/* The verdicts' columns, in the table's order: hbspread's JSON key and the heading. */
static const struct {
    const char *key, *heading;
} tests[] = {
    {"buckets", "buckets"},
    {"collisions", "collisions"},
    {"collisions_low32", "low-32 collisions"},
    {"avalanche", "avalanche"},
};
enum { NTESTS = sizeof tests / sizeof *tests };

static yajl_val member(yajl_val object, const char *key)
{
    const char *path[] = {key, NULL};
    return object ? yajl_tree_get(object, path, yajl_t_any) : NULL;
}

static const char *string_of(yajl_val object, const char *key)
{
    yajl_val v = member(object, key);
    return YAJL_IS_STRING(v) ? YAJL_GET_STRING(v) : NULL;
}

/* A number's text as the file writes it, or "" when absent. */
static const char *number_text(yajl_val object, const char *key)
{
    yajl_val v = member(object, key);
    return YAJL_IS_NUMBER(v) ? YAJL_GET_NUMBER(v) : "";
}

static void keysets_paragraph(yajl_val root, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "<p>hbspread on: ");
    yajl_val keysets = member(root, "keysets");
    for (size_t i = 0; YAJL_IS_ARRAY(keysets) && i < YAJL_GET_ARRAY(keysets)->len; i++) {
        const char *spec = string_of(YAJL_GET_ARRAY(keysets)->values[i], "spec");
        if (i)
            hb_strbuf_puts(out, ", ");
        hb_html_text(out, spec ? spec : "?");
    }
    yajl_val rule = member(root, "verdict_rule");
    hb_strbuf_puts(out, ". Each test's p-value is scaled by the number of tests; warn at 2<sup>");
    hb_html_text(out, number_text(rule, "warn_log2_p"));
    hb_strbuf_puts(out, "</sup>, FAIL at 2<sup>");
    hb_html_text(out, number_text(rule, "fail_log2_p"));
    hb_strbuf_puts(out, "</sup>.</p>\n");
}

static void algorithm_row(yajl_val algo, size_t headline, struct hb_strbuf *out)
{
    yajl_val verdicts = member(algo, "verdicts");
    if (!YAJL_IS_OBJECT(verdicts))
        return; /* not measured: this CPU cannot run it */
    const char *name = string_of(algo, "name"), *impl = string_of(algo, "impl");
    const char *bits = number_text(algo, "out_bits");
    hb_strbuf_puts(out, "<tr><td>");
    hb_html_text(out, name ? name : "?");
    hb_strbuf_puts(out, "/");
    hb_html_text(out, impl ? impl : "?");
    hb_strbuf_printf(out, "</td><td class=\"num\" data-value=\"%s\">%s</td>", bits, bits);
    for (int t = 0; t < NTESTS; t++) {
        const char *v = string_of(member(verdicts, tests[t].key), "verdict");
        hb_strbuf_puts(out, "<td class=\"verdict-");
        hb_html_text(out, v ? v : "");
        hb_strbuf_puts(out, "\">");
        hb_html_text(out, v ? v : "");
        hb_strbuf_puts(out, "</td>");
    }
    yajl_val keysets = member(algo, "keysets");
    yajl_val collisions = NULL;
    if (YAJL_IS_ARRAY(keysets) && headline < YAJL_GET_ARRAY(keysets)->len)
        collisions = member(YAJL_GET_ARRAY(keysets)->values[headline], "collisions");
    yajl_val expected = member(collisions, "expected");
    const char *pairs = number_text(collisions, "pairs");
    hb_strbuf_printf(out, "<td class=\"num\" data-value=\"%s\">%s", pairs, pairs);
    if (YAJL_IS_NUMBER(expected))
        hb_strbuf_printf(out, " (%.3g)", YAJL_GET_DOUBLE(expected));
    hb_strbuf_puts(out, "</td></tr>\n");
}

int hb_spread_table(const char *path, struct hb_strbuf *out, char **error)
{
    struct hb_strbuf text = {0};
    if (hb_read_file(path, &text, error) != 0) {
        hb_strbuf_free(&text);
        return -1;
    }
    char why[256] = "";
    yajl_val root = yajl_tree_parse(hb_strbuf_cstr(&text), why, sizeof why);
    hb_strbuf_free(&text);
    yajl_val algorithms = member(root, "algorithms");
    if (root == NULL || !YAJL_IS_ARRAY(algorithms)) {
        why[strcspn(why, "\n")] = '\0';
        *error = hb_xasprintf("%s: not hbspread's JSON (%s)", path, root ? "no \"algorithms\" array" : why);
        yajl_tree_free(root);
        return -1;
    }
    yajl_val headline = member(root, "headline_keyset");
    size_t first =
        YAJL_IS_INTEGER(headline) && YAJL_GET_INTEGER(headline) >= 0 ? (size_t)YAJL_GET_INTEGER(headline) : 0;
    keysets_paragraph(root, out);
    hb_strbuf_puts(out, "<table class=\"verdicts\"><thead><tr><th>name/impl</th><th class=\"num\">bits</th>");
    for (int t = 0; t < NTESTS; t++)
        hb_strbuf_printf(out, "<th>%s</th>", tests[t].heading);
    hb_strbuf_puts(out, "<th class=\"num\">colliding pairs (expected)</th></tr></thead><tbody>\n");
    for (size_t i = 0; i < YAJL_GET_ARRAY(algorithms)->len; i++)
        algorithm_row(YAJL_GET_ARRAY(algorithms)->values[i], first, out);
    hb_strbuf_puts(out, "</tbody></table>\n");
    yajl_tree_free(root);
    return 0;
}

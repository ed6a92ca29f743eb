/* output_html.c — the advice as the fragment scripts/report.sh puts in its page (advice.html): the
 * keys in a paragraph; for a fleet, the picks of each machine and of the fleet; then per need its
 * rule, the pick with its reason, the plot (plot_svg.c), every qualifying entry in a table the
 * page can sort (each number's raw value in data-value), and the names left out by reason. Written
 * through markup.c, which escapes every text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "against.h"
#include "describe.h"
#include "hb_alloc.h"
#include "html_tables.h"
#include "hb_markup.h"
#include "output_formats.h"
#include "plot_svg.h"
#include "published.h"
#include "table_rank.h"

static void cell_text(struct hb_strbuf *out, const char *text, const char *class_name)
{
    hb_markup_element(out, "td", text, "class", class_name, NULL);
}

/* A number cell: the median, its 90% interval beside it, and the raw median for sorting. */
static void cell_ns(struct hb_strbuf *out, const struct hb_advice_interval *x)
{
    hb_advice_html_ns_cell(out, x, NULL);
}

static void html_ranked_table(const struct hb_advice_result *r, struct hb_strbuf *out)
{
    static const struct {
        const char *title, *class_name;
    } heads[] = {{"#", "num"},         {"name/impl", NULL},   {"set", NULL},         {"rank", "num"},
                 {"processes", "num"}, {"bits", "num"},       {"latency ns", "num"}, {"ns/key", "num"},
                 {"DRAM ns", "num"},   {"dos, output", NULL}, {"why", "why"}};
    hb_markup_open(out, "table", "class", "advice", "data-need", r->rule->name, NULL);
    hb_strbuf_puts(out, "\n");
    hb_markup_open(out, "thead", NULL);
    hb_markup_open(out, "tr", NULL);
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_markup_element(out, "th", heads[c].title, "scope", "col", "class", heads[c].class_name, NULL);
    hb_markup_close(out, "tr");
    hb_markup_close(out, "thead");
    hb_strbuf_puts(out, "\n");
    hb_markup_open(out, "tbody", NULL);
    hb_strbuf_puts(out, "\n");
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_pick *p = &r->ranked[i];
        const struct hb_hash *h = p->entry.props;
        char label[160], rank[24], bits[16], output[128], interval[32], processes[24], lo[24];
        hb_advice_entry_label(&p->entry, label, sizeof label);
        snprintf(rank, sizeof rank, "%zu", i + 1);
        hb_advice_rank_text(interval, sizeof interval, p);
        snprintf(lo, sizeof lo, "%zu", p->rank_lo);
        snprintf(processes, sizeof processes, "%zu", p->processes);
        snprintf(bits, sizeof bits, "%u", h->out_bits);
        snprintf(output, sizeof output, "%s, %s%s%s", hb_advice_dos_name(h->dos), hb_advice_output_name(h->output),
                 h->algo_version ? " " : "", h->algo_version ? h->algo_version : "");
        hb_markup_open(out, "tr", "class", i == 0 ? "pick" : p->fastest ? "fastest" : NULL, NULL);
        hb_markup_element(out, "td", rank, "class", "num", "data-value", rank, NULL);
        cell_text(out, label, NULL);
        cell_text(out, p->fastest ? "in" : "", NULL);
        hb_markup_element(out, "td", interval, "class", "num", "data-value", lo, NULL);
        hb_markup_element(out, "td", processes, "class", "num", "data-value", processes, NULL);
        hb_markup_element(out, "td", bits, "class", "num", "data-value", bits, NULL);
        cell_ns(out, &p->entry.latency);
        cell_ns(out, &p->entry.throughput);
        cell_ns(out, &p->entry.ram);
        cell_text(out, output, NULL);
        char *why = h->needs ? hb_xasprintf("%s (needs %s: no portable code)", p->why, h->needs) : hb_xstrdup(p->why);
        cell_text(out, why, "why");
        free(why);
        hb_markup_close(out, "tr");
        hb_strbuf_puts(out, "\n");
    }
    hb_markup_close(out, "tbody");
    hb_markup_close(out, "table");
    hb_strbuf_puts(out, "\n");
}

static void html_excluded_line(const char *reason, const char *names, void *arg)
{
    struct hb_strbuf *out = arg;
    char *line = hb_xasprintf("left out: %s — %s", names, reason);
    hb_markup_element(out, "li", line, NULL);
    hb_strbuf_puts(out, "\n");
    free(line);
}

static void paragraph(struct hb_strbuf *out, const char *class_name, const char *lead, const char *text)
{
    hb_markup_open(out, "p", "class", class_name, NULL);
    if (lead) {
        hb_markup_element(out, "b", lead, NULL);
        hb_strbuf_puts(out, " ");
    }
    hb_html_text(out, text);
    hb_markup_close(out, "p");
    hb_strbuf_puts(out, "\n");
}

/* Each design the run measured, ranked on its own (the table needs): its fastest set and pick, and
 * where the design's default hash stands (data-against: the verdict's key in advice.json). */
static void design_list(const struct hb_advice_report *rep, size_t k, struct hb_strbuf *out)
{
    if (!rep->design_ranked[k])
        return;
    const unsigned measured = hb_hashtable_designs_shown(&rep->need[k]);
    paragraph(out, "designs-lead", NULL, "Each design on its own (its hit and miss only; hbadvise --table DESIGN):");
    hb_markup_open(out, "ul", "class", "designs", NULL);
    hb_strbuf_puts(out, "\n");
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!(measured >> d & 1))
            continue;
        const struct hb_advice_result *one = &rep->design[k][d];
        char *line = hb_advice_design_sentence(one, (enum hb_design)d), *against = hb_advice_against_sentence(one);
        char *both = hb_xasprintf("%s.%s%s", line, against ? " " : "", against ? against : "");
        hb_markup_element(out, "li", both, "data-design", hb_design_name((enum hb_design)d), "data-against",
                          hb_against_key(one->against.verdict), NULL);
        hb_strbuf_puts(out, "\n");
        free(both);
        free(against);
        free(line);
    }
    hb_markup_close(out, "ul");
    hb_strbuf_puts(out, "\n");
}

static void html_need_section(const struct hb_advice_report *rep, size_t k, struct hb_strbuf *out)
{
    const struct hb_advice_result *r = &rep->need[k];
    const struct hb_need_rule *rule = r->rule;
    char id[64], plot_id[64];
    snprintf(id, sizeof id, "need-%s", rule->name);
    snprintf(plot_id, sizeof plot_id, "plot-%s", rule->name);
    hb_markup_open(out, "section", "class", "need", "id", id, NULL);
    hb_markup_open(out, "h3", NULL);
    hb_html_text(out, rule->name);
    hb_strbuf_puts(out, " ");
    hb_markup_element(out, "small", rule->what, NULL);
    hb_markup_close(out, "h3");
    hb_strbuf_puts(out, "\n");
    paragraph(out, "rule", "Rule.", r->rule_words);
    if (r->bound) {
        char *text = hb_xasprintf("%s.", r->bound);
        paragraph(out, "bound", "Birthday bound:", text);
        free(text);
    }
    if (r->lead)
        paragraph(out, "need-lead", NULL, r->lead);
    if (r->fallback)
        paragraph(out, "fallback", NULL, r->fallback);
    if (r->noise)
        paragraph(out, "noise", "Noisy.", r->noise);
    /* "Use <b>name/impl</b>: why." — the words scripts and tests look for. */
    hb_markup_open(out, "p", "class", "recommend", NULL);
    if (r->nranked) {
        char label[160];
        hb_advice_entry_label(&r->ranked[0].entry, label, sizeof label);
        hb_strbuf_puts(out, "Use ");
        hb_markup_element(out, "b", label, NULL);
        hb_strbuf_puts(out, ": ");
        hb_html_text(out, r->ranked[0].why);
        const char *formats = hb_published_formats(r->ranked[0].entry.name);
        if (formats && rule->need == HB_NEED_CHECKSUM) {
            hb_strbuf_puts(out, " (");
            hb_html_text(out, formats);
            hb_strbuf_puts(out, ")");
        }
        hb_strbuf_puts(out, ".");
    } else {
        hb_strbuf_puts(out, "Nothing qualifies.");
    }
    hb_markup_close(out, "p");
    hb_strbuf_puts(out, "\n");
    char *set = hb_advice_set_sentence(r), *held = hb_advice_halves_sentence(r);
    if (set)
        paragraph(out, "fastest-set", NULL, set);
    if (held)
        paragraph(out, r->halves.held ? "halves held" : "halves", NULL, held);
    free(set);
    free(held);
    for (size_t i = 0; i < r->nnotes; i++)
        paragraph(out, "need-note", NULL, r->notes[i]);
    if (r->advice_words)
        paragraph(out, "advice-note", NULL, r->advice_words);
    if (r->nranked) {
        hb_markup_open(out, "figure", "class", "advice-plot", NULL);
        hb_strbuf_puts(out, "\n");
        if (hb_advice_plot_svg(r, plot_id, out)) {
            hb_strbuf_puts(out, "\n");
            hb_markup_element(
                out, "figcaption",
                "Each qualifying entry: its median chain latency against its median time per key on "
                "these keys (medians of the process medians), the bars their 90% intervals; filled dots are the "
                "fastest set's members, hollow ones the rest; the pick is ringed. Both axes are logarithmic: "
                "equal distances are equal ratios.",
                NULL);
        } else {
            hb_markup_element(out, "figcaption", "No plot: the run has no chain-latency rows to plot against.", NULL);
        }
        hb_markup_close(out, "figure");
        hb_strbuf_puts(out, "\n");
        html_ranked_table(r, out);
    }
    hb_advice_html_tables(r, out);
    char *against = hb_advice_against_sentence(r);
    if (against)
        paragraph(out, "against", NULL, against);
    free(against);
    design_list(rep, k, out);
    if (r->nexcluded) {
        hb_markup_open(out, "ul", "class", "excluded", NULL);
        hb_strbuf_puts(out, "\n");
        hb_advice_excluded_by_reason(r, html_excluded_line, out);
        hb_markup_close(out, "ul");
        hb_strbuf_puts(out, "\n");
    }
    hb_markup_close(out, "section");
    hb_strbuf_puts(out, "\n");
}

static void fleet_table(const struct hb_advice_report *rep, struct hb_strbuf *out)
{
    hb_markup_open(out, "table", "class", "advice-fleet", NULL);
    hb_markup_open(out, "thead", NULL);
    hb_markup_open(out, "tr", NULL);
    hb_markup_element(out, "th", "need", "scope", "col", NULL);
    for (size_t i = 0; i < rep->nmachines; i++) {
        char tag[24], *title;
        hb_advice_machine_tag(i, tag, sizeof tag);
        const struct hb_advice_machine *m = rep->machines[i];
        title = hb_xasprintf("%s: %s (%s)", tag, m->host ? m->host : "?", m->cpu_model ? m->cpu_model : "?");
        hb_markup_element(out, "th", title, "scope", "col", NULL);
        free(title);
    }
    hb_markup_element(out, "th", "fleet", "scope", "col", NULL);
    hb_markup_close(out, "tr");
    hb_markup_close(out, "thead");
    hb_markup_open(out, "tbody", NULL);
    hb_strbuf_puts(out, "\n");
    for (size_t k = 0; k < HB_NEEDS; k++) {
        if (!rep->wanted[k])
            continue;
        char label[160];
        hb_markup_open(out, "tr", NULL);
        hb_markup_element(out, "th", hb_need_rules[k].name, "scope", "row", NULL);
        for (size_t i = 0; i <= rep->nmachines; i++) {
            const struct hb_advice_result *r = i < rep->nmachines ? &rep->per_machine[i][k] : &rep->need[k];
            if (r->nranked)
                hb_advice_entry_label(&r->ranked[0].entry, label, sizeof label);
            cell_text(out, r->nranked ? label : "nothing qualifies", NULL);
        }
        hb_markup_close(out, "tr");
        hb_strbuf_puts(out, "\n");
    }
    hb_markup_close(out, "tbody");
    hb_markup_close(out, "table");
    hb_strbuf_puts(out, "\n");
}

void hb_advice_write_html(const struct hb_advice_report *rep, const struct hb_advice_output_options *o,
                          struct hb_strbuf *out)
{
    (void)o;
    hb_markup_open(out, "div", "class", "advice", NULL);
    hb_strbuf_puts(out, "\n");
    char **lines;
    size_t n = hb_advice_describe(rep->machines[0], &lines);
    hb_markup_open(out, "p", "class", "keys", NULL);
    for (size_t i = 0; i < n; i++) {
        if (i)
            hb_strbuf_puts(out, " ");
        hb_html_text(out, lines[i]);
    }
    hb_markup_close(out, "p");
    hb_strbuf_puts(out, "\n");
    hb_advice_lines_free(lines, n);
    if (rep->per_machine) {
        paragraph(out, "fleet", NULL,
                  "One column per machine (runs of one machine pool their processes); the fleet's pick qualifies on "
                  "every machine, is in every machine's fastest set (their union when none is in all) and has the "
                  "least time on its slowest one. The lists below are the fleet's, each figure from the entry's "
                  "slowest machine.");
        fleet_table(rep, out);
    }
    for (size_t k = 0; k < HB_NEEDS; k++)
        if (rep->wanted[k])
            html_need_section(rep, k, out);
    hb_markup_close(out, "div");
    hb_strbuf_puts(out, "\n");
}

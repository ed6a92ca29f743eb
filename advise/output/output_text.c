/* output_text.c — the advice for a person at a terminal: the keys, then per need its rule, the
 * first entries of its list (common/'s text table), the others that qualify, the names left out
 * grouped by reason, and the pick; a fleet first has its machines and their picks side by side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "hb_alloc.h"
#include "hb_text_table.h"
#include "output_formats.h"
#include "table_rank.h"
#include "text_tables.h"

#define SHORTLIST 5
#define WIDTH     100

/* text wrapped at WIDTH, every line starting with indent. */
static void append_wrapped(struct hb_strbuf *out, const char *indent, const char *text)
{
    size_t column = 0, indent_len = strlen(indent);
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t word = strcspn(p, " ");
        if (!word)
            break;
        if (column && column + 1 + word > WIDTH) {
            hb_strbuf_puts(out, "\n");
            column = 0;
        }
        if (!column) {
            hb_strbuf_puts(out, indent);
            column = indent_len;
        } else {
            hb_strbuf_puts(out, " ");
            column++;
        }
        hb_strbuf_append(out, p, word);
        column += word;
        p += word;
    }
    if (column)
        hb_strbuf_puts(out, "\n");
}

static void text_excluded_line(const char *reason, const char *names, void *arg)
{
    char *line = hb_xasprintf("left out: %s — %s", names, reason);
    append_wrapped(arg, "  ", line);
    free(line);
}

/* The first entries of the list: the fastest set's members marked "*", each entry's rank
 * interval and the processes that timed its ranking measure beside its figures. */
static void text_ranked_table(const struct hb_advice_result *r, struct hb_strbuf *out)
{
    struct hb_text_table t = {0};
    static const char *const heads[] = {"#",          "name/impl",    "set",    "rank",         "processes", "bits",
                                        "latency ns", "90% interval", "ns/key", "90% interval", "from DRAM", "why"};
    for (size_t c = 0; c < sizeof heads / sizeof *heads; c++)
        hb_text_table_cell(&t, heads[c], c < 3 || c == 11 ? HB_ALIGN_LEFT : HB_ALIGN_RIGHT, "  ");
    for (size_t i = 0; i < r->nranked && i < SHORTLIST; i++) {
        const struct hb_advice_pick *p = &r->ranked[i];
        char label[160], lat[32], lat_ci[48], thr[32], thr_ci[48], ram[32], rank[32];
        hb_advice_entry_label(&p->entry, label, sizeof label);
        hb_advice_ns(lat, sizeof lat, p->entry.latency.median, p->entry.latency.present);
        hb_advice_ns_interval(lat_ci, sizeof lat_ci, &p->entry.latency);
        hb_advice_ns(thr, sizeof thr, p->entry.throughput.median, p->entry.throughput.present);
        hb_advice_ns_interval(thr_ci, sizeof thr_ci, &p->entry.throughput);
        hb_advice_ns(ram, sizeof ram, p->entry.ram.median, p->entry.ram.present);
        hb_advice_rank_text(rank, sizeof rank, p);
        hb_text_table_row(&t);
        hb_text_table_cellf(&t, HB_ALIGN_LEFT, "  ", "%zu", i + 1);
        hb_text_table_cell(&t, label, HB_ALIGN_LEFT, "  ");
        hb_text_table_cell(&t, p->fastest ? "*" : "", HB_ALIGN_LEFT, "  ");
        hb_text_table_cell(&t, rank, HB_ALIGN_RIGHT, "  ");
        hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%zu", p->processes);
        hb_text_table_cellf(&t, HB_ALIGN_RIGHT, "  ", "%u", p->entry.props->out_bits);
        hb_text_table_cell(&t, lat, HB_ALIGN_RIGHT, "  ");
        hb_text_table_cell(&t, lat_ci, HB_ALIGN_RIGHT, "  ");
        hb_text_table_cell(&t, thr, HB_ALIGN_RIGHT, "  ");
        hb_text_table_cell(&t, thr_ci, HB_ALIGN_RIGHT, "  ");
        hb_text_table_cell(&t, ram, HB_ALIGN_RIGHT, "  ");
        hb_text_table_trailing(&t, p->why, "  ");
    }
    size_t len;
    char *text = hb_text_table_format(&t, &len);
    hb_strbuf_append(out, text, len);
    free(text);
    hb_text_table_free(&t);
}

/* Each design the run measured, ranked on its own (the table needs): its fastest set and pick, and
 * where the design's default hash stands. */
static void design_lines(const struct hb_advice_report *rep, size_t k, struct hb_strbuf *out)
{
    if (!rep->design_ranked[k])
        return;
    const unsigned measured = hb_hashtable_designs_shown(&rep->need[k]);
    hb_strbuf_puts(out, "  Each design on its own (its hit and miss only; hbadvise --table DESIGN):\n");
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!(measured >> d & 1))
            continue;
        char *line = hb_advice_design_sentence(&rep->design[k][d], (enum hb_design)d),
             *against = hb_advice_against_sentence(&rep->design[k][d]);
        char *both = hb_xasprintf("%s.%s%s", line, against ? " " : "", against ? against : "");
        append_wrapped(out, "    ", both);
        free(both);
        free(against);
        free(line);
    }
}

static void text_need_section(const struct hb_advice_report *rep, size_t k, struct hb_strbuf *out)
{
    const struct hb_advice_result *r = &rep->need[k];
    const struct hb_need_rule *rule = r->rule;
    hb_strbuf_printf(out, "\n%s — %s\n", rule->name, rule->what);
    char *text = hb_xasprintf("Rule: %s", r->rule_words);
    append_wrapped(out, "  ", text);
    free(text);
    if (r->lead)
        append_wrapped(out, "  ", r->lead);
    if (r->bound) {
        text = hb_xasprintf("Birthday bound: %s.", r->bound);
        append_wrapped(out, "  ", text);
        free(text);
    }
    if (r->fallback)
        append_wrapped(out, "  ", r->fallback);
    if (r->noise)
        append_wrapped(out, "  ", r->noise);
    char *set = hb_advice_set_sentence(r), *halves = hb_advice_halves_sentence(r);
    if (set)
        append_wrapped(out, "  ", set);
    if (!r->nranked)
        hb_strbuf_printf(out, "  %s\n", r->rule->none ? r->rule->none : "nothing qualifies");
    else
        text_ranked_table(r, out);
    if (r->combination)
        hb_advice_text_tables(r, out);
    char *against = hb_advice_against_sentence(r);
    if (against)
        append_wrapped(out, "  ", against);
    free(against);
    design_lines(rep, k, out);
    if (halves)
        append_wrapped(out, "  ", halves);
    free(set);
    free(halves);
    if (r->nranked > SHORTLIST) {
        struct hb_strbuf more = {0};
        for (size_t i = SHORTLIST; i < r->nranked; i++)
            hb_strbuf_printf(&more, "%s%s", i > SHORTLIST ? ", " : "also qualify, in order: ", r->ranked[i].entry.name);
        append_wrapped(out, "  ", hb_strbuf_cstr(&more));
        hb_strbuf_free(&more);
    }
    hb_advice_excluded_by_reason(r, text_excluded_line, out);
    for (size_t i = 0; i < r->nnotes; i++)
        append_wrapped(out, "  ", r->notes[i]);
    if (r->nranked) {
        const struct hb_advice_entry *e = &r->ranked[0].entry;
        char label[160], lat[32], thr[32];
        hb_advice_entry_label(e, label, sizeof label);
        hb_advice_ns(lat, sizeof lat, e->latency.median, e->latency.present);
        hb_advice_ns(thr, sizeof thr, e->throughput.median, e->throughput.present);
        char table[32];
        hb_advice_ns(table, sizeof table, e->table_score.median, e->table_score.present);
        text = r->combination ? hb_xasprintf("=> %s: %s (table lookup time %s ns per key; chain latency %s ns, shown, "
                                             "not used; %s)",
                                             rule->name, label, table, lat, r->ranked[0].why)
                              : hb_xasprintf("=> %s: %s (chain latency %s ns, %s ns per key; %s)", rule->name, label,
                                             lat, thr, r->ranked[0].why);
        append_wrapped(out, "  ", text);
        free(text);
    }
    if (r->advice_words)
        append_wrapped(out, "     ", r->advice_words);
}

static const char *pick_of(const struct hb_advice_result *r, char *buf, size_t len)
{
    if (!r->nranked)
        return "nothing qualifies";
    hb_advice_entry_label(&r->ranked[0].entry, buf, len);
    return buf;
}

static void fleet_header(const struct hb_advice_report *rep, struct hb_strbuf *out)
{
    hb_strbuf_puts(out, "One column per machine (runs of one machine pool their processes); fleet: qualifies on every "
                        "machine, in every machine's fastest set, least time on its slowest one.\n\n");
    for (size_t i = 0; i < rep->nmachines; i++) {
        const struct hb_advice_machine *m = rep->machines[i];
        char tag[24];
        hb_advice_machine_tag(i, tag, sizeof tag);
        hb_strbuf_printf(out, "  %-4s %s (%s)  %s\n", tag, m->host ? m->host : "?", m->cpu_model ? m->cpu_model : "?",
                         m->dir);
    }
    hb_strbuf_puts(out, "\n");
    struct hb_text_table t = {0};
    hb_text_table_cell(&t, "need", HB_ALIGN_LEFT, "  ");
    for (size_t i = 0; i < rep->nmachines; i++) {
        char tag[24];
        hb_advice_machine_tag(i, tag, sizeof tag);
        hb_text_table_cell(&t, tag, HB_ALIGN_LEFT, "  ");
    }
    hb_text_table_cell(&t, "fleet", HB_ALIGN_LEFT, "  ");
    for (size_t k = 0; k < HB_NEEDS; k++) {
        if (!rep->wanted[k])
            continue;
        char buf[160];
        hb_text_table_row(&t);
        hb_text_table_cell(&t, hb_need_rules[k].name, HB_ALIGN_LEFT, "  ");
        for (size_t i = 0; i < rep->nmachines; i++)
            hb_text_table_cell(&t, pick_of(&rep->per_machine[i][k], buf, sizeof buf), HB_ALIGN_LEFT, "  ");
        hb_text_table_cell(&t, pick_of(&rep->need[k], buf, sizeof buf), HB_ALIGN_LEFT, "  ");
    }
    size_t len;
    char *text = hb_text_table_format(&t, &len);
    hb_strbuf_append(out, text, len);
    free(text);
    hb_text_table_free(&t);
    hb_strbuf_puts(out, "\nFleet lists (figures: each entry's slowest machine):\n");
}

void hb_advice_write_text(const struct hb_advice_report *rep, const struct hb_advice_output_options *o,
                          struct hb_strbuf *out)
{
    (void)o;
    if (rep->nmachines > 1)
        fleet_header(rep, out);
    char **lines;
    size_t n = hb_advice_describe(rep->machines[0], &lines);
    for (size_t i = 0; i < n; i++)
        append_wrapped(out, i ? "  " : "", lines[i]);
    hb_advice_lines_free(lines, n);
    for (size_t k = 0; k < HB_NEEDS; k++)
        if (rep->wanted[k])
            text_need_section(rep, k, out);
    hb_strbuf_puts(out, "\nRecommendation per need:\n");
    hb_advice_write_brief(rep, o, out);
}

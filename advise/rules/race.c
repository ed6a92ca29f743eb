/* race.c — racing and agreement, from the rankings a report holds. Racing drops an entry from the
 * later processes of a kind only when no ranking those rows decide can still put it in a fastest
 * set at the stricter confidence the report was built at. Agreement compares two runs as a user
 * would: by algorithm name, whichever implementation each run timed fastest. */
#include "race.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "hb_strbuf.h"

enum hb_advice_file hb_advice_ranked_file(const struct hb_advice_result *r, const struct hb_advice_machine *m)
{
    switch (r->rank_by) {
    case HB_MEASURE_TABLE: return HB_FILE_TABLES;
    case HB_MEASURE_BULK: return HB_FILE_BULK;
    case HB_MEASURE_THROUGHPUT: return r->rule->at_record_size && m->record_rows ? HB_FILE_RECORD : HB_FILE_RUN;
    default: return HB_FILE_RUN;
    }
}

bool hb_advice_need_reads(enum hb_need k, enum hb_advice_file kind, const struct hb_advice_machine *m)
{
    const struct hb_need_rule *rule = &hb_need_rules[k];
    switch (kind) {
    case HB_FILE_TABLES: return rule->rank_by == HB_MEASURE_TABLE && m->has_tables;
    case HB_FILE_RECORD: return rule->at_record_size && m->record_rows;
    case HB_FILE_BULK: return k == HB_NEED_CRYPTO;
    case HB_FILE_RUN:
        return rule->rank_by == HB_MEASURE_TABLE ? !m->has_tables : !(rule->at_record_size && m->record_rows);
    case HB_FILES: break;
    }
    return false;
}

static void add_label(char ***labels, size_t *n, size_t *cap, const char *name, const char *impl)
{
    char *label = hb_xasprintf("%s/%s", name, impl);
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*labels)[i], label) == 0) {
            free(label);
            return;
        }
    hb_grow((void **)labels, cap, *n + 1, sizeof **labels);
    (*labels)[(*n)++] = label;
}

/* The members of r's fastest set, and the default hash of the design r ranks by when the run timed
 * it there, so that the answer against the default stays paired in every process (against.h). */
static void add_members(const struct hb_advice_result *r, char ***labels, size_t *n, size_t *cap)
{
    for (size_t i = 0; i < r->nranked; i++)
        if (r->ranked[i].fastest)
            add_label(labels, n, cap, r->ranked[i].entry.name, r->ranked[i].entry.impl);
    if (r->against.impl)
        add_label(labels, n, cap, r->against.name, r->against.impl);
}

/* Whether timing t has kind's rows in process p. */
static bool timed_in(const struct hb_advice_timing *t, enum hb_advice_file kind, size_t p)
{
    const struct hb_advice_interval *x = kind == HB_FILE_RECORD ? &t->record
                                         : kind == HB_FILE_BULK ? &t->bulk
                                         : kind == HB_FILE_RUN  ? &t->throughput
                                                                : NULL;
    if (kind == HB_FILE_TABLES && t->tables)
        x = &t->tables->cell[0][HB_OP_HIT].x;
    return x && p < x->nprocesses && !isnan(x->process[p]);
}

size_t hb_advice_contenders(const struct hb_advice_report *rep, enum hb_advice_file kind, char ***labels)
{
    const struct hb_advice_machine *m = rep->machines[0];
    size_t n = 0, cap = 0;
    *labels = NULL;
    for (size_t k = 0; k < HB_NEEDS; k++) {
        if (!rep->wanted[k])
            continue;
        const struct hb_advice_result *r = &rep->need[k];
        if (hb_advice_ranked_file(r, m) == kind)
            add_members(r, labels, &n, &cap);
        for (int d = 0; rep->design_ranked[k] && d < HB_DESIGNS; d++)
            if (hb_advice_ranked_file(&rep->design[k][d], m) == kind)
                add_members(&rep->design[k][d], labels, &n, &cap);
        if (r->bulk && kind == HB_FILE_BULK)
            add_members(r->bulk, labels, &n, &cap);
    }
    for (size_t i = 0; i < m->ntimings && !n && m->processes; i++)
        if (timed_in(&m->timings[i], kind, m->processes - 1))
            add_label(labels, &n, &cap, m->timings[i].name, m->timings[i].impl);
    return n;
}

/* The names of r's fastest set (the first tier's, ranked[0..nfastest)), comma-separated, in order. */
static char *names_of(const struct hb_advice_result *r)
{
    struct hb_strbuf b = {0};
    for (size_t i = 0; i < r->nfastest; i++)
        hb_strbuf_printf(&b, "%s%s", i ? "," : "", r->ranked[i].entry.name);
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

static bool in_set(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nfastest; i++)
        if (strcmp(r->ranked[i].entry.name, name) == 0)
            return true;
    return false;
}

/* The entries of the first tier (the pick's). */
static size_t first_tier(const struct hb_advice_result *r)
{
    size_t n = 0;
    while (n < r->nranked && r->ranked[n].tier == r->ranked[0].tier)
        n++;
    return n;
}

static void compare(const char *ranking, const struct hb_advice_result *a, const struct hb_advice_result *b,
                    struct hb_advice_agreement **rows, size_t *n, size_t *cap)
{
    if (!a->nranked && !b->nranked)
        return;
    hb_grow((void **)rows, cap, *n + 1, sizeof **rows);
    struct hb_advice_agreement *g = &(*rows)[(*n)++];
    const struct hb_advice_result *r[2] = {a, b};
    *g = (struct hb_advice_agreement){.ranking = hb_xstrdup(ranking)};
    for (int i = 0; i < 2; i++) {
        g->ranked[i] = first_tier(r[i]);
        g->set[i] = names_of(r[i]);
        g->pick[i] = hb_xstrdup(r[i]->nranked ? r[i]->ranked[0].entry.name : "");
        g->held[i] = r[i]->halves.held;
    }
    size_t common = 0;
    for (size_t i = 0; i < a->nfastest; i++)
        common += in_set(b, a->ranked[i].entry.name);
    g->intersect = common > 0;
    g->identical = a->nfastest == b->nfastest && common == a->nfastest;
    g->pick_in_other[0] = a->nranked && in_set(b, a->ranked[0].entry.name);
    g->pick_in_other[1] = b->nranked && in_set(a, b->ranked[0].entry.name);
}

size_t hb_advice_agree(const struct hb_advice_report *a, const struct hb_advice_report *b,
                       struct hb_advice_agreement **rows)
{
    size_t n = 0, cap = 0;
    *rows = NULL;
    for (size_t k = 0; k < HB_NEEDS; k++) {
        if (!a->wanted[k] || !b->wanted[k])
            continue;
        const char *need = hb_need_rules[k].name;
        compare(need, &a->need[k], &b->need[k], rows, &n, &cap);
        for (int d = 0; a->design_ranked[k] && b->design_ranked[k] && d < HB_DESIGNS; d++) {
            char *name = hb_xasprintf("%s/%s", need, hb_design_name((enum hb_design)d));
            compare(name, &a->design[k][d], &b->design[k][d], rows, &n, &cap);
            free(name);
        }
        if (a->need[k].bulk && b->need[k].bulk) {
            char *name = hb_xasprintf("%s/64KiB", need);
            compare(name, a->need[k].bulk, b->need[k].bulk, rows, &n, &cap);
            free(name);
        }
    }
    return n;
}

void hb_advice_agreements_free(struct hb_advice_agreement *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(rows[i].ranking);
        for (int k = 0; k < 2; k++)
            free(rows[i].set[k]), free(rows[i].pick[k]);
    }
    free(rows);
}

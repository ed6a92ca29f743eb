/* describe_ranking.c — a ranking's fastest set and its halves check in sentences, as every format
 * states them. */
#include "describe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "hb_strbuf.h"

void hb_advice_rank_text(char *out, size_t len, const struct hb_advice_pick *p)
{
    if (p->rank_lo == p->rank_hi)
        snprintf(out, len, "%zu", p->rank_lo);
    else
        snprintf(out, len, "%zu-%zu", p->rank_lo, p->rank_hi);
}

char *hb_advice_set_sentence(const struct hb_advice_result *r)
{
    if (!r->nranked)
        return NULL;
    size_t first = 0;
    while (first < r->nranked && r->ranked[first].tier == r->ranked[0].tier)
        first++;
    struct hb_strbuf b = {0};
    if (r->fleet)
        hb_strbuf_printf(&b,
                         "Fastest set at %.0f%% for the fleet (%s, each machine's set at %.4g%% so that all hold "
                         "at once): ",
                         100 * r->confidence,
                         r->fleet_disagree ? "the machines' sets share no entry, so this is their union"
                                           : "the entries in every machine's set",
                         100 * (1 - (1 - r->confidence) / (double)r->fleet));
    else
        hb_strbuf_printf(&b,
                         "Fastest set at %.0f%% (the entries that could be the fastest, simultaneously over the %zu "
                         "ranked, from the spread between %zu processes): ",
                         100 * r->confidence, first, r->processes);
    for (size_t i = 0; i < r->nfastest; i++)
        hb_strbuf_printf(&b, "%s%s", i ? ", " : "", r->ranked[i].entry.name);
    hb_strbuf_printf(&b, ". Pick: %s/%s.", r->ranked[0].entry.name, r->ranked[0].entry.impl);
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

/* The names shown of a half's set before "and N more" */
#define HALF_NAMES 6

static void half(struct hb_strbuf *b, const struct hb_advice_result *r, int h)
{
    hb_strbuf_printf(b, "the %s processes (%zu) give {", h ? "even" : "odd", r->halves.processes[h]);
    for (size_t i = 0; i < r->halves.nset[h] && i < HALF_NAMES; i++) {
        const char *label = r->halves.set[h][i];
        hb_strbuf_printf(b, "%s%.*s", i ? ", " : "", (int)strcspn(label, "/"), label);
    }
    if (r->halves.nset[h] > HALF_NAMES)
        hb_strbuf_printf(b, " and %zu more", r->halves.nset[h] - HALF_NAMES);
    hb_strbuf_printf(b, "}, pick %s", r->halves.pick[h] ? r->halves.pick[h] : "none");
}

char *hb_advice_halves_sentence(const struct hb_advice_result *r)
{
    if (!r->nranked)
        return NULL;
    struct hb_strbuf b = {0};
    if (r->fleet) {
        if (r->halves.held)
            hb_strbuf_puts(&b, "Held in both halves of its processes on every machine.");
        else
            hb_strbuf_printf(&b, "Did not hold in both halves of its processes on %s (each machine's list says how).",
                             r->halves.machines_not_held ? r->halves.machines_not_held : "every machine");
    } else if (!r->halves.checked) {
        hb_strbuf_printf(&b, "Not checked in halves: %zu processes leave a half fewer than %d to rank with.",
                         r->processes, HB_HALF_MIN_PROCESSES);
    } else {
        hb_strbuf_printf(&b, "%s in both halves of its processes: ", r->halves.held ? "Held" : "Did not hold");
        half(&b, r, 0);
        hb_strbuf_puts(&b, "; ");
        half(&b, r, 1);
        if (r->halves.held)
            hb_strbuf_puts(&b, " (the pick is in both sets, and each half's pick in the other's).");
        else
            hb_strbuf_printf(&b,
                             " (%s): take the pick as one of its set, and time again (advise.sh --from pools the "
                             "runs).",
                             !r->halves.pick_in_half[0] || !r->halves.pick_in_half[1]
                                 ? "the pick is missing from a half's set"
                                 : "a half's pick is missing from the other half's set");
    }
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

char *hb_advice_design_sentence(const struct hb_advice_result *r, enum hb_design d)
{
    struct hb_strbuf b = {0};
    hb_strbuf_printf(&b, "%s: ", hb_design_name(d));
    if (!r->nranked)
        hb_strbuf_puts(&b, "nothing ranked");
    for (size_t i = 0; i < r->nfastest; i++)
        hb_strbuf_printf(&b, "%s%s", i ? ", " : "fastest set {", r->ranked[i].entry.name);
    if (r->nranked)
        hb_strbuf_printf(&b, "}, pick %s/%s (%s)", r->ranked[0].entry.name, r->ranked[0].entry.impl,
                         !r->halves.checked ? "not checked in halves"
                         : r->halves.held   ? "held in both halves"
                                            : "did not hold in both halves");
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

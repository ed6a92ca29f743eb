/* describe_ranking.c — a ranking's fastest set, its halves check and, ranked by one design's tables,
 * the answer against that design's default hash, in sentences as every format states them. */
#include "describe.h"

#include <math.h>
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

/* "X/impl saves N% per hit [LO%, HI%] (paired in P processes; median hits A ns against B ns)", "costs
 * N% more per hit" when the pick is the slower per hit (the interval negated alike), and with fewer
 * than HB_INTERVAL_MIN_PROCESSES paired, no interval and why. */
static void saving(struct hb_strbuf *b, const struct hb_advice_result *r)
{
    const struct hb_advice_against *a = &r->against;
    char pick[32], def[32];
    hb_advice_ns(pick, sizeof pick, a->pick_hit.median, a->pick_hit.present);
    hb_advice_ns(def, sizeof def, a->default_hit.median, a->default_hit.present);
    double sign = a->saving.median >= 0 ? 1 : -1, lo = sign * a->saving.lo, hi = sign * a->saving.hi;
    hb_strbuf_printf(b, "%s/%s %s %.0f%% %s", r->ranked[0].entry.name, r->ranked[0].entry.impl,
                     sign > 0 ? "saves" : "costs", fabs(a->saving.median), sign > 0 ? "per hit" : "more per hit");
    if (hb_advice_interval_finite(&a->saving))
        hb_strbuf_printf(b, " [%.0f%%, %.0f%%] (paired in %zu processes", lo < hi ? lo : hi, lo < hi ? hi : lo,
                         a->saving.n);
    else
        hb_strbuf_printf(b, " (paired in %zu processes, too few for a 90%% interval: %d needed", a->saving.n,
                         HB_INTERVAL_MIN_PROCESSES);
    hb_strbuf_printf(b, "; median hits %s ns against %s ns)", pick, def);
}

char *hb_advice_against_sentence(const struct hb_advice_result *r)
{
    const struct hb_advice_against *a = &r->against;
    if (a->verdict == HB_AGAINST_NONE)
        return NULL;
    struct hb_strbuf b = {0};
    const char *container = hb_designs[r->design].container;
    if (a->verdict == HB_AGAINST_NO_DEFAULT && strncmp(a->text, "none", 4) == 0) {
        /* the table of designs says "none ..." of a design whose programs bring their own hash */
        hb_strbuf_printf(&b, "No default to answer against: %s has %s.", container, a->text);
    } else if (a->verdict == HB_AGAINST_NO_DEFAULT) {
        hb_strbuf_printf(&b, "Against the default of %s, %s: no entry of this build's registry, so not timed.",
                         container, a->text);
    } else {
        hb_strbuf_printf(&b, "Against the default of %s, %s (%s%s%s): ", container, a->text, a->name,
                         a->impl ? "/" : "", a->impl ? a->impl : "");
        switch (a->verdict) {
        case HB_AGAINST_KEEP:
            if (r->nranked && strcmp(r->ranked[0].entry.name, a->name) == 0)
                hb_strbuf_puts(&b, "keep it — it is the pick");
            else
                hb_strbuf_puts(&b, "keep it — it is in the fastest set");
            if (a->saving.present && strcmp(r->ranked[0].entry.name, a->name) != 0) {
                hb_strbuf_puts(&b, "; beside it, ");
                saving(&b, r);
            }
            break;
        case HB_AGAINST_SAVING:
            hb_strbuf_puts(&b, "outside the fastest set; ");
            saving(&b, r);
            break;
        case HB_AGAINST_NOT_THE_PICK:
            hb_strbuf_printf(&b, "left out: %s", a->reason ? a->reason : "by a gate");
            if (a->saving.present) {
                hb_strbuf_puts(&b, "; against it, ");
                saving(&b, r);
            } else if (a->capped) {
                hb_strbuf_puts(&b, "; its hits in this design hit the suite's cap, so no saving is said");
            } else if (!a->impl) {
                hb_strbuf_puts(&b, "; not timed in this design, so no saving is said");
            }
            break;
        case HB_AGAINST_NOT_TIMED:
            hb_strbuf_printf(&b, "not timed in this design, so nothing is said against it: %s",
                             a->reason ? a->reason : "no hit row");
            break;
        case HB_AGAINST_FLEET:
            hb_strbuf_puts(&b, "not paired across machines; hbadvise on one machine's folder says it");
            break;
        case HB_AGAINST_NONE:
        case HB_AGAINST_NO_DEFAULT: break;
        }
        hb_strbuf_puts(&b, ".");
    }
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

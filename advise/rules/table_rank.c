/* table_rank.c — the table needs' measure and gates. A lookup in a real table costs the hash and
 * the probes its bits cause, so the table needs rank by lookups measured in the tables programs
 * run (hashbench --suite hashtable on the user's keys), not by the hash's own time; and since no
 * sample of keys certifies a linear hash for the keys of tomorrow, the structure battery
 * (hbspread --battery) decides whether an entry may be ranked at all. */
#include "table_rank.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hb_alloc.h"

/* Whether design d consumes the battery's view called bits (the table of designs, hb_designs.h). */
static bool consumes(enum hb_design d, const char *bits)
{
    return hb_design_consumes(d, hb_view_find(bits));
}

/* Whether the ranking covers design d: the one ranked by, or every design the run measured
 * (`measured`, a bit per design). */
static bool covers(enum hb_design ranked, enum hb_design d, unsigned measured)
{
    return ranked == HB_DESIGNS ? (measured >> d & 1) != 0 : ranked == d;
}

/* The designs t's run measured (a bit per design); without table rows, every design. */
static unsigned measured_designs(const struct hb_advice_timing *t)
{
    return t && t->tables ? t->tables->designs : ~0u;
}

/* The battery's view `bits` is consumed by a design the ranking covers (of `measured`). */
static bool covers_bits(enum hb_design ranked, unsigned measured, const char *bits)
{
    for (int d = 0; d < HB_DESIGNS; d++)
        if (covers(ranked, (enum hb_design)d, measured) && consumes((enum hb_design)d, bits))
            return true;
    return false;
}

/* Design d as the outputs name it: its container, and its name when another design shares the container. */
static const char *design_words(enum hb_design d, char *out, size_t len)
{
    for (int o = 0; o < HB_DESIGNS; o++)
        if (o != (int)d && strcmp(hb_designs[o].container, hb_designs[d].container) == 0) {
            snprintf(out, len, "%s (%s)", hb_designs[d].container, hb_designs[d].name);
            return out;
        }
    return hb_designs[d].container;
}

char *hb_hashtable_combination(enum hb_design design, unsigned measured)
{
    char words[160];
    if (design < HB_DESIGNS)
        return hb_xasprintf("the geometric mean of the median hit and miss times per key in %s (--table %s)",
                            design_words(design, words, sizeof words), hb_designs[design].name);
    int n = 0, k = 0;
    for (int d = 0; d < HB_DESIGNS; d++)
        n += covers(design, (enum hb_design)d, measured);
    char text[1000];
    size_t len =
        (size_t)snprintf(text, sizeof text, "the geometric mean of the median hit and miss times per key over ");
    for (int d = 0; d < HB_DESIGNS && len < sizeof text; d++) {
        if (!covers(design, (enum hb_design)d, measured))
            continue;
        k++;
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%s",
                                k == 1  ? ""
                                : k < n ? ", "
                                        : " and ",
                                design_words((enum hb_design)d, words, sizeof words));
    }
    if (len < sizeof text)
        snprintf(text + len, sizeof text - len, " (each of the %d counts alike)", 2 * n);
    return hb_xstrdup(text);
}

void hb_hashtable_score(struct hb_advice_entry *e, enum hb_design design, struct hb_advice_pool *pool)
{
    struct hb_advice_interval s = {0};
    const struct hb_advice_table_cell *parts[2 * HB_DESIGNS];
    size_t nparts = 0, nprocesses = 0;
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!covers(design, (enum hb_design)d, e->tables.designs))
            continue;
        for (int o = HB_OP_HIT; o <= HB_OP_MISS; o++) {
            const struct hb_advice_table_cell *c = &e->tables.cell[d][o];
            if (!e->tables.present || c->capped || !c->x.present || !(c->x.median > 0)) {
                e->table_score = s;
                return;
            }
            parts[nparts++] = c;
            if (c->x.nprocesses > nprocesses)
                nprocesses = c->x.nprocesses;
        }
    }
    if (!nparts) {
        e->table_score = s;
        return;
    }
    /* per process, the geometric mean of that process's medians: a process that timed every part */
    s.process = hb_advice_pool_nans(pool, nprocesses);
    s.nprocesses = nprocesses;
    for (size_t p = 0; p < nprocesses; p++) {
        double log_sum = 0;
        size_t k = 0;
        for (; k < nparts; k++) {
            const struct hb_advice_interval *x = &parts[k]->x;
            if (p >= x->nprocesses || !(x->process[p] > 0))
                break;
            log_sum += log(x->process[p]);
        }
        if (k == nparts)
            s.process[p] = exp(log_sum / (double)nparts);
    }
    hb_advice_interval_summarise(&s);
    e->table_score = s;
}

enum hb_gate hb_hashtable_timed_gate(const struct hb_advice_timing *t, enum hb_design design, char **reason)
{
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!covers(design, (enum hb_design)d, measured_designs(t)))
            continue;
        for (int o = HB_OP_HIT; o <= HB_OP_MISS; o++) {
            const struct hb_advice_table_cell *c = t && t->tables ? &t->tables->cell[d][o] : NULL;
            if (!c || (!c->capped && !c->x.present)) {
                *reason =
                    hb_xasprintf("no %s row in %s on these keys (hashbench --suite hashtable --keys; advise.sh "
                                 "measures the entries of at most 64 output bits)",
                                 hb_hashtable_op_name((enum hb_hashtable_op)o), hb_design_name((enum hb_design)d));
                return HB_GATE_TIMED;
            }
        }
    }
    return HB_GATES;
}

enum hb_gate hb_hashtable_capped_gate(const struct hb_advice_timing *t, enum hb_design design, char **reason)
{
    for (int d = 0; d < HB_DESIGNS && t && t->tables; d++) {
        if (!covers(design, (enum hb_design)d, t->tables->designs))
            continue;
        for (int o = HB_OP_HIT; o <= HB_OP_MISS; o++) {
            const char *capped = t->tables->cell[d][o].capped;
            if (capped) {
                *reason = hb_xasprintf("its %s lookups in %s hit the suite's cap on these keys (%s): its buckets "
                                       "degenerate into lists",
                                       hb_hashtable_op_name((enum hb_hashtable_op)o), hb_design_name((enum hb_design)d),
                                       capped);
                return HB_GATE_CAPPED;
            }
        }
    }
    return HB_GATES;
}

enum hb_gate hb_hashtable_width_gate(const struct hb_hash *h, const struct hb_advice_timing *t, enum hb_design design,
                                     char **reason)
{
    if (h->out_bits > 32)
        return HB_GATES;
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!covers(design, (enum hb_design)d, measured_designs(t)) || !hb_designs[d].excludes_32bit)
            continue;
        bool tag = hb_design_consumes((enum hb_design)d, HB_VIEW_TOP7);
        *reason = hb_xasprintf(
            "%u output bits: %s (%s) takes its %s, which a hash of 32 bits or fewer leaves zero: every key %s "
            "whatever the keys (the battery's %s view)",
            h->out_bits, hb_designs[d].container, hb_designs[d].name,
            tag ? "tag from the top 7 bits of a 64-bit hash (h >> 57)" : "group from the high bits (h >> (64 - b))",
            tag ? "gets the same tag, so every probe compares every key of a group" : "lands in the first group",
            tag ? "top7" : "high");
        return HB_GATE_BITS;
    }
    return HB_GATES;
}

/* One view's failure in words: what keys i*2^S did to the view's buckets, tags or 32-bit values. */
static void failure_words(const struct hb_spread_battery_design *d, char *out, size_t len)
{
    unsigned long long got = (unsigned long long)d->occupied;
    switch (hb_view_find(d->bits)) {
    case HB_VIEW_ABSL_H2:
    case HB_VIEW_TOP7:
        snprintf(out, len,
                 "keys i*2^%u in a table of 2^%u buckets share the 128 tags of its %s bits unevenly (%llu tags in use "
                 "where a random function uses %.0f)",
                 d->stride_log2, d->buckets_log2, d->bits, got, d->expected);
        return;
    case HB_VIEW_LOW32:
        snprintf(out, len,
                 "keys i*2^%u, %llu of them, make %llu pairs with equal low 32 bits where a random function makes %.1f",
                 d->stride_log2, (unsigned long long)d->keys, got, d->expected);
        return;
    case HB_VIEW_MOD_PRIME:
        snprintf(out, len,
                 "keys i*2^%u in libstdc++'s table of %llu buckets (its count at 7/8 of 2^%u keys; hash mod that "
                 "prime) occupy %llu buckets where a random function fills %.0f",
                 d->stride_log2, (unsigned long long)d->buckets, d->buckets_log2, got, d->expected);
        return;
    case HB_VIEW_GLIB:
        snprintf(out, len,
                 "keys i*2^%u in GLib's table of 2^%u slots (the low 32 bits times 11, mod %llu) occupy %llu slots "
                 "where a random function fills %.0f",
                 d->stride_log2, d->buckets_log2, (unsigned long long)d->buckets, got, d->expected);
        return;
    default:
        snprintf(out, len,
                 "keys i*2^%u in a table of 2^%u buckets indexed by its %s bits occupy %llu buckets where a random "
                 "function fills %.0f",
                 d->stride_log2, d->buckets_log2, d->bits, got, d->expected);
    }
}

/* The first failing view the ranking covers, in words ("" when none). */
static void first_failure(const struct hb_spread_battery *b, enum hb_design design, unsigned measured,
                          bool covered_only, char *out, size_t len)
{
    out[0] = '\0';
    for (size_t i = 0; i < b->ndesigns; i++) {
        const struct hb_spread_battery_design *d = &b->designs[i];
        if (!d->fail || !d->has_failure || (covered_only && !covers_bits(design, measured, d->bits)))
            continue;
        failure_words(d, out, len);
        return;
    }
}

enum hb_gate hb_hashtable_structure_gate(const struct hb_spread_algorithm *s, const struct hb_advice_timing *t,
                                         enum hb_design design, char **reason)
{
    const struct hb_spread_battery *b = s ? s->battery : NULL;
    if (!b || !b->present) {
        *reason =
            hb_xasprintf("no structure battery on record (spread.json written without hbspread --battery): "
                         "a linear hash cannot be told from a sample of the keys, so nothing is ranked unchecked");
        return HB_GATE_BATTERY;
    }
    char failure[320];
    if (b->linear) {
        first_failure(b, design, measured_designs(t), false, failure, sizeof failure);
        *reason =
            hb_xasprintf("linear over GF(2): h(a)^h(b)^h(c)^h(a^b^c) was 0 in %llu of %llu random triples, so "
                         "keys that differ in a few bit patterns land in as few buckets as the rank of those "
                         "differences allows, whatever today's sample shows%s%s; never the pick, listed with its "
                         "table figures for whoever knows their keys will stay clear of that",
                         (unsigned long long)b->zero, (unsigned long long)b->triples, failure[0] ? ": " : "", failure);
        return HB_GATE_BATTERY;
    }
    first_failure(b, design, measured_designs(t), true, failure, sizeof failure);
    if (failure[0]) {
        *reason = hb_xasprintf("the structure battery fails for the bits these tables consume: %s; never the pick, "
                               "listed with its table figures",
                               failure);
        return HB_GATE_BATTERY;
    }
    for (size_t i = 0; i < b->ndesigns; i++) {
        if (b->designs[i].fail && covers_bits(design, measured_designs(t), b->designs[i].bits)) {
            *reason =
                hb_xasprintf("the structure battery fails for the %s bits these tables consume", b->designs[i].bits);
            return HB_GATE_BATTERY;
        }
    }
    return HB_GATES;
}

void hb_hashtable_unranked_failures(const struct hb_advice_entry *e, char *out, size_t len)
{
    const struct hb_spread_battery *b = e->spread.battery;
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; b && i < b->ndesigns && n < len; i++)
        if (b->designs[i].fail)
            n += (size_t)snprintf(out + n, len - n, "%s%s", n ? ", " : "battery fails for ", b->designs[i].bits);
    if (n && n < len && strstr(out, "top7"))
        snprintf(out + n, len - n, " (top7: a tag from the top 7 bits, as hashbrown and current Abseil take)");
}

unsigned hb_hashtable_designs_shown(const struct hb_advice_result *r)
{
    unsigned designs = 0;
    for (size_t i = 0; i < r->nranked; i++)
        designs |= r->ranked[i].entry.tables.designs;
    for (size_t i = 0; i < r->nexcluded; i++)
        if (r->excluded[i].has_entry)
            designs |= r->excluded[i].entry.tables.designs;
    return designs;
}

void hb_hashtable_keep_slowest(struct hb_advice_tables *fleet, const struct hb_advice_tables *t, bool first)
{
    static const struct hb_advice_tables none = {0};
    if (!t)
        t = &none;
    if (first) {
        *fleet = *t;
        return;
    }
    fleet->present = fleet->present || t->present;
    fleet->designs |= t->designs;
    if (t->count > fleet->count)
        fleet->count = t->count;
    for (int d = 0; d < HB_DESIGNS; d++)
        for (int o = 0; o < HB_OPS; o++) {
            struct hb_advice_table_cell *f = &fleet->cell[d][o];
            const struct hb_advice_table_cell *c = &t->cell[d][o];
            if (!f->capped)
                f->capped = c->capped;
            hb_advice_keep_slowest(&f->x, &c->x, false);
        }
}

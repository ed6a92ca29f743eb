/* evaluate.c — one need's rule applied to every algorithm/implementation: the gates in order (the
 * algorithm's properties first, then this CPU, the timing rows, the spread verdicts), the fastest
 * qualifying implementation of each name kept, and the names with none left out with the reason
 * of the implementation that got furthest. For a fleet every gate is asked of every machine. */
#include "advice.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "hb_dos_evidence.h"
#include "hb_hash_cli.h"
#include "need_facts.h"
#include "published.h"
#include "table_rank.h"
#include "against.h"

/* The reason text, printf-style, into a new string. */
static char *say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = hb_xvasprintf(fmt, ap);
    va_end(ap);
    return s;
}

/* Why h, not a keyed pseudo-random function, is left out where an adversary chooses the keys: what
 * its dos class means, then what that class rests on, made from its row of c_hashes/dos_evidence.c
 * (kind and citation, as hbsum --list shows them), so that the reason and the label cannot disagree. */
static char *dos_reason(const struct hb_hash *h)
{
    const char *means;
    switch (h->dos) {
    case HB_DOS_SEED_INDEPENDENT:
        means = "keys that collide whatever the seed (for every seed, or all but a rare few), so a "
                "secret seed does not stop them";
        break;
    case HB_DOS_SEEDED:
        means = "a secret seed, but not a keyed pseudo-random function: no claim or proof covers an attacker who "
                "learns hash values or timing";
        break;
    default: means = "no seed, so colliding keys computed once work against every table that uses it";
    }
    const struct hb_dos_evidence *e = hb_dos_evidence(h->name);
    if (!e)
        return say("dos %s: %s; its evidence has no row in c_hashes/dos_evidence.c", hb_dos_name(h->dos), means);
    return say("dos %s: %s; evidence (%s): %s", hb_dos_name(h->dos), means, hb_dos_evidence_kind_name(e->kind),
               e->citation);
}

/* The gates on the algorithm's properties: the same for every implementation and machine. n_keys
 * is the distinct keys the birthday bound counts. */
static enum hb_gate property_gate(const struct hb_need_rule *rule, const struct hb_hash *h, double n_keys,
                                  char **reason);

bool hb_advice_property_qualifies(const struct hb_need_rule *rule, const struct hb_hash *h)
{
    char *reason = NULL;
    bool ok = h->kind != HB_KIND_BASELINE && property_gate(rule, h, 0, &reason) == HB_GATES;
    free(reason);
    return ok;
}

static enum hb_gate property_gate(const struct hb_need_rule *rule, const struct hb_hash *h, double n_keys,
                                  char **reason)
{
    unsigned g = rule->gates;
    const char *broken = hb_published_break(h->name);
    if ((g & HB_GATE(HB_GATE_KIND)) && h->kind != HB_KIND_CRYPTO) {
        *reason = say("not a cryptographic hash");
        return HB_GATE_KIND;
    }
    if ((g & HB_GATE(HB_GATE_BROKEN)) && broken) {
        *reason = say("broken: %s", broken);
        return HB_GATE_BROKEN;
    }
    if ((g & HB_GATE(HB_GATE_DOS)) && h->dos != HB_DOS_PRF) {
        *reason = dos_reason(h);
        return HB_GATE_DOS;
    }
    if ((g & HB_GATE(HB_GATE_OUTPUT)) && h->output != HB_OUTPUT_FROZEN) {
        *reason = say("output versioned (its releases give different values): a value stored today may not be "
                      "computed again by another reader or release");
        return HB_GATE_OUTPUT;
    }
    if ((g & HB_GATE(HB_GATE_NEEDS)) && h->needs) {
        *reason =
            say("needs %s instructions, with no portable code: a machine without them cannot compute it", h->needs);
        return HB_GATE_NEEDS;
    }
    if (g & HB_GATE(HB_GATE_BITS)) {
        if (rule->max_bits && h->out_bits > rule->max_bits) {
            *reason = say("more than %u output bits: a table indexes with at most %u, and a wider output is work "
                          "thrown away",
                          rule->max_bits, rule->max_bits);
            return HB_GATE_BITS;
        }
        if (rule->min_bits && h->out_bits < rule->min_bits) {
            *reason = say("fewer than %u output bits", rule->min_bits);
            return HB_GATE_BITS;
        }
        if (rule->birthday && hb_birthday_pairs(n_keys, h->out_bits) > HB_FINGERPRINT_MAX_PAIRS) {
            *reason = say("%u output bits: %.0f keys (%d x yours) expect %.2g colliding pairs by the birthday bound, "
                          "more than %g",
                          h->out_bits, n_keys, HB_FINGERPRINT_GROWTH, hb_birthday_pairs(n_keys, h->out_bits),
                          HB_FINGERPRINT_MAX_PAIRS);
            return HB_GATE_BITS;
        }
    }
    return hb_need_fact_gate(rule, h, reason);
}

/* The gates on one machine's measurements of name/impl; on a pass, its timing. */
static enum hb_gate measured_gate(const struct hb_need_rule *rule, const struct hb_advice_registry *reg,
                                  const struct hb_advice_entry *e, bool registered, enum hb_measure rank_by,
                                  enum hb_design design, const struct hb_advice_machine *m, char **reason)
{
    const struct hb_advice_timing *t = hb_advice_find_timing(m, e->name, e->impl);
    char why_not[200] = "";
    if (!t && registered && !reg->can_run(e->props, why_not, sizeof why_not)) {
        *reason = say("this CPU cannot run it (%s)", why_not);
        return HB_GATE_CPU;
    }
    const struct hb_advice_interval *x = !t ? NULL : rank_by == HB_MEASURE_LATENCY ? &t->latency : &t->throughput;
    if (t && x == &t->throughput && rule->at_record_size && m->record_rows) {
        x = &t->record;
        if (!x->present) {
            *reason = say("not measured at the record size (no size:%llu row in record.json)",
                          (unsigned long long)m->record_rows);
            return HB_GATE_TIMED;
        }
    }
    if (rank_by == HB_MEASURE_TABLE) {
        enum hb_gate g = hb_hashtable_timed_gate(t, design, reason);
        if (g != HB_GATES)
            return g;
    } else if (!x || !x->present) {
        *reason = !t ? say("not measured in the run (no size:%s row)", m->rows)
                     : say("no %s row in the run", hb_measure_title(rank_by));
        return HB_GATE_TIMED;
    }
    if (rule->gates & HB_GATE(HB_GATE_SHARDS))
        return hb_advice_shard_gate(m, e->name, reason);
    if (rule->rank_by == HB_MEASURE_TABLE && e->props && (rule->gates & HB_GATE(HB_GATE_BITS))) {
        enum hb_gate g = hb_hashtable_width_gate(e->props, t, design, reason);
        if (g != HB_GATES)
            return g;
    }
    if (rule->gates & HB_GATE(HB_GATE_BATTERY)) {
        enum hb_gate g = hb_hashtable_structure_gate(hb_advice_find_spread(m, e->name), t, design, reason);
        if (g != HB_GATES)
            return g;
    }
    if (!(rule->gates & HB_GATE(HB_GATE_SPREAD)))
        return HB_GATES;
    const struct hb_spread_algorithm *s = hb_advice_find_spread(m, e->name);
    if (!s) {
        *reason = say("no spread result on these keys");
        return HB_GATE_SPREAD;
    }
    if (s->skipped) {
        *reason = say("hbspread skipped it: %s", s->skipped);
        return HB_GATE_SPREAD;
    }
    char failed[200] = "";
    size_t len = 0;
    unsigned tests = rule->spread_tests | (e->props->kind != HB_KIND_CHECKSUM ? rule->mixing_tests : 0);
    for (int k = 0; k < HB_TESTS; k++) {
        if (!(tests & HB_TEST(k)) || s->verdict[k] == HB_VERDICT_PASS)
            continue;
        len +=
            (size_t)snprintf(failed + len, len < sizeof failed ? sizeof failed - len : 0, "%s%s %s", len ? ", " : "",
                             hb_spread_test_title((enum hb_spread_test)k),
                             s->verdict[k] == HB_VERDICT_NONE ? "not measured" : hb_spread_verdict_name(s->verdict[k]));
    }
    if (len) {
        *reason = say("spread on these keys: %s", failed);
        return HB_GATE_SPREAD;
    }
    if (rank_by == HB_MEASURE_TABLE && (rule->gates & HB_GATE(HB_GATE_CAPPED)))
        return hb_hashtable_capped_gate(t, design, reason);
    return HB_GATES;
}

/* The worse of two verdicts: FAIL, then warn, then pass; none (not measured) is the worst of all. */
static enum hb_spread_verdict worse(enum hb_spread_verdict a, enum hb_spread_verdict b)
{
    if (a == HB_VERDICT_NONE || b == HB_VERDICT_NONE)
        return HB_VERDICT_NONE;
    return a > b ? a : b;
}

void hb_advice_gather(struct hb_advice_entry *e, const struct hb_advice_machine *const *machines, size_t nmachines,
                      enum hb_design design, bool at_record_size, struct hb_advice_pool *pool)
{
    for (size_t i = 0; i < nmachines; i++) {
        const struct hb_advice_timing *t = hb_advice_find_timing(machines[i], e->name, e->impl);
        static const struct hb_advice_timing none = {0};
        if (!t)
            t = &none;
        hb_advice_keep_slowest(&e->throughput, at_record_size && machines[i]->record_rows ? &t->record : &t->throughput,
                               i == 0);
        hb_advice_keep_slowest(&e->bulk, &t->bulk, i == 0);
        hb_advice_keep_slowest(&e->latency, &t->latency, i == 0);
        hb_advice_keep_slowest(&e->ram, &t->ram, i == 0);
        hb_hashtable_keep_slowest(&e->tables, t->tables, i == 0);
        const struct hb_spread_algorithm *s = hb_advice_find_spread(machines[i], e->name);
        if (!s) {
            e->has_spread = false;
            if (i == 0)
                memset(&e->spread, 0, sizeof e->spread);
            continue;
        }
        if (i == 0) {
            e->spread = *s;
            e->has_spread = true;
            continue;
        }
        if (s->battery && (!e->spread.battery || (s->battery->fail && !e->spread.battery->fail)))
            e->spread.battery = s->battery;
        for (int k = 0; k < HB_TESTS; k++)
            e->spread.verdict[k] = worse(e->spread.verdict[k], s->verdict[k]);
        if (s->pairs > e->spread.pairs)
            e->spread.pairs = s->pairs, e->spread.expected = s->expected;
    }
    hb_hashtable_score(e, design, pool);
}

struct candidate {
    struct hb_advice_entry entry;
    bool registered; /* entry.props is this very entry, so this CPU's answer about it applies */
    enum hb_gate gate;
    char *reason;
};

static void add_candidate(struct candidate **list, size_t *n, size_t *cap, struct candidate c)
{
    hb_grow((void **)list, cap, *n + 1, sizeof **list);
    (*list)[(*n)++] = c;
}

/* Whether name is a baseline of the registry (noop, memread): never advice. */
static bool baseline_named(const struct hb_advice_registry *reg, const char *name)
{
    for (size_t i = 0; i < reg->n; i++)
        if (reg->entries[i]->kind == HB_KIND_BASELINE && strcmp(reg->entries[i]->name, name) == 0)
            return true;
    return false;
}

/* The first registry entry of name that is an algorithm (not a baseline), or NULL. */
static const struct hb_hash *algorithm_named(const struct hb_advice_registry *reg, const char *name)
{
    for (size_t i = 0; i < reg->n; i++)
        if (reg->entries[i]->kind != HB_KIND_BASELINE && strcmp(reg->entries[i]->name, name) == 0)
            return reg->entries[i];
    return NULL;
}

/* Every entry the rules look at: the registry's algorithms, then what the runs measured under a
 * known name that this build does not have (another machine's instruction set), then the names
 * this build does not know at all (left out: their properties are unknown). */
static size_t collect(const struct hb_advice_registry *reg, const struct hb_advice_machine *const *machines,
                      size_t nmachines, struct candidate **list)
{
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < reg->n; i++) {
        const struct hb_hash *h = reg->entries[i];
        if (h->kind == HB_KIND_BASELINE)
            continue;
        add_candidate(
            list, &n, &cap,
            (struct candidate){{.name = h->name, .impl = h->impl, .props = h, .order = i}, true, HB_GATES, NULL});
    }
    for (size_t k = 0; k < nmachines; k++) {
        for (size_t j = 0; j < machines[k]->ntimings; j++) {
            const struct hb_advice_timing *t = &machines[k]->timings[j];
            bool seen = false;
            for (size_t c = 0; c < n && !seen; c++)
                seen = strcmp((*list)[c].entry.name, t->name) == 0 &&
                       ((*list)[c].entry.props == NULL || strcmp((*list)[c].entry.impl, t->impl) == 0);
            if (seen || baseline_named(reg, t->name))
                continue;
            const struct hb_hash *props = algorithm_named(reg, t->name);
            struct candidate c = {
                {.name = t->name, .impl = t->impl, .props = props, .order = reg->n + n}, false, HB_GATES, NULL};
            if (!props) {
                c.gate = HB_GATE_UNKNOWN;
                c.reason = say("not in this build's registry (hbsum --list), so its properties are unknown");
            }
            add_candidate(list, &n, &cap, c);
        }
    }
    return n;
}

/* The distinct keys the birthday bound counts: the most of any machine (the same keys, ideally). */
static double keys_counted(const struct hb_advice_machine *const *machines, size_t nmachines)
{
    uint64_t most = 0;
    for (size_t i = 0; i < nmachines; i++)
        if (hb_advice_distinct_keys(machines[i]) > most)
            most = hb_advice_distinct_keys(machines[i]);
    return (double)most;
}

static void judge(const struct hb_need_rule *rule, const struct hb_advice_registry *reg, struct candidate *c,
                  enum hb_measure rank_by, enum hb_design design, const struct hb_advice_machine *const *machines,
                  size_t nmachines, double n_keys, struct hb_advice_pool *pool)
{
    if (c->gate != HB_GATES)
        return;
    c->gate = property_gate(rule, c->entry.props, n_keys, &c->reason);
    for (size_t i = 0; i < nmachines && c->gate == HB_GATES; i++) {
        char *why = NULL;
        c->gate = measured_gate(rule, reg, &c->entry, c->registered, rank_by, design, machines[i], &why);
        if (c->gate != HB_GATES && nmachines > 1) {
            char tag[24];
            hb_advice_machine_tag(i, tag, sizeof tag);
            c->reason = say("on %s: %s", tag, why);
            free(why);
        } else {
            c->reason = why;
        }
    }
    /* a table need shows the figures of the entries it leaves out as well */
    if (c->gate == HB_GATES || (rule->rank_by == HB_MEASURE_TABLE && c->entry.props))
        hb_advice_gather(&c->entry, machines, nmachines, design, rule->at_record_size, pool);
}

/* A fleet's fastest set: each machine ranks the fleet's entries with its own figures, at the
 * confidence that makes every machine's statement hold at once (Bonferroni), and the fleet's set
 * is formed from theirs (hb_advice_rank_fleet). */
static void rank_fleet(struct hb_advice_result *out, const struct hb_advice_machine *const *machines, size_t nmachines,
                       const struct hb_advice_params *p, double confidence)
{
    struct hb_advice_result *own = hb_xcalloc(nmachines, sizeof *own);
    double each = 1 - (1 - confidence) / (double)nmachines;
    for (size_t m = 0; m < nmachines; m++) {
        own[m] = (struct hb_advice_result){.rule = out->rule, .rank_by = out->rank_by, .tie_break = out->tie_break};
        own[m].ranked = hb_xcalloc(out->nranked + 1, sizeof *own[m].ranked);
        for (size_t i = 0; i < out->nranked; i++) {
            struct hb_advice_pick *q = &own[m].ranked[own[m].nranked++];
            const struct hb_advice_entry *e = &out->ranked[i].entry;
            *q = (struct hb_advice_pick){
                .entry = {.name = e->name, .impl = e->impl, .props = e->props, .order = e->order},
                .tier = out->ranked[i].tier};
            hb_advice_error_model(out->rule, p, q);
            hb_advice_gather(&q->entry, &machines[m], 1, p->design, out->rule->at_record_size, &own[m].pool);
        }
        hb_advice_rank(&own[m], each, !p->each_implementation);
    }
    hb_advice_rank_fleet(out, own, nmachines, confidence);
    for (size_t m = 0; m < nmachines; m++)
        hb_advice_result_free(&own[m]);
    free(own);
}

void hb_advice_evaluate(const struct hb_need_rule *rule, const struct hb_advice_registry *reg,
                        const struct hb_advice_machine *const *machines, size_t nmachines,
                        const struct hb_advice_params *params, struct hb_advice_result *out)
{
    static const struct hb_advice_params defaults = {.shards = HB_DEFAULT_SHARDS, .design = HB_DESIGNS};
    const struct hb_advice_params *p = params ? params : &defaults;
    enum hb_design design = p->design;
    double confidence = p->confidence > 0 ? p->confidence : HB_FASTEST_CONFIDENCE;
    *out = (struct hb_advice_result){.rule = rule,
                                     .rank_by = rule->rank_by,
                                     .tie_break = rule->tie_break,
                                     .design = design,
                                     .rule_words = hb_need_words(rule, rule->rule),
                                     .advice_words = hb_need_words(rule, rule->advice)};
    bool latency_everywhere = true, tables_everywhere = true;
    for (size_t i = 0; i < nmachines; i++) {
        latency_everywhere = latency_everywhere && machines[i]->has_latency;
        tables_everywhere = tables_everywhere && machines[i]->has_tables;
    }
    char *no_tables = NULL;
    if (rule->rank_by == HB_MEASURE_TABLE && !tables_everywhere) {
        out->rank_by = HB_MEASURE_LATENCY;
        out->tie_break = HB_MEASURE_THROUGHPUT;
        no_tables = say(
            "The run has no hashtable rows on these keys (hashbench --suite hashtable --keys FILE, as "
            "advise.sh runs it), so this list is ranked by the hash's chain latency instead, the fastest "
            "set's member of the least time per key picked: a proxy, since a lookup's cost is mostly the probes the hash's bits "
            "cause in the table, which its own time does not show.");
    } else if (rule->rank_by == HB_MEASURE_TABLE) {
        unsigned measured = 0;
        for (size_t i = 0; i < nmachines; i++)
            for (size_t j = 0; j < machines[i]->ntimings; j++)
                if (machines[i]->timings[j].tables)
                    measured |= machines[i]->timings[j].tables->designs;
        out->combination = hb_hashtable_combination(design, measured);
    }
    if (out->rank_by == HB_MEASURE_LATENCY && !latency_everywhere) {
        out->rank_by = HB_MEASURE_THROUGHPUT;
        out->tie_break = HB_MEASURE_NONE;
        out->fallback = say("The run has no latency rows at size:%s, so this list is ranked by time per key "
                            "(independent calls) instead: that understates what a lookup waits for, most for the "
                            "hashes whose work overlaps best (hashbench --suite latency measures it).",
                            machines[0]->rows);
    }
    if (no_tables && out->fallback) {
        char *both = say("%s %s", no_tables, out->fallback);
        free(out->fallback);
        free(no_tables);
        out->fallback = both;
    } else if (no_tables) {
        out->fallback = no_tables;
    }
    double n_keys = HB_FINGERPRINT_GROWTH * keys_counted(machines, nmachines);
    if (rule->birthday)
        out->bound = say("at n = %d x %.0f = %.0f keys, at least %u output bits (64 bits expect %.2g colliding "
                         "pairs, 128 bits %.2g)",
                         HB_FINGERPRINT_GROWTH, n_keys / HB_FINGERPRINT_GROWTH, n_keys, hb_fingerprint_min_bits(n_keys),
                         hb_birthday_pairs(n_keys, 64), hb_birthday_pairs(n_keys, 128));

    struct candidate *list = NULL;
    size_t n = collect(reg, machines, nmachines, &list);
    for (size_t i = 0; i < n; i++)
        judge(rule, reg, &list[i], out->rank_by, design, machines, nmachines, n_keys, &out->pool);

    /* One entry per name: the qualifying implementation with the least median of the ranking
     * measure (on equal medians, the first in registry order); every one with each_implementation. */
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) {
        struct candidate *c = &list[i];
        if (c->gate != HB_GATES)
            continue;
        size_t j = 0;
        while (j < out->nranked && !p->each_implementation && strcmp(out->ranked[j].entry.name, c->entry.name) != 0)
            j++;
        if (p->each_implementation)
            j = out->nranked;
        if (j == out->nranked) {
            hb_grow((void **)&out->ranked, &cap, out->nranked + 1, sizeof *out->ranked);
            char *why = NULL;
            unsigned tier = hb_advice_tier(rule, p, c->entry.props, &why);
            out->ranked[out->nranked++] =
                (struct hb_advice_pick){.entry = c->entry, .implementations = 1, .tier = tier, .why = why};
            hb_advice_error_model(rule, p, &out->ranked[out->nranked - 1]);
            continue;
        }
        struct hb_advice_pick *kept = &out->ranked[j];
        kept->implementations++;
        if (hb_advice_measure(&c->entry, out->rank_by)->median < hb_advice_measure(&kept->entry, out->rank_by)->median)
            kept->entry = c->entry;
    }

    /* The names with no qualifying implementation, with the reason of the one that got furthest. */
    cap = 0;
    for (size_t i = 0; i < n; i++) {
        struct candidate *c = &list[i];
        bool qualified = false, listed = false;
        for (size_t j = 0; j < out->nranked && !qualified; j++)
            qualified = strcmp(out->ranked[j].entry.name, c->entry.name) == 0;
        for (size_t j = 0; j < out->nexcluded && !listed; j++)
            listed = strcmp(out->excluded[j].name, c->entry.name) == 0;
        if (qualified || listed)
            continue;
        struct candidate *furthest = c;
        for (size_t k = i + 1; k < n; k++)
            if (strcmp(list[k].entry.name, c->entry.name) == 0 &&
                (list[k].gate > furthest->gate ||
                 (list[k].gate == furthest->gate && list[k].entry.tables.present && !furthest->entry.tables.present)))
                furthest = &list[k];
        hb_grow((void **)&out->excluded, &cap, out->nexcluded + 1, sizeof *out->excluded);
        out->excluded[out->nexcluded++] =
            (struct hb_advice_exclusion){hb_xstrdup(c->entry.name), furthest->gate, hb_xstrdup(furthest->reason),
                                         rule->rank_by == HB_MEASURE_TABLE && furthest->entry.props, furthest->entry};
    }
    for (size_t i = 0; i < n; i++)
        free(list[i].reason);
    free(list);
    if (nmachines > 1)
        rank_fleet(out, machines, nmachines, p, confidence);
    else
        hb_advice_rank(out, confidence, !p->each_implementation);
    hb_advice_against_default(out, nmachines);
}

void hb_advice_result_free(struct hb_advice_result *r)
{
    for (size_t i = 0; i < r->nranked; i++)
        free(r->ranked[i].why);
    free(r->ranked);
    for (int h = 0; h < 2; h++) {
        for (size_t i = 0; i < r->halves.nset[h]; i++)
            free(r->halves.set[h][i]);
        free(r->halves.set[h]);
        free(r->halves.pick[h]);
    }
    free(r->halves.machines_not_held);
    if (r->bulk) {
        hb_advice_result_free(r->bulk);
        free(r->bulk);
    }
    hb_advice_pool_free(&r->pool);
    for (size_t i = 0; i < r->nexcluded; i++) {
        free(r->excluded[i].name);
        free(r->excluded[i].reason);
    }
    free(r->excluded);
    free(r->lead);
    free(r->rule_words);
    free(r->advice_words);
    for (size_t i = 0; i < r->nnotes; i++)
        free(r->notes[i]);
    free(r->notes);
    free(r->bound);
    free(r->fallback);
    free(r->noise);
    free(r->combination);
    memset(r, 0, sizeof *r);
}

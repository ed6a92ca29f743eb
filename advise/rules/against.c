/* against.c — one design's ranking against the design's own default hash. The pick's saving is
 * paired per process: each process's hit median of the pick over the default's in the same
 * process, so that what moved both in one process cancels, then the median and interval of those
 * savings over the processes, as every measure's (never one median divided by another). */
#include "against.h"

#include <math.h>
#include <string.h>

#include "hb_designs.h"

const char *hb_against_key(enum hb_against_verdict v)
{
    switch (v) {
    case HB_AGAINST_NO_DEFAULT: return "no-default";
    case HB_AGAINST_NOT_TIMED: return "not-timed";
    case HB_AGAINST_KEEP: return "keep";
    case HB_AGAINST_SAVING: return "saving";
    case HB_AGAINST_NOT_THE_PICK: return "not-the-pick";
    case HB_AGAINST_FLEET: return "fleet";
    case HB_AGAINST_NONE: break;
    }
    return "none";
}

/* The hit cell of e in design d, when it holds a time (not capped, not absent). */
static const struct hb_advice_interval *hit(const struct hb_advice_entry *e, enum hb_design d)
{
    const struct hb_advice_table_cell *c = e && e->tables.present ? &e->tables.cell[d][HB_OP_HIT] : NULL;
    return c && !c->capped && c->x.present ? &c->x : NULL;
}

/* a->saving from the processes that timed both hits. */
static void pair(struct hb_advice_against *a, const struct hb_advice_interval *pick,
                 const struct hb_advice_interval *def, struct hb_advice_pool *pool)
{
    size_t n = pick->nprocesses < def->nprocesses ? pick->nprocesses : def->nprocesses;
    a->pick_hit = *pick;
    a->default_hit = *def;
    a->saving = (struct hb_advice_interval){.process = hb_advice_pool_nans(pool, n), .nprocesses = n};
    for (size_t p = 0; p < n; p++)
        if (pick->process[p] > 0 && def->process[p] > 0 && isfinite(pick->process[p] / def->process[p]))
            a->saving.process[p] = 100 * (1 - pick->process[p] / def->process[p]);
    hb_advice_interval_summarise(&a->saving);
}

void hb_advice_against_default(struct hb_advice_result *r, size_t nmachines)
{
    struct hb_advice_against *a = &r->against;
    enum hb_design d = r->design;
    memset(a, 0, sizeof *a);
    if (r->rule->rank_by != HB_MEASURE_TABLE || r->rank_by != HB_MEASURE_TABLE || d >= HB_DESIGNS)
        return;
    a->name = hb_designs[d].default_hash;
    a->text = hb_designs[d].default_text;
    const struct hb_advice_pick *ranked = NULL;
    const struct hb_advice_exclusion *left_out = NULL;
    for (size_t i = 0; a->name && i < r->nranked && !ranked; i++)
        if (strcmp(r->ranked[i].entry.name, a->name) == 0)
            ranked = &r->ranked[i];
    for (size_t i = 0; a->name && i < r->nexcluded && !left_out; i++)
        if (strcmp(r->excluded[i].name, a->name) == 0)
            left_out = &r->excluded[i];
    if (!ranked && !left_out) {
        a->verdict = HB_AGAINST_NO_DEFAULT;
        return;
    }
    if (nmachines > 1) {
        a->verdict = HB_AGAINST_FLEET;
        return;
    }
    const struct hb_advice_entry *e = ranked ? &ranked->entry : left_out->has_entry ? &left_out->entry : NULL;
    const struct hb_advice_interval *def = hit(e, d), *pick = r->nranked ? hit(&r->ranked[0].entry, d) : NULL;
    if (ranked)
        a->verdict = ranked->fastest && ranked->tier == r->ranked[0].tier ? HB_AGAINST_KEEP : HB_AGAINST_SAVING;
    else
        a->verdict = left_out->gate == HB_GATE_TIMED || left_out->gate == HB_GATE_CPU ? HB_AGAINST_NOT_TIMED
                                                                                      : HB_AGAINST_NOT_THE_PICK;
    a->reason = left_out ? left_out->reason : NULL;
    a->capped = e && e->tables.present && e->tables.cell[d][HB_OP_HIT].capped;
    a->impl = def ? e->impl : NULL;
    if (def && pick)
        pair(a, pick, def, &r->pool);
}

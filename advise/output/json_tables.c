/* json_tables.c — what advice.json says of an entry of the table needs (docs/advice.md,
 * "advice.json"): its lookups in each real table (median and 90% interval per operation, or the
 * suite's cap), the combination the list is ranked by, and the structure battery's verdict with the
 * first (stride, size, bits) that failed. Times in nanoseconds per key with three decimals; an
 * absent or capped figure is null, never a number. */
#include "json_tables.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "against.h"
#include "describe.h"

void hb_advice_json_ns(struct hb_json_writer *w, const char *key, double seconds, bool present)
{
    char text[40];
    hb_json_key(w, key);
    hb_advice_ns_exact(text, sizeof text, seconds);
    if (present && text[0])
        hb_json_number_text(w, text);
    else
        hb_json_null(w);
}

/* KEY, KEY_low and KEY_high: the median and the ends of its 90% interval (null when not finite). */
static void figure(struct hb_json_writer *w, const char *key, const struct hb_advice_interval *x, bool capped)
{
    char name[64];
    bool finite = !capped && hb_advice_interval_finite(x);
    hb_advice_json_ns(w, key, x->median, !capped && x->present);
    snprintf(name, sizeof name, "%s_low", key);
    hb_advice_json_ns(w, name, x->lo, finite);
    snprintf(name, sizeof name, "%s_high", key);
    hb_advice_json_ns(w, name, x->hi, finite);
}

static void write_battery(struct hb_json_writer *w, const struct hb_spread_battery *b)
{
    hb_json_key(w, "battery");
    if (!b || !b->present) {
        hb_json_null(w);
        return;
    }
    hb_json_map_open(w);
    hb_json_key(w, "verdict");
    hb_json_string(w, b->fail ? "fail" : "pass");
    hb_json_key(w, "linear");
    hb_json_bool(w, b->linear);
    hb_json_key(w, "first_failure");
    const struct hb_spread_battery_design *f = NULL;
    for (size_t i = 0; i < b->ndesigns && !f; i++)
        if (b->designs[i].fail && b->designs[i].has_failure)
            f = &b->designs[i];
    if (f) {
        char expected[40];
        snprintf(expected, sizeof expected, "%.6g", f->expected);
        hb_json_map_open(w);
        hb_json_key(w, "bits");
        hb_json_string(w, f->bits);
        hb_json_key(w, "stride_log2");
        hb_json_uint64(w, f->stride_log2);
        hb_json_key(w, "buckets_log2");
        hb_json_uint64(w, f->buckets_log2);
        hb_json_key(w, "occupied");
        hb_json_uint64(w, f->occupied);
        hb_json_key(w, "expected");
        hb_json_number_text(w, expected);
        hb_json_map_close(w);
    } else {
        hb_json_null(w);
    }
    hb_json_key(w, "failed_bits");
    hb_json_array_open(w);
    for (size_t i = 0; i < b->ndesigns; i++)
        if (b->designs[i].fail)
            hb_json_string(w, b->designs[i].bits);
    hb_json_array_close(w);
    hb_json_map_close(w);
}

void hb_advice_json_tables(struct hb_json_writer *w, const struct hb_advice_entry *e, unsigned designs)
{
    static const char *const keys[HB_OPS] = {"hit_ns", "miss_ns", "insert_ns"};
    hb_json_key(w, "tables");
    hb_json_map_open(w);
    for (int d = 0; d < HB_DESIGNS; d++) {
        if (!(designs >> d & 1))
            continue; /* not measured */
        hb_json_key(w, hb_design_name((enum hb_design)d));
        hb_json_map_open(w);
        for (int o = 0; o < HB_OPS; o++) {
            const struct hb_advice_table_cell *c = &e->tables.cell[d][o];
            char capped_key[32];
            figure(w, keys[o], &c->x, c->capped != NULL);
            snprintf(capped_key, sizeof capped_key, "%s_capped", hb_hashtable_op_name((enum hb_hashtable_op)o));
            hb_json_key(w, capped_key);
            if (c->capped)
                hb_json_string(w, c->capped);
            else
                hb_json_null(w);
        }
        hb_json_map_close(w);
    }
    hb_json_map_close(w);
    hb_json_key(w, "table_keys");
    if (e->tables.present)
        hb_json_uint64(w, e->tables.count);
    else
        hb_json_null(w);
    hb_json_key(w, "table_folded_to_64_bits");
    hb_json_bool(w, e->props && e->props->out_bits > 64);
    figure(w, "table_ns", &e->table_score, false);
    write_battery(w, e->spread.battery);
}

/* KEY: a percentage with one decimal, or null when absent or not finite. */
static void percent(struct hb_json_writer *w, const char *key, double value, bool present)
{
    char text[40];
    hb_json_key(w, key);
    snprintf(text, sizeof text, "%.1f", value);
    if (present && isfinite(value))
        hb_json_number_text(w, text);
    else
        hb_json_null(w);
}

void hb_advice_json_str(struct hb_json_writer *w, const char *key, const char *value)
{
    hb_json_key(w, key);
    if (value)
        hb_json_string(w, value);
    else
        hb_json_null(w);
}

void hb_advice_json_against(struct hb_json_writer *w, const struct hb_advice_result *r)
{
    const struct hb_advice_against *a = &r->against;
    if (a->verdict == HB_AGAINST_NONE)
        return;
    char label[160] = "", pick[160] = "";
    if (a->name)
        snprintf(label, sizeof label, "%s%s%s", a->name, a->impl ? "/" : "", a->impl ? a->impl : "");
    if (r->nranked)
        hb_advice_entry_label(&r->ranked[0].entry, pick, sizeof pick);
    hb_json_key(w, "against_default");
    hb_json_map_open(w);
    hb_advice_json_str(w, "verdict", hb_against_key(a->verdict));
    hb_advice_json_str(w, "default", a->name ? label : NULL);
    hb_advice_json_str(w, "default_text", a->text);
    hb_json_key(w, "default_in_fastest_set");
    if (a->verdict == HB_AGAINST_NO_DEFAULT || a->verdict == HB_AGAINST_NOT_TIMED || a->verdict == HB_AGAINST_FLEET)
        hb_json_null(w);
    else
        hb_json_bool(w, a->verdict == HB_AGAINST_KEEP);
    hb_advice_json_str(w, "pick", r->nranked ? pick : NULL);
    bool finite = hb_advice_interval_finite(&a->saving);
    percent(w, "saving_pct", a->saving.median, a->saving.present);
    percent(w, "saving_pct_lo", a->saving.lo, finite);
    percent(w, "saving_pct_hi", a->saving.hi, finite);
    hb_json_key(w, "paired_processes");
    hb_json_uint64(w, a->saving.n);
    hb_advice_json_ns(w, "default_hit_ns", a->default_hit.median, a->saving.present);
    hb_advice_json_ns(w, "pick_hit_ns", a->pick_hit.median, a->saving.present);
    hb_json_key(w, "default_capped");
    hb_json_bool(w, a->capped);
    hb_advice_json_str(w, "reason", a->reason);
    char *sentence = hb_advice_against_sentence(r);
    hb_advice_json_str(w, "sentence", sentence);
    free(sentence);
    hb_json_map_close(w);
}

/* output_json.c — every figure, rule and reason for programs (docs/advice.md, "advice.json"):
 * advise_schema 3, through common/'s JSON writer. Times are nanoseconds per key with three
 * decimals, as the plot's data attributes carry them; an interval that is not finite is null. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "hb_alloc.h"
#include "hb_json_writer.h"
#include "json_tables.h"
#include "output_formats.h"
#include "published.h"
#include "table_rank.h"

#define ADVISE_SCHEMA 3

static void put_string(struct hb_json_writer *w, const char *key, const char *value)
{
    hb_advice_json_str(w, key, value);
}

static void put_count(struct hb_json_writer *w, const char *key, uint64_t v)
{
    hb_json_key(w, key);
    hb_json_uint64(w, v);
}

static void put_bool(struct hb_json_writer *w, const char *key, bool v)
{
    hb_json_key(w, key);
    hb_json_bool(w, v);
}

static void ns(struct hb_json_writer *w, const char *key, double seconds, bool present)
{
    hb_advice_json_ns(w, key, seconds, present);
}

/* key, key_ci [lo, hi], key_ci_lo and key_ci_hi of one measure. */
static void measure(struct hb_json_writer *w, const char *key, const struct hb_advice_interval *x)
{
    char name[64];
    bool finite = hb_advice_interval_finite(x);
    ns(w, key, x->median, x->present);
    snprintf(name, sizeof name, "%s_ci", key);
    hb_json_key(w, name);
    if (finite) {
        char lo[40], hi[40];
        hb_advice_ns_exact(lo, sizeof lo, x->lo);
        hb_advice_ns_exact(hi, sizeof hi, x->hi);
        hb_json_array_open(w);
        hb_json_number_text(w, lo);
        hb_json_number_text(w, hi);
        hb_json_array_close(w);
    } else {
        hb_json_null(w);
    }
    snprintf(name, sizeof name, "%s_ci_lo", key);
    ns(w, name, x->lo, finite);
    snprintf(name, sizeof name, "%s_ci_hi", key);
    ns(w, name, x->hi, finite);
}

static const char *measure_key(enum hb_measure m)
{
    return m == HB_MEASURE_LATENCY      ? "latency"
           : m == HB_MEASURE_THROUGHPUT ? "throughput"
           : m == HB_MEASURE_BITS       ? "bits"
           : m == HB_MEASURE_TABLE      ? "tables"
           : m == HB_MEASURE_BULK       ? "bulk"
                                        : NULL;
}

/* An entry of a ranking, first: its rank, name and impl. */
static void entry_name(struct hb_json_writer *w, const struct hb_advice_pick *p, size_t rank)
{
    put_count(w, "rank", rank);
    put_string(w, "name", p->entry.name);
    put_string(w, "impl", p->entry.impl);
}

/* Where the races place an entry: its rank interval, its processes, whether it is in the fastest set. */
static void entry_place(struct hb_json_writer *w, const struct hb_advice_pick *p)
{
    put_count(w, "rank_lo", p->rank_lo);
    put_count(w, "rank_hi", p->rank_hi);
    put_count(w, "processes", p->processes);
    put_bool(w, "fastest", p->fastest);
}

static void pick(struct hb_json_writer *w, const struct hb_advice_pick *p, size_t rank, bool tables, unsigned designs)
{
    const struct hb_hash *h = p->entry.props;
    char seeded[16];
    snprintf(seeded, sizeof seeded, h->seed_bits ? "%u-bit" : "no", h->seed_bits);
    hb_json_map_open(w);
    entry_name(w, p, rank);
    put_count(w, "implementations", p->implementations);
    put_string(w, "kind",
               h->kind == HB_KIND_CRYPTO     ? "crypto"
               : h->kind == HB_KIND_CHECKSUM ? "checksum"
                                             : "non-crypto");
    put_count(w, "bits", h->out_bits);
    put_string(w, "seeded", seeded);
    put_string(w, "dos", hb_advice_dos_name(h->dos));
    put_string(w, "output", hb_advice_output_name(h->output));
    put_string(w, "algo_version", h->algo_version);
    put_string(w, "needs", h->needs);
    measure(w, "ns_per_key", &p->entry.throughput);
    measure(w, "latency_ns_per_key", &p->entry.latency);
    ns(w, "ram_ns_per_key", p->entry.ram.median, p->entry.ram.present);
    ns(w, "ns_per_64k", p->entry.bulk.median, p->entry.bulk.present);
    entry_place(w, p);
    hb_json_key(w, "spread");
    if (p->entry.has_spread) {
        static const char *const keys[HB_TESTS] = {"buckets", "collisions", "low32", "avalanche"};
        hb_json_map_open(w);
        for (int t = 0; t < HB_TESTS; t++)
            put_string(w, keys[t], hb_spread_verdict_name(p->entry.spread.verdict[t]));
        hb_json_map_close(w);
    } else {
        hb_json_null(w);
    }
    put_string(w, "formats", hb_published_formats(p->entry.name));
    if (tables)
        hb_advice_json_tables(w, &p->entry, designs);
    put_string(w, "why", p->why);
    if (p->error_model) {
        hb_json_key(w, "hamming_distance");
        if (p->crc)
            hb_json_uint64(w, p->hamming_distance);
        else
            hb_json_null(w);
        if (p->crc) {
            put_bool(w, "hamming_distance_exact", p->hamming_exact);
            put_count(w, "hamming_distance_at_most", p->hamming_at_most);
        }
        put_string(w, "hamming_distance_source", p->hamming_source);
        put_string(w, "hamming_distance_published", p->hamming_published);
        if (p->crc)
            put_count(w, "burst_bits", p->burst_bits);
    }
    hb_json_map_close(w);
}

/* "recommendation": the label of r's pick, or null when it ranked none. */
static void recommendation(struct hb_json_writer *w, const struct hb_advice_result *r)
{
    char label[160];
    if (r->nranked)
        hb_advice_entry_label(&r->ranked[0].entry, label, sizeof label);
    put_string(w, "recommendation", r->nranked ? label : NULL);
}

/* "fastest_set": the labels of r's fastest set (the pick's tier), in order. */
static void fastest_set(struct hb_json_writer *w, const struct hb_advice_result *r)
{
    char label[160];
    hb_json_key(w, "fastest_set");
    hb_json_array_open(w);
    for (size_t i = 0; i < r->nfastest; i++) {
        hb_advice_entry_label(&r->ranked[i].entry, label, sizeof label);
        hb_json_string(w, label);
    }
    hb_json_array_close(w);
}

static void strings(struct hb_json_writer *w, const char *key, char *const *v, size_t n)
{
    hb_json_key(w, key);
    hb_json_array_open(w);
    for (size_t i = 0; i < n; i++)
        hb_json_string(w, v[i]);
    hb_json_array_close(w);
}

static void halves(struct hb_json_writer *w, const struct hb_advice_result *r)
{
    hb_json_key(w, "halves");
    hb_json_map_open(w);
    put_bool(w, "checked", r->halves.checked);
    put_bool(w, "held", r->halves.held);
    if (r->fleet) {
        put_string(w, "machines_not_held", r->halves.machines_not_held);
    } else {
        static const char *const names[2] = {"odd", "even"};
        for (int h = 0; h < 2; h++) {
            hb_json_key(w, names[h]);
            hb_json_map_open(w);
            put_count(w, "processes", r->halves.processes[h]);
            strings(w, "fastest_set", r->halves.set[h], r->halves.nset[h]);
            put_string(w, "pick", r->halves.pick[h]);
            put_bool(w, "has_the_pick", r->halves.pick_in_half[h]);
            hb_json_map_close(w);
        }
    }
    hb_json_map_close(w);
}

/* What every ranking says of its set: confidence, processes, the set, the halves. */
static void ranking(struct hb_json_writer *w, const struct hb_advice_result *r)
{
    char confidence[16];
    snprintf(confidence, sizeof confidence, "%g", r->confidence);
    hb_json_key(w, "confidence");
    hb_json_number_text(w, confidence);
    put_count(w, "processes", r->processes);
    if (r->fleet) {
        put_count(w, "fleet_machines", r->fleet);
        put_bool(w, "fleet_sets_disagree", r->fleet_disagree);
    }
    fastest_set(w, r);
    halves(w, r);
}

/* A ranking by one measure in short: its set, pick, halves and each entry's place. */
static void sub_ranking(struct hb_json_writer *w, const struct hb_advice_result *r)
{
    hb_json_map_open(w);
    ranking(w, r);
    recommendation(w, r);
    hb_advice_json_against(w, r);
    hb_json_key(w, "ranked");
    hb_json_array_open(w);
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_pick *p = &r->ranked[i];
        hb_json_map_open(w);
        entry_name(w, p, i + 1);
        entry_place(w, p);
        measure(w, "ns", hb_advice_measure(&p->entry, r->rank_by));
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    hb_json_map_close(w);
}

static void put_counts(struct hb_json_writer *w, const char *key, const uint64_t *v, size_t n)
{
    hb_json_key(w, key);
    hb_json_array_open(w);
    for (size_t i = 0; i < n; i++)
        hb_json_uint64(w, v[i]);
    hb_json_array_close(w);
}

/* shard: the counts and servers the (first) machine's spread.json tested. */
static void shard_plan(struct hb_json_writer *w, const struct hb_spread_file *f)
{
    put_counts(w, "shard_counts", f->shard_counts, f->nshard_counts);
    put_counts(w, "rendezvous_servers", f->rendezvous_servers, f->nrendezvous_servers);
}

/* Opens machine i's map with its tag, "machine". */
static void open_machine(struct hb_json_writer *w, size_t i)
{
    char tag[24];
    hb_advice_machine_tag(i, tag, sizeof tag);
    hb_json_map_open(w);
    put_string(w, "machine", tag);
}

static void need(struct hb_json_writer *w, const struct hb_advice_report *rep, size_t k)
{
    const struct hb_advice_result *r = &rep->need[k];
    hb_json_map_open(w);
    put_string(w, "need", r->rule->name);
    put_string(w, "what", r->rule->what);
    put_string(w, "rule", r->rule_words);
    put_string(w, "lead", r->lead);
    put_string(w, "bound", r->bound);
    put_string(w, "fallback", r->fallback);
    put_string(w, "noise", r->noise);
    put_string(w, "advice", r->advice_words);
    put_string(w, "ranked_by", measure_key(r->rank_by));
    put_string(w, "tie_break", measure_key(r->tie_break));
    ranking(w, r);
    bool tables = r->rule->rank_by == HB_MEASURE_TABLE;
    const unsigned designs = hb_hashtable_designs_shown(r);
    if (tables) {
        put_string(w, "table_design", r->design < HB_DESIGNS ? hb_design_name(r->design) : "all");
        put_string(w, "table_combination", r->combination);
        hb_advice_json_against(w, r);
    }
    hb_json_key(w, "ranked");
    hb_json_array_open(w);
    for (size_t i = 0; i < r->nranked; i++)
        pick(w, &r->ranked[i], i + 1, tables, designs);
    hb_json_array_close(w);
    hb_json_key(w, "excluded");
    hb_json_array_open(w);
    for (size_t i = 0; i < r->nexcluded; i++) {
        const struct hb_advice_exclusion *x = &r->excluded[i];
        hb_json_map_open(w);
        put_string(w, "name", x->name);
        put_string(w, "rule", hb_gate_name(x->gate));
        put_string(w, "reason", x->reason);
        if (tables) {
            static const struct hb_advice_entry none = {0};
            if (x->has_entry)
                put_string(w, "impl", x->entry.impl);
            hb_advice_json_tables(w, x->has_entry ? &x->entry : &none, designs);
        }
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    strings(w, "notes", r->notes, r->nnotes);
    if (r->rule->need == HB_NEED_CHECKSUM)
        put_count(w, "record_bytes", r->record_size);
    if (r->rule->need == HB_NEED_SHARD)
        shard_plan(w, &rep->machines[0]->spread);
    recommendation(w, r);
    if (rep->design_ranked[k]) {
        hb_json_key(w, "table_designs");
        hb_json_map_open(w);
        for (int d = 0; d < HB_DESIGNS; d++) {
            hb_json_key(w, hb_design_name((enum hb_design)d));
            sub_ranking(w, &rep->design[k][d]);
        }
        hb_json_map_close(w);
    }
    if (r->bulk) {
        hb_json_key(w, "at_64k");
        sub_ranking(w, r->bulk);
    }
    if (rep->per_machine) {
        hb_json_key(w, "per_machine");
        hb_json_array_open(w);
        for (size_t i = 0; i < rep->nmachines; i++) {
            open_machine(w, i);
            recommendation(w, &rep->per_machine[i][k]);
            fastest_set(w, &rep->per_machine[i][k]);
            hb_json_map_close(w);
        }
        hb_json_array_close(w);
    }
    hb_json_map_close(w);
}

static void keys(struct hb_json_writer *w, const struct hb_advice_machine *m)
{
    const struct hb_advice_keys *k = &m->keys;
    hb_json_key(w, "keys");
    if (!k->from_file) {
        hb_json_null(w);
        return;
    }
    hb_json_map_open(w);
    put_string(w, "file", k->file);
    put_string(w, "format", k->format);
    put_count(w, "in_file", k->in_file);
    put_count(w, "used", k->used);
    put_bool(w, "sampled", k->sampled);
    put_count(w, "distinct", hb_advice_distinct_keys(m));
    put_count(w, "duplicates", k->duplicates);
    put_count(w, "length_min", k->length_min);
    put_count(w, "length_median", k->length_median);
    put_count(w, "length_p99", k->length_p99);
    put_count(w, "length_max", k->length_max);
    put_count(w, "empty", k->empty);
    put_count(w, "crlf", k->crlf);
    put_count(w, "not_utf8", k->not_utf8);
    put_string(w, "load_ram", k->load_ram);
    hb_json_map_close(w);
}

void hb_advice_write_json(const struct hb_advice_report *rep, const struct hb_advice_output_options *o,
                          struct hb_strbuf *out)
{
    const struct hb_advice_machine *m = rep->machines[0];
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_map_open(w);
    put_count(w, "advise_schema", ADVISE_SCHEMA);
    put_string(w, "version", o->version);
    put_string(w, "rows", m->rows);
    char *synthetic =
        m->keys.from_file ? NULL : hb_xasprintf("no key file: the run's size:%s rows and hbspread's keysets", m->rows);
    put_string(w, "synthetic", synthetic);
    free(synthetic);
    keys(w, m);
    hb_json_key(w, "keysets");
    hb_json_array_open(w);
    for (size_t i = 0; i < m->spread.nkeysets; i++) {
        hb_json_map_open(w);
        put_string(w, "spec", m->spread.keysets[i].spec);
        put_string(w, "title", m->spread.keysets[i].title);
        put_count(w, "keys", m->spread.keysets[i].keys);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    put_count(w, "buckets", m->spread.buckets);
    put_string(w, "bucketing", m->spread.bucketing);
    put_count(w, "avalanche_keys_per_size", m->spread.avalanche_keys);
    put_count(w, "repetitions", m->repetitions);
    put_count(w, "processes", m->processes);
    ns(w, "noop_ns_per_key", m->noop.median, m->noop.present);
    char **lines;
    size_t n = hb_advice_describe(m, &lines);
    strings(w, "description", lines, n);
    hb_advice_lines_free(lines, n);
    hb_json_key(w, "machines");
    hb_json_array_open(w);
    for (size_t i = 0; i < rep->nmachines; i++) {
        open_machine(w, i);
        put_string(w, "dir", rep->machines[i]->dir);
        put_count(w, "runs", rep->machines[i]->nruns);
        put_count(w, "processes", rep->machines[i]->processes);
        put_string(w, "host_name", rep->machines[i]->host);
        put_string(w, "cpu_model", rep->machines[i]->cpu_model);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    hb_json_key(w, "needs");
    hb_json_array_open(w);
    for (size_t k = 0; k < HB_NEEDS; k++)
        if (rep->wanted[k])
            need(w, rep, k);
    hb_json_array_close(w);
    hb_json_map_close(w);
    size_t len;
    const char *text = hb_json_writer_text(w, &len);
    if (text)
        hb_strbuf_append(out, text, len);
    hb_json_writer_free(w);
}

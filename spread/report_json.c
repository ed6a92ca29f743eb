/*
 * report_json.c — --format json: every figure of the text report and the verdict rule (N, the
 * bounds), one object per algorithm, for dashboards and CI. p-values are given as log2_p (exact
 * even where p itself underflows to 0) and as the ^N the text shows.
 */
#include "spread.h"

#include <math.h>

#include "hb_json_writer.h"
#include "hb_hash_cli.h"

#define HBSPREAD_SCHEMA 1

static void str(struct hb_json_writer *w, const char *k, const char *v)
{
    hb_json_key(w, k);
    hb_json_string(w, v);
}

static void integer(struct hb_json_writer *w, const char *k, uint64_t v)
{
    hb_json_key(w, k);
    hb_json_uint64(w, v);
}

/* Doubles with 17 significant digits; a non-finite value (none is expected) becomes null. */
static void real(struct hb_json_writer *w, const char *k, double v)
{
    hb_json_key(w, k);
    if (!isfinite(v)) {
        hb_json_null(w);
        return;
    }
    char text[40];
    snprintf(text, sizeof text, "%.17g", v);
    hb_json_number_text(w, text);
}

static void pvalue(struct hb_json_writer *w, double log2_p)
{
    real(w, "log2_p", log2_p);
    integer(w, "caret", (uint64_t)hb_caret(log2_p));
}

static void collisions(struct hb_json_writer *w, const char *k, const struct hb_collisions *c)
{
    hb_json_key(w, k);
    hb_json_map_open(w);
    integer(w, "bits", c->bits);
    integer(w, "pairs", c->pairs);
    real(w, "expected", c->expected);
    pvalue(w, c->log2_p);
    hb_json_map_close(w);
}

static void keyset_result(struct hb_json_writer *w, const struct hb_keyset *ks, const struct hb_keyset_result *r)
{
    hb_json_map_open(w);
    str(w, "keyset", ks->spec);
    hb_json_key(w, "buckets");
    hb_json_map_open(w);
    integer(w, "min", r->buckets.min);
    integer(w, "max", r->buckets.max);
    real(w, "std_dev", r->buckets.std_dev);
    real(w, "ideal_std_dev", r->buckets.ideal_std_dev);
    real(w, "chi2", r->buckets.chi2);
    integer(w, "degrees_of_freedom", r->buckets.buckets - 1);
    pvalue(w, r->buckets.log2_p);
    hb_json_map_close(w);
    collisions(w, "collisions", &r->full);
    collisions(w, "collisions_low32", &r->low32);
    hb_json_map_close(w);
}

static void avalanche(struct hb_json_writer *w, const struct hb_avalanche *a)
{
    hb_json_key(w, "avalanche");
    hb_json_map_open(w);
    integer(w, "keys_per_size", a->keys);
    hb_json_key(w, "sizes");
    hb_json_array_open(w);
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++) {
        const struct hb_avalanche_size *z = &a->sizes[s];
        hb_json_map_open(w);
        integer(w, "key_bytes", z->key_bytes);
        integer(w, "cells", z->cells);
        real(w, "worst_bias", z->worst_bias);
        integer(w, "worst_in_bit", z->in_bit);
        integer(w, "worst_out_bit", z->out_bit);
        integer(w, "worst_flips", z->flips);
        real(w, "worst_cell_log2_p", z->log2_p);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    real(w, "worst_bias", a->worst_bias);
    integer(w, "cells", a->cells);
    pvalue(w, a->log2_p);
    hb_json_map_close(w);
}

static void write_verdicts(struct hb_json_writer *w, const struct hb_run *run, size_t a)
{
    hb_json_key(w, "verdicts");
    hb_json_map_open(w);
    for (int m = 0; m < HB_MEASURES; m++) {
        const struct hb_measure_verdict *v = &run->verdicts[a][m];
        if (!v->measured)
            continue;
        hb_json_key(w, hb_measure_key((enum hb_measure)m));
        hb_json_map_open(w);
        str(w, "verdict", hb_verdict_name(v->verdict));
        real(w, "scaled_log2_p", v->log2_p);
        integer(w, "caret", (uint64_t)hb_caret(v->log2_p));
        if (m != HB_MEASURE_AVALANCHE)
            str(w, "worst_keyset", run->keysets[v->keyset].spec);
        hb_json_map_close(w);
    }
    hb_json_map_close(w);
    str(w, "overall", hb_verdict_name(run->overall[a]));
}

static void battery_failure(struct hb_json_writer *w, enum hb_view view, const struct hb_battery_failure *f)
{
    hb_json_map_open(w);
    integer(w, "stride_log2", f->stride_log2);
    integer(w, "buckets_log2", f->buckets_log2);
    integer(w, "buckets", f->buckets);
    integer(w, view == HB_VIEW_LOW32 ? "pairs" : "occupied", f->occupied);
    real(w, "expected", f->expected);
    integer(w, "keys", f->keys);
    if (view == HB_VIEW_ABSL_H2 || view == HB_VIEW_TOP7)
        real(w, "chi2", f->chi2);
    if (view == HB_VIEW_ABSL_H2 || view == HB_VIEW_TOP7 || view == HB_VIEW_LOW32)
        real(w, "log2_p", f->log2_p);
    else
        real(w, "bound", f->bound);
    hb_json_map_close(w);
}

/* The member the advisor reads ("battery"), plus what makes a failure checkable: the keys, the
 * bound, the chi-square or the pairs' p. One object per view of hb_designs.h, in its order, under
 * "designs" with the view's name as "bits". */
static void battery(struct hb_json_writer *w, const struct hb_battery *b)
{
    hb_json_key(w, "battery");
    hb_json_map_open(w);
    str(w, "verdict", b->failed ? "fail" : "pass");
    hb_json_key(w, "linearity");
    hb_json_map_open(w);
    integer(w, "triples", b->linearity.triples);
    integer(w, "zero", b->linearity.zero);
    hb_json_key(w, "linear");
    hb_json_bool(w, b->linearity.linear);
    hb_json_map_close(w);
    hb_json_key(w, "designs");
    hb_json_array_open(w);
    for (int v = 0; v < HB_VIEWS; v++) {
        const struct hb_battery_view *x = &b->views[v];
        hb_json_map_open(w);
        str(w, "bits", hb_view_name((enum hb_view)v));
        str(w, "verdict", x->failed ? "fail" : "pass");
        hb_json_key(w, "first_failure");
        if (x->failed)
            battery_failure(w, (enum hb_view)v, &x->first);
        else
            hb_json_null(w);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    integer(w, "strides_run", b->strides_run);
    integer(w, "hashes", b->hashes);
    hb_json_map_close(w);
}

/* Per shard count (then per server count), the worst keyset's spread with its verdict after the
 * run's scaling. */
static void shards(struct hb_json_writer *w, const struct hb_run *run, size_t a)
{
    double tests = (double)run->tests_per_algorithm;
    for (int part = 0; part < 2; part++) {
        size_t from = part ? run->shards.ncounts : 0, to = part ? hb_run_shard_tests(run) : run->shards.ncounts;
        if (from == to)
            continue;
        hb_json_key(w, part ? "rendezvous" : "shards");
        hb_json_array_open(w);
        for (size_t c = from; c < to; c++) {
            const struct hb_shard_result *worst = NULL;
            size_t worst_keyset = 0;
            for (size_t k = 0; k < run->nkeysets; k++) {
                const struct hb_shard_result *r = &hb_run_shard_results(run, a, k)[c];
                if (!worst || r->log2_p < worst->log2_p)
                    worst = r, worst_keyset = k;
            }
            double scaled = hb_log2_scale(worst->log2_p, tests);
            hb_json_map_open(w);
            integer(w, part ? "servers" : "shards", worst->shards);
            str(w, "verdict", hb_verdict_name(hb_verdict_of(scaled)));
            real(w, "scaled_log2_p", scaled);
            real(w, "chi2", worst->chi2);
            real(w, "log2_p", worst->log2_p);
            real(w, "max_share", worst->max_share);
            real(w, "min_share", worst->min_share);
            str(w, "worst_keyset", run->keysets[worst_keyset].spec);
            hb_json_map_close(w);
        }
        hb_json_array_close(w);
    }
}

static void algorithm(struct hb_json_writer *w, const struct hb_run *run, size_t a)
{
    const struct hb_algo_row *row = &run->algos[a];
    hb_json_map_open(w);
    str(w, "name", row->hash->name);
    str(w, "impl", row->hash->impl);
    str(w, "kind", hb_kind_name(row->hash->kind));
    integer(w, "out_bits", row->hash->out_bits);
    if (!row->runnable) {
        str(w, "skipped", row->why_not);
        hb_json_map_close(w);
        return;
    }
    hb_json_key(w, "keysets");
    hb_json_array_open(w);
    for (size_t k = 0; k < run->nkeysets; k++)
        keyset_result(w, &run->keysets[k], &run->results[a * run->nkeysets + k]);
    hb_json_array_close(w);
    if (run->avalanche_keys > 0)
        avalanche(w, &run->avalanche[a]);
    if (run->nkeysets > 0 && hb_run_shard_tests(run) > 0)
        shards(w, run, a);
    if (run->nkeysets > 0 || run->avalanche_keys > 0)
        write_verdicts(w, run, a);
    if (run->battery != NULL)
        battery(w, &run->battery[a]);
    hb_json_map_close(w);
}

static void battery_rule(struct hb_json_writer *w, const struct hb_run *run)
{
    hb_json_key(w, "battery_rule");
    hb_json_map_open(w);
    str(w, "keys", "i * 2^s as 8-byte little-endian integers, i = 0, 1, 2, ...");
    integer(w, "min_stride_log2", 0);
    integer(w, "max_stride_log2", HB_BATTERY_MAX_STRIDE);
    integer(w, "min_buckets_log2", HB_BATTERY_MIN_LOG2);
    integer(w, "max_buckets_log2", run->battery_log2);
    str(w, "keys_per_table", "7/8 of the buckets");
    str(w, "bucket_designs",
        "fail when occupied < expected - sigmas * sd, a random function's mean and sd over the "
        "view's buckets");
    real(w, "sigmas", HB_BATTERY_SIGMAS);
    str(w, "tag_designs", "128 tags; fail when the chi-square's p' <= 2^fail_log2_p, p' = 1 - (1 - p)^tests");
    str(w, "low32",
        "pairs of the largest table's keys with equal low 32 bits, once per stride; fail when the Poisson "
        "tail's p' <= 2^fail_log2_p");
    real(w, "tests", hb_battery_tests(run->battery_log2));
    real(w, "fail_log2_p", HB_FAIL_LOG2_P);
    str(w, "linearity", "h(a)^h(b)^h(c)^h(a^b^c) == 0 on every random triple (8, 16, 64 bytes): linear, a failure");
    hb_json_map_close(w);
}

static void header(struct hb_json_writer *w, const struct hb_run *run, const char *version)
{
    integer(w, "hbspread_schema", HBSPREAD_SCHEMA);
    str(w, "version", version);
    hb_json_key(w, "config");
    hb_json_map_open(w);
    str(w, "bucketing", hb_bucketing_name(run->plan.how));
    integer(w, "buckets_requested", run->plan.requested);
    integer(w, "buckets", run->plan.used);
    integer(w, "seed", 0);
    integer(w, "avalanche_keys_per_size", run->avalanche_keys);
    hb_json_key(w, "avalanche_key_bytes");
    hb_json_array_open(w);
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++)
        hb_json_uint64(w, hb_avalanche_key_bytes[s]);
    hb_json_array_close(w);
    hb_json_key(w, "shard_counts");
    hb_json_array_open(w);
    for (size_t c = 0; c < run->shards.ncounts; c++)
        hb_json_uint64(w, run->shards.counts[c]);
    hb_json_array_close(w);
    hb_json_key(w, "rendezvous_servers");
    hb_json_array_open(w);
    for (size_t c = 0; c < run->shards.nservers; c++)
        hb_json_uint64(w, run->shards.servers[c]);
    hb_json_array_close(w);
    hb_json_map_close(w);

    hb_json_key(w, "verdict_rule");
    hb_json_map_open(w);
    integer(w, "tests_per_algorithm", run->tests_per_algorithm);
    str(w, "tests",
        "per keyset: buckets (chi-square), collisions at full width, low-32 collisions, one per shard "
        "count and rendezvous server count (chi-square); plus avalanche");
    str(w, "scaling", "p' = 1 - (1 - p)^N, N = tests_per_algorithm");
    real(w, "warn_log2_p", HB_WARN_LOG2_P);
    real(w, "fail_log2_p", HB_FAIL_LOG2_P);
    str(w, "caret", "floor(-log2 p)");
    hb_json_map_close(w);

    hb_json_key(w, "keysets");
    hb_json_array_open(w);
    for (size_t k = 0; k < run->nkeysets; k++) {
        const struct hb_keyset *ks = &run->keysets[k];
        hb_json_map_open(w);
        str(w, "spec", ks->spec);
        str(w, "title", ks->title);
        integer(w, "keys", ks->n);
        if (ks->kind == HB_KEYS_FILE) {
            integer(w, "lines", ks->lines);
            integer(w, "repeated_lines_left_out", ks->duplicates);
            integer(w, "keys_in_file", (size_t)ks->file_keys);
        }
        real(w, "expected_load", (double)ks->n / (double)run->plan.used);
        real(w, "ideal_std_dev", sqrt((double)ks->n / (double)run->plan.used));
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
    if (run->nkeysets > 0)
        integer(w, "headline_keyset", hb_headline_keyset(run));
    if (run->battery_log2 > 0)
        battery_rule(w, run);
}

bool hb_report_json(FILE *to, const struct hb_run *run, const char *version)
{
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_map_open(w);
    header(w, run, version);
    hb_json_key(w, "algorithms");
    hb_json_array_open(w);
    for (size_t a = 0; a < run->nalgos; a++)
        algorithm(w, run, a);
    hb_json_array_close(w);
    hb_json_map_close(w);
    size_t len;
    const char *text = hb_json_writer_text(w, &len);
    bool ok = text != NULL && fwrite(text, 1, len, to) == len;
    hb_json_writer_free(w);
    return ok;
}

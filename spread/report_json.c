/*
 * report_json.c — --format json: every figure of the text report and the verdict rule (N, the
 * bounds), one object per algorithm, for dashboards and CI. p-values are given as log2_p (exact
 * even where p itself underflows to 0) and as the ^N the text shows.
 */
#include "spread.h"

#include <math.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#define HBSPREAD_SCHEMA 1

static void key(yajl_gen g, const char *k)
{
    yajl_gen_string(g, (const unsigned char *)k, strlen(k));
}

static void str(yajl_gen g, const char *k, const char *v)
{
    key(g, k);
    yajl_gen_string(g, (const unsigned char *)v, strlen(v));
}

static void integer(yajl_gen g, const char *k, uint64_t v)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%llu", (unsigned long long)v);
    key(g, k);
    yajl_gen_number(g, text, (size_t)n);
}

/* Doubles with 17 significant digits; a non-finite value (none is expected) becomes null. */
static void real(yajl_gen g, const char *k, double v)
{
    key(g, k);
    if (!isfinite(v)) {
        yajl_gen_null(g);
        return;
    }
    char text[40];
    int n = snprintf(text, sizeof text, "%.17g", v);
    yajl_gen_number(g, text, (size_t)n);
}

static void pvalue(yajl_gen g, double log2_p)
{
    real(g, "log2_p", log2_p);
    integer(g, "caret", (uint64_t)hb_caret(log2_p));
}

static void collisions(yajl_gen g, const char *k, const struct hb_collisions *c)
{
    key(g, k);
    yajl_gen_map_open(g);
    integer(g, "bits", c->bits);
    integer(g, "pairs", c->pairs);
    real(g, "expected", c->expected);
    pvalue(g, c->log2_p);
    yajl_gen_map_close(g);
}

static void keyset_result(yajl_gen g, const struct hb_keyset *ks, const struct hb_keyset_result *r)
{
    yajl_gen_map_open(g);
    str(g, "keyset", ks->spec);
    key(g, "buckets");
    yajl_gen_map_open(g);
    integer(g, "min", r->buckets.min);
    integer(g, "max", r->buckets.max);
    real(g, "std_dev", r->buckets.std_dev);
    real(g, "ideal_std_dev", r->buckets.ideal_std_dev);
    real(g, "chi2", r->buckets.chi2);
    integer(g, "degrees_of_freedom", r->buckets.buckets - 1);
    pvalue(g, r->buckets.log2_p);
    yajl_gen_map_close(g);
    collisions(g, "collisions", &r->full);
    collisions(g, "collisions_low32", &r->low32);
    yajl_gen_map_close(g);
}

static void avalanche(yajl_gen g, const struct hb_avalanche *a)
{
    key(g, "avalanche");
    yajl_gen_map_open(g);
    integer(g, "keys_per_size", a->keys);
    key(g, "sizes");
    yajl_gen_array_open(g);
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++) {
        const struct hb_avalanche_size *z = &a->sizes[s];
        yajl_gen_map_open(g);
        integer(g, "key_bytes", z->key_bytes);
        integer(g, "cells", z->cells);
        real(g, "worst_bias", z->worst_bias);
        integer(g, "worst_in_bit", z->in_bit);
        integer(g, "worst_out_bit", z->out_bit);
        integer(g, "worst_flips", z->flips);
        real(g, "worst_cell_log2_p", z->log2_p);
        yajl_gen_map_close(g);
    }
    yajl_gen_array_close(g);
    real(g, "worst_bias", a->worst_bias);
    integer(g, "cells", a->cells);
    pvalue(g, a->log2_p);
    yajl_gen_map_close(g);
}

static void verdicts(yajl_gen g, const struct hb_run *run, size_t a)
{
    key(g, "verdicts");
    yajl_gen_map_open(g);
    for (int m = 0; m < HB_MEASURES; m++) {
        const struct hb_measure_verdict *v = &run->verdicts[a][m];
        if (!v->measured)
            continue;
        key(g, hb_measure_key((enum hb_measure)m));
        yajl_gen_map_open(g);
        str(g, "verdict", hb_verdict_name(v->verdict));
        real(g, "scaled_log2_p", v->log2_p);
        integer(g, "caret", (uint64_t)hb_caret(v->log2_p));
        if (m != HB_MEASURE_AVALANCHE)
            str(g, "worst_keyset", run->keysets[v->keyset].spec);
        yajl_gen_map_close(g);
    }
    yajl_gen_map_close(g);
    str(g, "overall", hb_verdict_name(run->overall[a]));
}

static void algorithm(yajl_gen g, const struct hb_run *run, size_t a)
{
    const struct hb_algo_row *row = &run->algos[a];
    yajl_gen_map_open(g);
    str(g, "name", row->hash->name);
    str(g, "impl", row->hash->impl);
    str(g, "kind", hb_kind_name(row->hash->kind));
    integer(g, "out_bits", row->hash->out_bits);
    if (!row->runnable) {
        str(g, "skipped", row->why_not);
        yajl_gen_map_close(g);
        return;
    }
    key(g, "keysets");
    yajl_gen_array_open(g);
    for (size_t k = 0; k < run->nkeysets; k++)
        keyset_result(g, &run->keysets[k], &run->results[a * run->nkeysets + k]);
    yajl_gen_array_close(g);
    if (run->avalanche_keys > 0)
        avalanche(g, &run->avalanche[a]);
    verdicts(g, run, a);
    yajl_gen_map_close(g);
}

static void header(yajl_gen g, const struct hb_run *run, const char *version)
{
    integer(g, "hbspread_schema", HBSPREAD_SCHEMA);
    str(g, "version", version);
    key(g, "config");
    yajl_gen_map_open(g);
    str(g, "bucketing", hb_bucketing_name(run->plan.how));
    integer(g, "buckets_requested", run->plan.requested);
    integer(g, "buckets", run->plan.used);
    integer(g, "seed", 0);
    integer(g, "avalanche_keys_per_size", run->avalanche_keys);
    key(g, "avalanche_key_bytes");
    yajl_gen_array_open(g);
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++)
        yajl_gen_integer(g, (long long)hb_avalanche_key_bytes[s]);
    yajl_gen_array_close(g);
    yajl_gen_map_close(g);

    key(g, "verdict_rule");
    yajl_gen_map_open(g);
    integer(g, "tests_per_algorithm", run->tests_per_algorithm);
    str(g, "tests", "per keyset: buckets (chi-square), collisions at full width, low-32 collisions; plus avalanche");
    str(g, "scaling", "p' = 1 - (1 - p)^N, N = tests_per_algorithm");
    real(g, "warn_log2_p", HB_WARN_LOG2_P);
    real(g, "fail_log2_p", HB_FAIL_LOG2_P);
    str(g, "caret", "floor(-log2 p)");
    yajl_gen_map_close(g);

    key(g, "keysets");
    yajl_gen_array_open(g);
    for (size_t k = 0; k < run->nkeysets; k++) {
        const struct hb_keyset *ks = &run->keysets[k];
        yajl_gen_map_open(g);
        str(g, "spec", ks->spec);
        str(g, "title", ks->title);
        integer(g, "keys", ks->n);
        if (ks->kind == HB_KEYS_FILE) {
            integer(g, "lines", ks->lines);
            integer(g, "repeated_lines_left_out", ks->duplicates);
            integer(g, "keys_in_file", (size_t)ks->file_keys);
        }
        real(g, "expected_load", (double)ks->n / (double)run->plan.used);
        real(g, "ideal_std_dev", sqrt((double)ks->n / (double)run->plan.used));
        yajl_gen_map_close(g);
    }
    yajl_gen_array_close(g);
    integer(g, "headline_keyset", hb_headline_keyset(run));
}

bool hb_report_json(FILE *to, const struct hb_run *run, const char *version)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    if (g == NULL)
        return false;
    yajl_gen_config(g, yajl_gen_beautify, 1);
    yajl_gen_config(g, yajl_gen_indent_string, "  ");
    yajl_gen_map_open(g);
    header(g, run, version);
    key(g, "algorithms");
    yajl_gen_array_open(g);
    for (size_t a = 0; a < run->nalgos; a++)
        algorithm(g, run, a);
    yajl_gen_array_close(g);
    yajl_gen_map_close(g);
    const unsigned char *buf;
    size_t len;
    bool ok = yajl_gen_get_buf(g, &buf, &len) == yajl_gen_status_ok && fwrite(buf, 1, len, to) == len;
    yajl_gen_free(g);
    return ok;
}

/*
 * report_text.c — the text report: the classic table first (min, max, std dev of the bucket
 * loads on the headline keyset), then one table per keyset with every figure, the avalanche
 * table, and the verdict matrix. Everything printed is a function of the results, so two runs
 * print the same bytes; timing goes to stderr (hbspread.c).
 */
#include "spread.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hb_text_table.h"

/* The tables below: each cell two spaces from the one before (the first two spaces in), aligned
 * as its column's letter in align says ('l' left, 'r' right). */
struct table {
    struct hb_text_table layout;
    const char *align;
};

static void add_table_cell(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_table_cell(struct table *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *value = hb_xvasprintf(fmt, ap);
    va_end(ap);
    size_t col = hb_text_table_cur_col(&t->layout);
    bool right = col < strlen(t->align) && t->align[col] == 'r';
    hb_text_table_cell(&t->layout, value, right ? HB_ALIGN_RIGHT : HB_ALIGN_LEFT, "  ");
    free(value);
}

size_t hb_headline_keyset(const struct hb_run *run)
{
    for (size_t k = 0; k < run->nkeysets; k++)
        if (run->keysets[k].kind == HB_KEYS_SEQ)
            return k;
    return 0;
}

/* "64", "6.37", "0.335": a load as a reader would write it. */
static void format_load(char *buf, size_t len, double load)
{
    if (load == floor(load) && load < 1e15)
        snprintf(buf, len, "%.0f", load);
    else
        snprintf(buf, len, "%.3g", load);
}

static void format_std_dev(char *buf, size_t len, double sd)
{
    snprintf(buf, len, sd >= 1 || sd == 0 ? "%.1f" : "%.2f", sd);
}

/* ^N, with the absurd (a constant hash on a million keys) shown as a floor. */
static void format_caret(char *buf, size_t len, double log2_p)
{
    long n = hb_caret(log2_p);
    if (n > 99999)
        snprintf(buf, len, "^99999+");
    else
        snprintf(buf, len, "^%ld", n);
}

static void print_headline(FILE *to, const struct hb_run *run)
{
    const struct hb_keyset *ks = &run->keysets[hb_headline_keyset(run)];
    size_t buckets = run->plan.used;
    double load = (double)ks->n / (double)buckets;
    char load_text[32], ideal[32];
    format_load(load_text, sizeof load_text, load);
    format_std_dev(ideal, sizeof ideal, sqrt(load));
    fprintf(to, "spread of %zu %s over %zu buckets%s (expected load %s, ideal std dev %s)\n", ks->n, ks->title, buckets,
            run->plan.how == HB_BUCKET_MOD     ? ""
            : run->plan.how == HB_BUCKET_PRIME ? " by prime modulus"
                                               : " by top bits",
            load_text, ideal);
    /* the classic layout: "  xxh3-64/inline   min  30  max 100  std dev   8.0" */
    size_t k = hb_headline_keyset(run);
    int name_width = 0, min_width = 3, max_width = 3, sd_width = 5;
    char(*cells)[3][32] = hb_xcalloc(run->nalgos, sizeof *cells);
    for (size_t a = 0; a < run->nalgos; a++) {
        const struct hb_algo_row *row = &run->algos[a];
        int len = (int)(strlen(row->hash->name) + 1 + strlen(row->hash->impl));
        name_width = len > name_width ? len : name_width;
        if (!row->runnable)
            continue;
        const struct hb_bucket_stats *b = &run->results[a * run->nkeysets + k].buckets;
        snprintf(cells[a][0], sizeof cells[a][0], "%" PRIu64, b->min);
        snprintf(cells[a][1], sizeof cells[a][1], "%" PRIu64, b->max);
        format_std_dev(cells[a][2], sizeof cells[a][2], b->std_dev);
        int w[3] = {(int)strlen(cells[a][0]), (int)strlen(cells[a][1]), (int)strlen(cells[a][2])};
        min_width = w[0] > min_width ? w[0] : min_width;
        max_width = w[1] > max_width ? w[1] : max_width;
        sd_width = w[2] > sd_width ? w[2] : sd_width;
    }
    for (size_t a = 0; a < run->nalgos; a++) {
        const struct hb_algo_row *row = &run->algos[a];
        int len = (int)(strlen(row->hash->name) + 1 + strlen(row->hash->impl));
        fprintf(to, "  %s/%s%*s   ", row->hash->name, row->hash->impl, name_width - len, "");
        if (!row->runnable)
            fprintf(to, "skipped: %s\n", row->why_not);
        else
            fprintf(to, "min %*s  max %*s  std dev %*s\n", min_width, cells[a][0], max_width, cells[a][1], sd_width,
                    cells[a][2]);
    }
    free(cells);
}

/* Adds one runnable algorithm's cells after its name; k is the keyset (unused by some). */
typedef void fill_fn(struct table *t, const struct hb_run *run, size_t a, size_t k);

/* A table of the given header, then one row per algorithm beginning with name/impl: a skipped
 * algorithm's row says why, a runnable one's cells come from fill. */
static void print_algorithm_table(FILE *to, const struct hb_run *run, const char *align, const char *const *header,
                                  size_t k, fill_fn *fill)
{
    struct table t = {.align = align};
    for (size_t c = 0; c < strlen(align); c++)
        add_table_cell(&t, "%s", header[c]);
    for (size_t a = 0; a < run->nalgos; a++) {
        const struct hb_algo_row *row = &run->algos[a];
        hb_text_table_row(&t.layout);
        add_table_cell(&t, "%s/%s", row->hash->name, row->hash->impl);
        if (!row->runnable) {
            char tail[160];
            snprintf(tail, sizeof tail, "skipped: %s", row->why_not);
            hb_text_table_trailing(&t.layout, tail, "  "); /* the reason widens no column */
            continue;
        }
        fill(&t, run, a, k);
    }
    char *text = hb_text_table_format(&t.layout, NULL);
    fputs(text, to);
    free(text);
    hb_text_table_free(&t.layout);
}

static void caret_cell(struct table *t, double log2_p)
{
    char caret[24];
    format_caret(caret, sizeof caret, log2_p);
    add_table_cell(t, "%s", caret);
}

static void fill_keyset(struct table *t, const struct hb_run *run, size_t a, size_t k)
{
    const struct hb_keyset_result *r = &run->results[a * run->nkeysets + k];
    char sd[32];
    format_std_dev(sd, sizeof sd, r->buckets.std_dev);
    add_table_cell(t, "%" PRIu64, r->buckets.min);
    add_table_cell(t, "%" PRIu64, r->buckets.max);
    add_table_cell(t, "%s", sd);
    add_table_cell(t, "%.3f", r->buckets.ideal_std_dev > 0 ? r->buckets.std_dev / r->buckets.ideal_std_dev : 0);
    add_table_cell(t, "%.1f", r->buckets.chi2);
    caret_cell(t, r->buckets.log2_p);
    add_table_cell(t, "%u", r->full.bits);
    add_table_cell(t, "%" PRIu64, r->full.pairs);
    add_table_cell(t, "%.3g", r->full.expected);
    caret_cell(t, r->full.log2_p);
    add_table_cell(t, "%" PRIu64, r->low32.pairs);
    add_table_cell(t, "%.3g", r->low32.expected);
    caret_cell(t, r->low32.log2_p);
}

static void print_keyset(FILE *to, const struct hb_run *run, size_t k)
{
    const struct hb_keyset *ks = &run->keysets[k];
    double load = (double)ks->n / (double)run->plan.used;
    char load_text[32], ideal[32];
    format_load(load_text, sizeof load_text, load);
    format_std_dev(ideal, sizeof ideal, sqrt(load));
    fprintf(to, "\nkeyset %s: %zu %s\n", ks->spec, ks->n, ks->title);
    if (ks->kind == HB_KEYS_FILE) {
        fprintf(to, "  %zu lines, %zu repeated lines left out", ks->lines, ks->duplicates);
        if (ks->file_keys > ks->lines)
            fprintf(to, "; a fixed-seed sample of the file's %llu keys", (unsigned long long)ks->file_keys);
        fprintf(to, "\n");
    }
    fprintf(to, "  %zu buckets by %s, expected load %s, ideal std dev %s; chi2 = sum (load - expected)^2 / expected;\n",
            run->plan.used, hb_bucketing_name(run->plan.how), load_text, ideal);
    fprintf(to, "  collisions are pairs of keys with equal hashes, expected n(n-1)/2 / 2^bits;"
                " ^N = floor(-log2 p), before scaling\n");
    static const char *const header[] = {"name/impl", "min",   "max",      "std dev", "x ideal",      "chi2",     "^N",
                                         "bits",      "pairs", "expected", "^N",      "low-32 pairs", "expected", "^N"};
    print_algorithm_table(to, run, "lrrrrrrrrrrrrr", header, k, fill_keyset);
}

static void fill_avalanche(struct table *t, const struct hb_run *run, size_t a, size_t k)
{
    (void)k;
    const struct hb_avalanche *av = &run->avalanche[a];
    size_t worst = 0;
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++) {
        add_table_cell(t, "%.2f%%", 100 * av->sizes[s].worst_bias);
        if (av->sizes[s].log2_p < av->sizes[worst].log2_p)
            worst = s;
    }
    const struct hb_avalanche_size *w = &av->sizes[worst];
    add_table_cell(t, "%zu B, in bit %u -> out bit %u: %" PRIu64 "/%zu flips", w->key_bytes, w->in_bit, w->out_bit,
                   w->flips, av->keys);
    caret_cell(t, av->log2_p);
}

static void print_avalanche(FILE *to, const struct hb_run *run)
{
    fprintf(
        to,
        "\navalanche: %zu random keys per size, each input bit flipped in turn; bias = |2 P(output bit flips) - 1|\n",
        run->avalanche_keys);
    fprintf(to, "  worst bias per key size; the worst cell overall (output bit 8j+k: bit k of output byte j),"
                " its ^N scaled by the cells of all sizes\n");
    char sizes[HB_AVALANCHE_SIZES][16];
    const char *header[HB_AVALANCHE_SIZES + 3] = {"name/impl"};
    for (size_t s = 0; s < HB_AVALANCHE_SIZES; s++) {
        snprintf(sizes[s], sizeof sizes[s], "%zu B", hb_avalanche_key_bytes[s]);
        header[1 + s] = sizes[s];
    }
    header[HB_AVALANCHE_SIZES + 1] = "worst cell";
    header[HB_AVALANCHE_SIZES + 2] = "^N";
    print_algorithm_table(to, run, "lrrrrlr", header, 0, fill_avalanche);
}

/* The shard measures have a column only when the run planned them. */
static bool column_of(const struct hb_run *run, enum hb_measure m)
{
    if (m == HB_MEASURE_SHARDS)
        return run->shards.ncounts > 0;
    if (m == HB_MEASURE_RENDEZVOUS)
        return run->shards.nservers > 0;
    return true;
}

static void fill_verdicts(struct table *t, const struct hb_run *run, size_t a, size_t k)
{
    (void)k;
    for (int m = 0; m < HB_MEASURES; m++) {
        if (!column_of(run, (enum hb_measure)m))
            continue;
        const struct hb_measure_verdict *v = &run->verdicts[a][m];
        if (!v->measured) {
            add_table_cell(t, "-");
            continue;
        }
        char caret[24];
        format_caret(caret, sizeof caret, v->log2_p);
        if (v->verdict != HB_PASS && m != HB_MEASURE_AVALANCHE)
            add_table_cell(t, "%s %s %s", hb_verdict_name(v->verdict), caret, run->keysets[v->keyset].spec);
        else
            add_table_cell(t, "%s %s", hb_verdict_name(v->verdict), caret);
    }
    add_table_cell(t, "%s", hb_verdict_name(run->overall[a]));
}

static void print_verdicts(FILE *to, const struct hb_run *run)
{
    fprintf(to,
            "\nverdicts: each p scaled by N = %zu tests per algorithm, p' = 1-(1-p)^N;"
            " warn at p' <= 2^%g, FAIL at p' <= 2^%g\n",
            run->tests_per_algorithm, HB_WARN_LOG2_P, HB_FAIL_LOG2_P);
    fprintf(to, "  ^N = floor(-log2 p'), the worst keyset's, named when it is not a pass\n");
    const char *header[HB_MEASURES + 2] = {"name/impl"};
    char align[HB_MEASURES + 3] = "l";
    size_t n = 1;
    for (int m = 0; m < HB_MEASURES; m++)
        if (column_of(run, (enum hb_measure)m))
            header[n++] = hb_measure_name((enum hb_measure)m);
    header[n++] = "verdict";
    memset(align, 'l', n);
    align[n] = '\0';
    print_algorithm_table(to, run, align, header, 0, fill_verdicts);
}

static void fill_shards(struct table *t, const struct hb_run *run, size_t a, size_t k)
{
    (void)k;
    /* per count, the worst keyset's share of the fullest shard, flagged when its test fails */
    double tests = (double)run->tests_per_algorithm;
    for (size_t c = 0; c < hb_run_shard_tests(run); c++) {
        const struct hb_shard_result *worst = NULL;
        for (size_t ks = 0; ks < run->nkeysets; ks++) {
            const struct hb_shard_result *r = &hb_run_shard_results(run, a, ks)[c];
            if (!worst || r->log2_p < worst->log2_p)
                worst = r;
        }
        enum hb_verdict v = hb_verdict_of(hb_log2_scale(worst->log2_p, tests));
        add_table_cell(t, "%s%.1f%%", v == HB_PASS ? "" : v == HB_WARN ? "warn " : "FAIL ", 100 * worst->max_share);
    }
}

static void print_shards(FILE *to, const struct hb_run *run)
{
    fprintf(to, "\nshards: the share of the keys in the fullest shard, h mod N over N shards and rendezvous (the key "
                "to the server s\n  of the highest h(key || s), s an 8-byte index) over S servers; FAIL when the "
                "chi-square's p' fails (worst keyset)\n");
    char names[HB_MAX_SHARD_COUNTS + HB_MAX_RENDEZVOUS][24];
    const char *header[HB_MAX_SHARD_COUNTS + HB_MAX_RENDEZVOUS + 1] = {"name/impl"};
    char align[HB_MAX_SHARD_COUNTS + HB_MAX_RENDEZVOUS + 2] = "l";
    size_t n = hb_run_shard_tests(run);
    for (size_t c = 0; c < n; c++) {
        if (c < run->shards.ncounts)
            snprintf(names[c], sizeof names[c], "N=%u", run->shards.counts[c]);
        else
            snprintf(names[c], sizeof names[c], "S=%u", run->shards.servers[c - run->shards.ncounts]);
        header[1 + c] = names[c];
        align[1 + c] = 'r';
    }
    align[1 + n] = '\0';
    print_algorithm_table(to, run, align, header, 0, fill_shards);
}

/* "FAIL s=4 2^12 1795/2386": a view's first failure, the occupied buckets (distinct tags, or for
 * low32 pairs of equal values) of a random function's mean. */
static void failure_cell(struct table *t, const struct hb_battery_view *x)
{
    if (!x->failed) {
        add_table_cell(t, "pass");
        return;
    }
    const struct hb_battery_failure *f = &x->first;
    add_table_cell(t, "FAIL s=%u 2^%u %" PRIu64 "/%.0f", f->stride_log2, f->buckets_log2, f->occupied, f->expected);
}

static void fill_battery(struct table *t, const struct hb_run *run, size_t a, size_t k)
{
    (void)k;
    const struct hb_battery *b = &run->battery[a];
    add_table_cell(t, "%s %zu/%zu", b->linearity.linear ? "yes" : "no", b->linearity.zero, b->linearity.triples);
    for (int v = 0; v < HB_VIEWS; v++)
        failure_cell(t, &b->views[v]);
    enum hb_view first = hb_battery_first_failure(b);
    if (first != HB_VIEWS) {
        const struct hb_battery_failure *f = &b->views[first].first;
        add_table_cell(t, "FAIL%s: first s=%u, 2^%u buckets, %s", b->linearity.linear ? ", linear" : "", f->stride_log2,
                       f->buckets_log2, hb_view_name(first));
    } else {
        add_table_cell(t, "%s", b->linearity.linear ? "FAIL: linear" : "pass");
    }
}

static void print_battery(FILE *to, const struct hb_run *run)
{
    if (run->nkeysets > 0 || run->avalanche_keys > 0)
        fputc('\n', to);
    fprintf(to,
            "structure battery: keys i*2^s (8-byte little-endian, s = 0..%d) in tables of 2^%d to 2^%u buckets,"
            " 7/8 as many keys as buckets\n",
            HB_BATTERY_MAX_STRIDE, HB_BATTERY_MIN_LOG2, run->battery_log2);
    fprintf(to, "  linear: h(a)^h(b)^h(c)^h(a^b^c) = 0 on every random triple (zero/triples), GF(2)-affine like"
                " every CRC: a failure\n");
    fprintf(to,
            "  views of the 64-bit value h (docs/spread.md names the tables that consume each):\n"
            "  low: h mod 2^b; absl-h1: h >> 7 mod 2^b; absl-h2: the low 7 bits as a tag; top7: h >> 57 as a"
            " tag;\n  high: h >> (64 - b); mod-prime: h mod libstdc++'s prime bucket count (%" PRIu64
            " at 2^%u); glib: (low 32 bits x 11) mod the prime below 2^b;\n  low32: pairs of the largest"
            " table's keys with equal low 32 bits, once per stride\n",
            hb_view_buckets(HB_VIEW_MOD_PRIME, run->battery_log2), run->battery_log2);
    fprintf(to,
            "  a view fails at the first (s, 2^b) where fewer buckets are occupied than a random function's"
            " mean - %.0f sd,\n  or where the tags' chi-square or the low32 pairs' Poisson tail has p' <= 2^%g"
            " (scaled by %.0f tests);\n  shown: occupied buckets (distinct tags, low32 pairs) / a random"
            " function's mean\n",
            HB_BATTERY_SIGMAS, HB_FAIL_LOG2_P, hb_battery_tests(run->battery_log2));
    const char *header[HB_VIEWS + 3] = {"name/impl", "linear"};
    char align[HB_VIEWS + 4] = "ll";
    for (int v = 0; v < HB_VIEWS; v++) {
        header[2 + v] = hb_view_name((enum hb_view)v);
        align[2 + v] = 'l';
    }
    header[2 + HB_VIEWS] = "verdict";
    align[2 + HB_VIEWS] = 'l';
    print_algorithm_table(to, run, align, header, 0, fill_battery);
}

void hb_report_text(FILE *to, const struct hb_run *run)
{
    if (run->nkeysets > 0) {
        print_headline(to, run);
        for (size_t k = 0; k < run->nkeysets; k++)
            print_keyset(to, run, k);
    }
    if (run->avalanche_keys > 0)
        print_avalanche(to, run);
    if (run->nkeysets > 0 && hb_run_shard_tests(run) > 0)
        print_shards(to, run);
    if (run->nkeysets > 0 || run->avalanche_keys > 0)
        print_verdicts(to, run);
    if (run->battery != NULL)
        print_battery(to, run);
}

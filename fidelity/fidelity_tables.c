/*
 * fidelity_tables.c — the table check (fidelity_tables.h). The keys are the check's own: 8-byte
 * ids 64 apart from 0x7f0000000000 (heap addresses of 64-byte objects), little-endian, written to
 * table-keys.bin and given to both programs. Each round runs, per comparison, hashbench on them
 * (--keys, fixed:8) and then hbtableref on them, so that a slow spell of a shared machine falls on
 * both; both sides are CPU time per lookup (hashbench's cpu_time, hbtableref's process CPU time).
 */
#include "fidelity_tables.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fidelity_goals.h"
#include "fidelity_run.h"
#include "fidelity_values.h"

/* One comparison: a design, hashbench's entry for its row, and the hasher hbtableref uses. */
struct comparison {
    const char *design;
    const char *entry; /* hashbench's --algo: name/impl */
    const char *hash;  /* hbtableref --hash */
};

/* The designs' defaults, and XXH3 of the key's 8 bytes on both sides. */
static const struct comparison comparisons[] = {
    {"absl", "absl-hash/abseil", "default"},
    {"absl", "xxh3-64/inline", "xxh3"},
    {"std-unordered", "std-hash/libstdcxx", "default"},
    {"std-unordered", "xxh3-64/inline", "xxh3"},
    {"boost-flat", "boost-hash/boost", "default"},
    {"boost-flat", "xxh3-64/inline", "xxh3"},
    {"glib", "glib-hash/glib", "default"},
    {"glib", "xxh3-64/inline", "xxh3"},
    {"uthash", "xxh3-64/inline", "xxh3"},
    {"open-addressing", "xxh3-64/inline", "xxh3"},
};
enum { N_COMPARISONS = sizeof comparisons / sizeof comparisons[0] };

const char hb_fid_table_designs[] = "absl,std-unordered,boost-flat,glib,uthash,open-addressing";

/* Whether name (len bytes) is an item of the comma-separated list. */
static bool design_in_list(const char *list, const char *name, size_t len)
{
    for (const char *p = list; *p != '\0';) {
        size_t n = strcspn(p, ",");
        if (n == len && strncmp(p, name, len) == 0)
            return true;
        p += n + (p[n] == ',');
    }
    return false;
}

bool hb_fid_tables_known(const char *list, const char **bad, size_t *bad_len)
{
    for (const char *p = list;;) {
        size_t n = strcspn(p, ",");
        if (!design_in_list(hb_fid_table_designs, p, n)) {
            *bad = p;
            *bad_len = n;
            return false;
        }
        if (p[n] == '\0')
            return true;
        p += n + 1;
    }
}

static bool chosen(const struct hb_fid *fid, const struct comparison *c)
{
    const char *list = fid->table_designs != NULL ? fid->table_designs : hb_fid_table_designs;
    return design_in_list(list, c->design, strlen(c->design));
}

/* The comparison's name in the results folder: design-hash. */
static void file_id(const struct comparison *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s-%s", c->design, c->hash);
}

static bool write_keys(const char *path, unsigned long n)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return false;
    bool ok = true;
    for (unsigned long i = 0; i < n && ok; i++) {
        uint64_t v = UINT64_C(0x7f0000000000) + 64 * (uint64_t)i;
        unsigned char le[8];
        for (int b = 0; b < 8; b++)
            le[b] = (unsigned char)(v >> (8 * b));
        ok = fwrite(le, 1, sizeof le, f) == sizeof le;
    }
    return fclose(f) == 0 && ok;
}

static bool run_pair(const struct hb_fid *fid, const struct comparison *c, int round, const char *keys)
{
    char id[96], name[128], designs[96], algo[128], keys_flag[4300], min_time[64], path[4300], ref[4200];
    file_id(c, id, sizeof id);
    snprintf(name, sizeof name, "hashbench-%s", id);
    snprintf(designs, sizeof designs, "--designs=%s", c->design);
    snprintf(algo, sizeof algo, "--algo=%s", c->entry);
    snprintf(keys_flag, sizeof keys_flag, "--keys=%s", keys);
    snprintf(min_time, sizeof min_time, "--benchmark_min_time=%g", fid->table_min_time);
    const char *args[] = {"--suite=hashtable",
                          "--size=keys",
                          "--keys-format=fixed:8",
                          keys_flag,
                          designs,
                          algo,
                          "--benchmark_filter=/op:hit/",
                          "--benchmark_repetitions=3",
                          min_time};
    if (!hb_fid_hashbench(fid, name, round, args, sizeof args / sizeof args[0]))
        return false;

    char secs[32];
    snprintf(secs, sizeof secs, "%g", fid->table_min_time);
    snprintf(path, sizeof path, "%s/tableref-%s-%d.tsv", fid->out, id, round);
    char *argv[] = {(char *)hb_fid_tool(fid, "fidelity/hbtableref", ref, sizeof ref),
                    (char *)"--design",
                    (char *)c->design,
                    (char *)"--hash",
                    (char *)c->hash,
                    (char *)"--keys",
                    (char *)keys,
                    (char *)"--min-time",
                    secs,
                    NULL};
    if (hb_run(argv, path, NULL) != 0) {
        fprintf(stderr, "hbfidelity: hbtableref failed in round %d (%s: see %s)\n", round, id, path);
        return false;
    }
    return true;
}

/* hashbench's CPU time per lookup of the comparison's row in one round's run, in ns; NAN when the
 * run has no time for it (a capped table's row is an error row). */
static double hashbench_ns(const struct hb_fid *fid, const struct comparison *c, int round)
{
    char path[4300], id[96], row[512];
    file_id(c, id, sizeof id);
    snprintf(path, sizeof path, "%s/hashbench-%s-%d.json", fid->out, id, round);
    const char *const flags[] = {"-metric", "cpu_time"};
    struct hb_values v = {0};
    double secs = NAN;
    const char *slash = strchr(c->entry, '/');
    snprintf(row, sizeof row, "hashtable/algo:%.*s/impl:%s/design:%s/op:hit/keys:file/count:%lu",
             (int)(slash - c->entry), c->entry, slash + 1, c->design, fid->table_keys);
    if (hb_fid_hbstat(fid, flags, 2, path, &v) && !hb_values_get(&v, row, "sec/op", &secs))
        secs = NAN;
    hb_values_free(&v);
    return secs * 1e9;
}

/* hbtableref's line: its CPU time per lookup and the hasher it names. */
struct ref_line {
    double ns;
    char hash[128];
};

static void ref_row(const char *const *f, void *p)
{
    struct ref_line *line = p;
    line->ns = strtod(f[0], NULL);
    snprintf(line->hash, sizeof line->hash, "%s", f[1]);
}

/* hbtableref's line of one round; ns NAN when its output has none. */
static struct ref_line tableref_line(const struct hb_fid *fid, const struct comparison *c, int round)
{
    struct ref_line line = {NAN, "?"};
    char path[4300], id[96];
    file_id(c, id, sizeof id);
    snprintf(path, sizeof path, "%s/tableref-%s-%d.tsv", fid->out, id, round);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return line;
    char text[4096];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    const char *cols[] = {"cpu_ns", "hash"};
    if (!hb_tsv_each(text, cols, 2, ref_row, &line))
        line.ns = NAN;
    return line;
}

/* What hashbench's row calls for a key, in words: for a design's default on keys held by value,
 * the code its run's context names (hashtable_value_keys: "NAME on 8 bytes: CODE; ..."), else the
 * entry's hash of the key's bytes. */
static void hashbench_calls(const struct hb_fid *fid, const struct comparison *c, char *buf, size_t len)
{
    char path[4300], id[96], name[64];
    file_id(c, id, sizeof id);
    snprintf(path, sizeof path, "%s/hashbench-%s-1.json", fid->out, id);
    snprintf(name, sizeof name, "%.*s on 8 bytes: ", (int)strcspn(c->entry, "/"), c->entry);
    char *ctx = hb_fid_context(fid, "hashtable_value_keys", path);
    const char *at = ctx != NULL ? strstr(ctx, name) : NULL;
    if (at != NULL) {
        at += strlen(name);
        snprintf(buf, len, "%.*s", (int)strcspn(at, ";"), at);
    } else
        snprintf(buf, len, "%s of the key's 8 bytes", c->entry);
    free(ctx);
}

/* The summary line of one comparison over the rounds. */
static void summarise(const struct hb_fid *fid, const struct comparison *c, const struct hb_goal *goal, FILE *out)
{
    double hb[HB_FID_MAX_ROUNDS], ref[HB_FID_MAX_ROUNDS], ratio[HB_FID_MAX_ROUNDS];
    size_t nhb = 0, nref = 0, npairs = 0;
    struct ref_line program = {NAN, "?"};
    for (int r = 1; r <= fid->rounds; r++) {
        struct ref_line line = tableref_line(fid, c, r);
        double a = hashbench_ns(fid, c, r), b = line.ns;
        if (r == 1)
            program = line;
        if (!isnan(a))
            hb[nhb++] = a;
        if (!isnan(b))
            ref[nref++] = b;
        if (!isnan(a) && !isnan(b) && b > 0)
            ratio[npairs++] = a / b;
    }
    double lo = NAN, hi = NAN;
    for (size_t i = 0; i < npairs; i++) {
        lo = i == 0 || ratio[i] < lo ? ratio[i] : lo;
        hi = i == 0 || ratio[i] > hi ? ratio[i] : hi;
    }
    double a = hb_median(hb, nhb), b = hb_median(ref, nref);
    char entry[64], as[32] = "-", bs[32] = "-", rs[32] = "-", spread[48] = "-";
    snprintf(entry, sizeof entry, "%s %s", c->design, c->entry);
    if (!isnan(a))
        snprintf(as, sizeof as, "%.2f", a);
    if (!isnan(b))
        snprintf(bs, sizeof bs, "%.2f", b);
    if (!isnan(a) && !isnan(b)) {
        snprintf(rs, sizeof rs, "%.3f", a / b);
        snprintf(spread, sizeof spread, "%.3f-%.3f", lo, hi);
    }
    const char *verdict = isnan(a) || isnan(b) ? "not measured" : hb_goal_met(goal, a / b) ? "met" : "MISSED";
    fprintf(out, "%-36s %10s %10s %8s %13s  %s: %s\n", entry, as, bs, rs, spread, goal->text, verdict);
    char id[96];
    file_id(c, id, sizeof id);
    if (isnan(a))
        fprintf(out,
                "%-36s hashbench gave no time for its row in any round (a capped table is an error row: "
                "see hashbench-%s-1.json)\n",
                "", id);
    char calls[256];
    hashbench_calls(fid, c, calls, sizeof calls);
    fprintf(out, "%-36s hashbench: %s, the key a uint64_t held by value; program: %s, the key a uint64_t\n", "", calls,
            program.hash);
}

bool hb_fid_tables_run(const struct hb_fid *fid)
{
    char keys[4200];
    snprintf(keys, sizeof keys, "%s/table-keys.bin", fid->out);
    if (!write_keys(keys, fid->table_keys)) {
        fprintf(stderr, "hbfidelity: cannot write the keys to %s\n", keys);
        return false;
    }
    for (int r = 1; r <= fid->rounds; r++) {
        fprintf(stderr, "hbfidelity: tables, round %d of %d\n", r, fid->rounds);
        for (size_t i = 0; i < N_COMPARISONS; i++)
            if (chosen(fid, &comparisons[i]) && !run_pair(fid, &comparisons[i], r, keys))
                return false;
    }
    return true;
}

bool hb_fid_tables_summarise(const struct hb_fid *fid, FILE *out)
{
    struct hb_goal goal = *hb_goal_find("table-hit");
    char band[64];
    if (fid->band_hi > 0) {
        snprintf(band, sizeof band, "within %g-%g (--table-band)", fid->band_lo, fid->band_hi);
        goal.text = band;
        goal.lo = fid->band_lo;
        goal.hi = fid->band_hi;
    }
    fprintf(out,
            "fidelity of the table rows: hashbench --suite hashtable op:hit against hbtableref, %lu 8-byte keys "
            "(ids 64 apart)\n",
            fid->table_keys);
    fprintf(out,
            "%d rounds alternating, %s; CPU time per lookup (ns), medians over the processes; ratio = "
            "hashbench / program, pairs: the range of the rounds' ratios\n",
            fid->rounds, fid->pinned ? "pinned to CPU 1" : "unpinned");
    fprintf(out, "%-36s %10s %10s %8s %13s  %s\n", "design and hashbench's entry", "hashbench", "program", "ratio",
            "pairs", "goal");
    for (size_t i = 0; i < N_COMPARISONS; i++)
        if (chosen(fid, &comparisons[i]))
            summarise(fid, &comparisons[i], &goal, out);
    return true;
}

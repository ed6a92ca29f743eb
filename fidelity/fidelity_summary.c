/*
 * fidelity_summary.c — the rounds compared (fidelity.h): hashbench's figures, each the median
 * over the rounds of the round's median (hbstat -sample input), against the references' medians
 * over the rounds, each row with its goal (fidelity_goals.c) and met or MISSED.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fidelity.h"
#include "fidelity_goals.h"
#include "fidelity_run.h"
#include "fidelity_values.h"
#include "hb_version.h"

enum { MAX_ARGS = 2 * HB_FID_MAX_ROUNDS + 16 };

/* hbstat -format tsv over the rounds of RUN (one sample per round), metric real_time or
 * cpu_time, into vals as (row, unit, median). */
static bool summarise_run(const struct hb_fid *fid, const char *run, const char *metric, struct hb_values *vals)
{
    char exe[4200], paths[HB_FID_MAX_ROUNDS][4300];
    char *argv[MAX_ARGS];
    size_t n = 0;
    argv[n++] = (char *)hb_fid_tool(fid, "hbstat", exe, sizeof exe);
    const char *fixed[] = {"-sample", "input", "-metric", metric, "-format", "tsv", "-row", ".fullname"};
    for (size_t i = 0; i < 8; i++)
        argv[n++] = (char *)fixed[i];
    for (int r = 1; r <= fid->rounds; r++) {
        snprintf(paths[r - 1], sizeof paths[r - 1], "round%d=%s/%s-%d.json", r, fid->out, run, r);
        argv[n++] = paths[r - 1];
    }
    argv[n] = NULL;
    char *tsv = hb_capture(argv);
    bool ok = tsv != NULL && hb_values_add_tsv(vals, tsv, ".fullname", "unit", "median");
    free(tsv);
    if (!ok)
        fprintf(stderr, "hbfidelity: hbstat could not summarise the %s runs in %s\n", run, fid->out);
    return ok;
}

/* One summary row: the two figures (NAN: "-"), their ratio or the value judged, and the goal. */
static void print_summary_row(FILE *out, const char *name, double a, double b, const char *goal_id, double judged,
                              int precision)
{
    const struct hb_goal *g = hb_goal_find(goal_id);
    if (g == NULL) {
        fprintf(stderr, "hbfidelity: no goal '%s' in fidelity_goals.c\n", goal_id);
        abort();
    }
    char as[32] = "-", bs[32] = "-", rs[32] = "-";
    if (!isnan(a))
        snprintf(as, sizeof as, "%.*f", precision, a);
    if (!isnan(b)) {
        snprintf(bs, sizeof bs, "%.*f", precision, b);
        snprintf(rs, sizeof rs, "%.3f", a / b);
    }
    if (isnan(judged))
        fprintf(out, "%-44s %14s %14s %8s  %s: not measured\n", name, as, bs, rs, g->text);
    else
        fprintf(out, "%-44s %14s %14s %8s  %s: %s\n", name, as, bs, rs, g->text,
                hb_goal_met(g, judged) ? "met" : "MISSED");
}

static double get(const struct hb_values *v, const char *rowname, const char *unit)
{
    double x;
    return hb_values_get(v, rowname, unit, &x) ? x : NAN;
}

/* The median over the rounds of the number a reference tool's report of each round
 * (PREFIX-ROUND.txt) gives: openssl speed -mr's "+F:index:name:bytes per second", or xxhsum -b's
 * "ID#NAME ... (N MB/s)" (MB = 2^20 bytes) when xxh_id names the line. */
static double tool_median(const struct hb_fid *fid, const char *prefix, const char *xxh_id)
{
    double v[HB_FID_MAX_ROUNDS];
    size_t n = 0;
    for (int r = 1; r <= fid->rounds; r++) {
        char path[4300];
        snprintf(path, sizeof path, "%s/%s-%d.txt", fid->out, prefix, r);
        FILE *f = fopen(path, "r");
        if (f == NULL)
            continue;
        /* the whole report: xxhsum rewrites its progress line with carriage returns, so one
         * "line" holds every step of the run */
        static char text[1 << 20];
        size_t len = fread(text, 1, sizeof text - 1, f);
        text[len] = '\0';
        double found = NAN;
        char *save = NULL;
        for (char *seg = strtok_r(text, "\r\n", &save); seg != NULL; seg = strtok_r(NULL, "\r\n", &save)) {
            if (xxh_id == NULL && strncmp(seg, "+F:", 3) == 0) {
                const char *last = strrchr(seg, ':');
                found = strtod(last + 1, NULL);
            } else if (xxh_id != NULL) {
                const char *p = seg + strspn(seg, " ");
                const char *mb = strstr(p, "it/s (");
                if (strncmp(p, xxh_id, strlen(xxh_id)) == 0 && mb != NULL)
                    found = strtod(mb + 6, NULL) * 1048576.0;
            }
        }
        fclose(f);
        if (!isnan(found))
            v[n++] = found;
    }
    return hb_median(v, n);
}

static double round_median(const struct hb_fid *fid, const double *per_round)
{
    double v[HB_FID_MAX_ROUNDS];
    memcpy(v, per_round, (size_t)fid->rounds * sizeof *v);
    return hb_median(v, (size_t)fid->rounds);
}

/* hashbench's bytes per CPU second of a 64 KiB row: the references divide by CPU time (openssl
 * speed by user time, xxhsum by clock(), b3sum and the direct BLAKE3 C by their own CPU time), so
 * on a busy machine a real-time rate would read low against them. */
static double cpu_rate(const struct hb_values *hb_cpu, const char *rowname)
{
    return 65536 / get(hb_cpu, rowname, "sec/op");
}

/* The references: openssl speed, xxhsum, b3sum, the official BLAKE3 C called directly. */
static bool references(const struct hb_fid *fid, const struct hb_values *hb, FILE *out)
{
    char name[128], rowname[256];
    for (size_t d = 0; d < hb_fid_digest_count; d++) {
        const char *dn = hb_fid_digests[d].name;
        char prefix[64];
        snprintf(prefix, sizeof prefix, "openssl-%s", dn);
        double b = tool_median(fid, prefix, NULL);
        if (isnan(b)) {
            fprintf(stderr, "hbfidelity: openssl speed -mr wrote no +F line for %s (see %s/openssl-%s-1.txt)\n", dn,
                    fid->out, dn);
            return false;
        }
        snprintf(rowname, sizeof rowname, "throughput/algo:%s/impl:openssl/size:65536/load:cpu", dn);
        double a = cpu_rate(hb, rowname);
        snprintf(name, sizeof name, "%s/openssl 64 KiB (MB/s)", dn);
        print_summary_row(out, name, a / 1e6, b / 1e6, "openssl", a / b, 1);
        if (strncmp(dn, "blake2", 6) == 0) {
            /* the name's default: whichever of OpenSSL and libb2 the registry prefers here */
            double best = NAN;
            const char *impl = "libb2";
            snprintf(rowname, sizeof rowname, "throughput/algo:%s/impl:libb2/size:65536/load:cpu", dn);
            best = cpu_rate(hb, rowname);
            if (isnan(best) || best < a) {
                best = a;
                impl = "openssl";
            }
            snprintf(name, sizeof name, "%s fastest (%s) 64 KiB (MB/s)", dn, impl);
            print_summary_row(out, name, best / 1e6, b / 1e6, "blake2-best", best / b, 1);
        }
    }
    double b = tool_median(fid, "xxhsum", "5#XXH3_64b");
    if (isnan(b)) {
        fprintf(stderr, "hbfidelity: no XXH3_64b line in xxhsum -b's report (see %s/xxhsum-1.txt)\n", fid->out);
        return false;
    }
    double a = cpu_rate(hb, "throughput/algo:xxh3-64/impl:inline/size:65536/load:cpu");
    print_summary_row(out, "xxh3-64/inline 64 KiB vs xxhsum (MB/s)", a / 1e6, b / 1e6, "xxh3-xxhsum", a / b, 1);
    b = tool_median(fid, "xxhsum", "3#XXH64");
    a = cpu_rate(hb, "throughput/algo:xxh64/impl:libxxhash/size:65536/load:cpu");
    print_summary_row(out, "xxh64/libxxhash 64 KiB vs xxhsum (MB/s)", a / 1e6, b / 1e6, "xxh64-xxhsum", a / b, 1);

    a = cpu_rate(hb, "throughput/algo:blake3/impl:official/size:65536/load:cpu");
    b = fid->have_blake3_direct ? round_median(fid, fid->blake3_direct) : NAN;
    print_summary_row(out, "blake3/official 64 KiB vs official C (MB/s)", a / 1e6, b / 1e6, "blake3-official-c", a / b,
                      1);
    b = fid->have_b3sum ? round_median(fid, fid->b3sum) : NAN;
    print_summary_row(out, "blake3/official 64 KiB vs b3sum -j1 (MB/s)", a / 1e6, b / 1e6, "blake3-b3sum", a / b, 1);
    return true;
}

/* B/s x sec/op / bytes over every row with a size of every run file: 1 when one clock gave both
 * (each the median of the row's repetitions in that run). Returns the worst factor, its row, and
 * how many rows were checked. */
static double clock_worst(const struct hb_fid *fid, char *worst_row, size_t len, int *checked)
{
    static const char *runs[] = {"hashbench", "rows", "latency", "folding"};
    double worst = 0;
    *checked = 0;
    for (size_t k = 0; k < 4; k++)
        for (int r = 1; r <= fid->rounds; r++) {
            char path[4300];
            snprintf(path, sizeof path, "%s/%s-%d.json", fid->out, runs[k], r);
            const char *const flags[] = {"-filter", ".unit:(B/s OR sec/op)"};
            struct hb_values v = {0};
            hb_fid_hbstat(fid, flags, 2, path, &v);
            for (size_t i = 0; i < v.n; i++) {
                const char *size = strstr(v.items[i].row, "/size:");
                double secs;
                if (size == NULL || strcmp(v.items[i].unit, "B/s") != 0 ||
                    !hb_values_get(&v, v.items[i].row, "sec/op", &secs))
                    continue;
                double bytes = strtod(size + 6, NULL);
                double f = v.items[i].v * secs / bytes, d = fabs(f - 1);
                (*checked)++;
                if (d >= worst) {
                    worst = d;
                    snprintf(worst_row, len, "%s", v.items[i].row);
                }
            }
            hb_values_free(&v);
        }
    return 1 + worst;
}

/* The fastest throughput row at size:CASE ("65536/load:cpu") and its rate. */
static double fastest(const struct hb_values *rows, const char *cse, char *which, size_t len)
{
    double best = 0;
    char suffix[64];
    snprintf(suffix, sizeof suffix, "/size:%s", cse);
    for (size_t i = 0; i < rows->n; i++) {
        const char *r = rows->items[i].row;
        size_t rl = strlen(r), sl = strlen(suffix);
        if (strncmp(r, "throughput/", 11) == 0 && strcmp(rows->items[i].unit, "B/s") == 0 && rl > sl &&
            strcmp(r + rl - sl, suffix) == 0 && rows->items[i].v > best) {
            best = rows->items[i].v;
            snprintf(which, len, "%s", r);
        }
    }
    return best > 0 ? best : NAN;
}

/* hashbench's floors and ceilings, its latency against the chain, and its clocks. */
static void harness(const struct hb_fid *fid, const struct hb_values *hb, const struct hb_values *hb_cpu,
                    const struct hb_values *rows, const struct hb_values *lat, FILE *out)
{
    char name[256], rowname[256];
    double a = get(hb, "throughput/algo:crc32c/impl:sse42/size:65536/load:cpu", "B/s");
    if (fid->have_sse42)
        print_summary_row(out, "crc32c/sse42 64 KiB (MB/s)", a / 1e6, NAN, "crc32c-sse42", a, 1);
    else
        fprintf(out, "%-44s %14s %14s %8s  not in this build\n", "crc32c/sse42 64 KiB", "-", "-", "-");
    a = get(hb_cpu, "baseline/algo:noop/impl:portable/size:16/load:cpu", "sec/op") * 1e9;
    print_summary_row(out, "noop 16 B (ns per call)", a, NAN, "noop", a, 3);
    snprintf(rowname, sizeof rowname, "baseline/algo:memread/impl:%s/size:1048576/load:ram", fid->memread);
    a = get(hb, rowname, "B/s");
    snprintf(rowname, sizeof rowname, "baseline/algo:memread/impl:%s/size:1048576/load:cpu", fid->memread);
    double b = get(hb, rowname, "B/s");
    snprintf(name, sizeof name, "memread/%s 1 MiB ram vs cpu (MB/s)", fid->memread);
    print_summary_row(out, name, a / 1e6, b / 1e6, "memread-ram", a / b, 1);

    for (int c = 0; c < HB_FID_CHAINS; c++) {
        const struct hb_fid_chain *ch = &hb_fid_chains[c];
        snprintf(rowname, sizeof rowname, "latency/algo:%s/impl:%s/size:%u", ch->name, ch->impl, ch->len);
        a = get(lat, rowname, "sec/op") * 1e9;
        b = round_median(fid, fid->chain[c]);
        snprintf(name, sizeof name, "latency %s/%s %u B vs minimal chain (ns)", ch->name, ch->impl, ch->len);
        print_summary_row(out, name, a, b, "latency", a / b, 3);
    }

    char worst_row[256] = "none";
    int checked;
    double worst = clock_worst(fid, worst_row, sizeof worst_row, &checked);
    const struct hb_goal *g = hb_goal_find("clock");
    fprintf(out, "%-44s %14d %14s %8.5f  %s: %s (worst: %s)\n", "B/s x sec/op / bytes (rows checked)", checked, "-",
            worst, g->text, checked > 0 && hb_goal_met(g, worst) ? "met" : "MISSED", worst_row);

    snprintf(rowname, sizeof rowname, "baseline/algo:memread/impl:%s/size:65536/load:cpu", fid->memread);
    a = get(rows, rowname, "B/s");
    b = round_median(fid, fid->loads);
    snprintf(name, sizeof name, "memread/%s 64 KiB vs %s loop (MB/s)", fid->memread, fid->loads_isa);
    print_summary_row(out, name, a / 1e6, b / 1e6, "memread-loop", a / b, 1);
    static const char *cases[] = {"1024/load:cpu", "65536/load:cpu", "65536/load:ram"};
    for (size_t k = 0; k < 3; k++) {
        char which[256] = "none";
        a = fastest(rows, cases[k], which, sizeof which);
        snprintf(rowname, sizeof rowname, "baseline/algo:memread/impl:%s/size:%s", fid->memread, cases[k]);
        b = get(rows, rowname, "B/s");
        snprintf(name, sizeof name, "fastest hash vs memread %s (MB/s)", cases[k]);
        const char *goal = strstr(cases[k], "ram") != NULL ? "ceiling-ram" : "ceiling-cpu";
        print_summary_row(out, name, a / 1e6, b / 1e6, goal, a / b, 1);
        fprintf(out, "%-44s %s\n", "", which);
    }

    a = NAN;
    for (size_t i = 0; i < rows->n; i++)
        if (strncmp(rows->items[i].row, "baseline/algo:mulchain/", 23) == 0 &&
            strcmp(rows->items[i].unit, "cycles/hash") == 0) {
            a = rows->items[i].v;
            break;
        }
    print_summary_row(out, "mulchain cycles/hash vs 3000 core cycles", a, 3000, "mulchain", a / 3000, 1);

    double hz[HB_FID_MAX_ROUNDS];
    size_t nhz = 0;
    for (int r = 1; r <= fid->rounds; r++) {
        char path[4300];
        snprintf(path, sizeof path, "%s/rows-%d.json", fid->out, r);
        char *s = hb_fid_context(fid, "core_hz", path);
        if (s != NULL && *s != '\0')
            hz[nhz++] = strtod(s, NULL);
        free(s);
    }
    char path[4300];
    snprintf(path, sizeof path, "%s/rows-1.json", fid->out);
    char *spread = hb_fid_context(fid, "core_hz_spread", path), *source = hb_fid_context(fid, "cycles_source", path);
    fprintf(out, "%-44s %14.0f  median of the rounds; round 1 spread %s\n", "core_hz", hb_median(hz, nhz),
            spread != NULL ? spread : "not recorded");
    fprintf(out, "%-44s %s\n", "cycles_source", source != NULL ? source : "not recorded");
    free(spread);
    free(source);
}

/* The implementations of crc32c and crc32 in registry order, and crc32c's default. */
struct impls {
    char name[32][16], impl[32][32];
    size_t n;
    char crc32c_default[32];
};

static void impl_row(const char *const *f, void *p)
{
    struct impls *im = p;
    if ((strcmp(f[0], "crc32c") != 0 && strcmp(f[0], "crc32") != 0) || im->n == 32)
        return;
    snprintf(im->name[im->n], sizeof im->name[0], "%s", f[0]);
    snprintf(im->impl[im->n], sizeof im->impl[0], "%s", f[1]);
    im->n++;
    if (strcmp(f[0], "crc32c") == 0 && strcmp(f[2], "yes, default") == 0)
        snprintf(im->crc32c_default, sizeof im->crc32c_default, "%s", f[1]);
}

static double fold(const struct hb_values *v, const char *name, const char *impl, unsigned size, const char *unit)
{
    char r[256];
    snprintf(r, sizeof r, "throughput/algo:%s/impl:%s/size:%u/load:cpu", name, impl, size);
    return get(v, r, unit);
}

/* Our fastest implementation of name at size, libraries and portable C left out. */
static const char *best_builtin(const struct impls *im, const struct hb_values *v, const char *name, unsigned size)
{
    const char *best = NULL;
    double rate = 0;
    for (size_t i = 0; i < im->n; i++) {
        const char *impl = im->impl[i];
        if (strcmp(im->name[i], name) != 0 || strcmp(impl, "isal") == 0 || strcmp(impl, "zlib") == 0 ||
            strcmp(impl, "portable") == 0)
            continue;
        double r = fold(v, name, impl, size, "B/s");
        if (!isnan(r) && r > rate) {
            rate = r;
            best = impl;
        }
    }
    return best;
}

static void fold_ratio(FILE *out, const struct hb_values *v, const char *a_name, const char *a_impl, const char *b_name,
                       const char *b_impl, unsigned size, const char *goal)
{
    char name[256];
    snprintf(name, sizeof name, "%s/%s vs %s/%s %u B (MB/s)", a_name, a_impl != NULL ? a_impl : "?", b_name, b_impl,
             size);
    double a = a_impl != NULL ? fold(v, a_name, a_impl, size, "B/s") : NAN, b = fold(v, b_name, b_impl, size, "B/s");
    if (isnan(a) || isnan(b))
        fprintf(out, "%-44s %14s %14s %8s  not in this build or not run on this CPU\n", name, "-", "-", "-");
    else
        print_summary_row(out, name, a / 1e6, b / 1e6, goal, a / b, 1);
}

static bool folding(const struct hb_fid *fid, const struct hb_values *v, const struct hb_values *v_cpu, FILE *out)
{
    struct impls im = {0};
    char exe[4200];
    char *argv[] = {(char *)hb_fid_tool(fid, "hbsum", exe, sizeof exe), (char *)"--list", (char *)"--format",
                    (char *)"tsv", NULL};
    char *tsv = hb_capture(argv);
    const char *cols[] = {"name", "impl", "runs here"};
    bool ok = tsv != NULL && hb_tsv_each(tsv, cols, 3, impl_row, &im);
    free(tsv);
    if (!ok) {
        fprintf(stderr, "hbfidelity: hbsum --list --format tsv gave no registry\n");
        return false;
    }
    fprintf(out, "\nfolding CRCs and SHA-NI (hashbench only, all implementations in one run per round; B/cycle in "
                 "core cycles)\n");
    fold_ratio(out, v, "crc32c", best_builtin(&im, v, "crc32c", 65536), "crc32c", "isal", 65536, "fold-vs-isal");
    fold_ratio(out, v, "crc32c", best_builtin(&im, v, "crc32c", 1024), "crc32c", "isal", 1024, "fold-vs-isal");
    fold_ratio(out, v, "crc32", best_builtin(&im, v, "crc32", 65536), "crc32", "isal", 65536, "fold-vs-isal");
    fold_ratio(out, v, "crc32c", im.crc32c_default, "crc32c", "sse42", 16, "default-vs-sse42");
    fold_ratio(out, v, "sha256", "shani", "sha256", "openssl", 16, "shani-short");
    fold_ratio(out, v, "sha256", "shani", "sha256", "openssl", 64, "shani-short");
    fold_ratio(out, v, "sha256", "shani", "sha256", "openssl", 65536, "shani-long");
    fprintf(out, "%-30s %8s %10s %10s %10s %10s %10s %10s\n", "variant", "", "16 B GB/s", "B/cycle", "1 KiB GB/s",
            "B/cycle", "64 KiB GB/s", "B/cycle");
    static const unsigned sizes[] = {16, 1024, 65536};
    for (size_t i = 0; i < im.n; i++) {
        char variant[64];
        snprintf(variant, sizeof variant, "%s/%s", im.name[i], im.impl[i]);
        fprintf(out, "%-30s %8s", variant, "");
        for (size_t s = 0; s < 3; s++) {
            double rate = fold(v, im.name[i], im.impl[i], sizes[s], "B/s");
            double cpb = fold(v, im.name[i], im.impl[i], sizes[s], "cycles/B");
            if (isnan(rate))
                fprintf(out, " %10s %10s", "-", "-");
            else
                fprintf(out, " %10.2f %10.2f", rate / 1e9, cpb > 0 ? 1 / cpb : 0);
        }
        fputc('\n', out);
    }
    static const char *sha[] = {"shani", "openssl"};
    for (size_t i = 0; i < 2; i++) {
        char variant[64];
        snprintf(variant, sizeof variant, "sha256/%s", sha[i]);
        fprintf(out, "%-30s 16 B %8.1f ns   64 B %8.1f ns   64 KiB %6.2f GB/s\n", variant,
                fold(v_cpu, "sha256", sha[i], 16, "sec/op") * 1e9, fold(v_cpu, "sha256", sha[i], 64, "sec/op") * 1e9,
                fold(v, "sha256", sha[i], 65536, "B/s") / 1e9);
    }
    return true;
}

bool hb_fid_summarise(const struct hb_fid *fid, FILE *out)
{
    struct hb_values hb = {0}, hb_cpu = {0}, rows = {0}, lat = {0}, fold_v = {0}, fold_cpu = {0};
    bool ok = summarise_run(fid, "hashbench", "real_time", &hb) &&
              summarise_run(fid, "hashbench", "cpu_time", &hb_cpu) && summarise_run(fid, "rows", "real_time", &rows) &&
              summarise_run(fid, "latency", "real_time", &lat) && summarise_run(fid, "folding", "real_time", &fold_v) &&
              summarise_run(fid, "folding", "cpu_time", &fold_cpu);
    if (ok) {
        char path[4300];
        snprintf(path, sizeof path, "%s/hashbench-1.json", fid->out);
        char *cpu = hb_fid_context(fid, "cpu_model", path);
        fprintf(out, "fidelity: hashbench vs reference tools, %d rounds alternating, %s; medians over rounds\n",
                fid->rounds, fid->pinned ? "pinned to CPU 1" : "unpinned");
        fprintf(out, "hashbench %s, %s\n", HB_VERSION, cpu != NULL ? cpu : "CPU not recorded");
        free(cpu);
        fprintf(out, "%-44s %14s %14s %8s  %s\n", "row", "hashbench", "reference", "ratio", "goal");
        fprintf(out, "(against the reference tools and the official C: bytes per CPU second, as they count)\n");
        ok = references(fid, &hb_cpu, out);
    }
    if (ok) {
        harness(fid, &hb, &hb_cpu, &rows, &lat, out);
        ok = folding(fid, &fold_v, &fold_cpu, out);
    }
    hb_values_free(&hb);
    hb_values_free(&hb_cpu);
    hb_values_free(&rows);
    hb_values_free(&lat);
    hb_values_free(&fold_v);
    hb_values_free(&fold_cpu);
    return ok;
}

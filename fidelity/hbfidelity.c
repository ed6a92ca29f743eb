/*
 * hbfidelity.c — hashbench's figures against the tools people already trust, measured side by
 * side in one run: each round runs hashbench and every reference in turn (A B A B ...), pinned to
 * one CPU when it can be, and the medians over the rounds are compared as ratios
 * (fidelity_summary.c, goals in fidelity_goals.c). docs/tools.md lists the checks.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fidelity.h"
#include "fidelity_direct.h"
#include "fidelity_run.h"
#include "fidelity_tables.h"
#include "fidelity_values.h"
#include "hb_version.h"

/* b3sum hashes this many bytes of a page-cached file, and an empty one: the difference of the two
 * CPU times is its hashing alone, without the process start. */
#define B3SUM_BYTES (64u << 20)

static const char usage[] =
    "usage: hbfidelity --out DIR [--rounds N] [--seconds S]\n"
    "       hbfidelity --tables --out DIR [--rounds N] [--table-keys N] [--designs LIST]\n"
    "                  [--table-min-time S] [--table-band LO,HI]\n"
    "\n"
    "hashbench's figures against the tools people already trust, side by side in one run: each\n"
    "round runs hashbench, openssl speed, xxhsum -b, b3sum and the measurements hbfidelity makes\n"
    "itself (the official BLAKE3 C called directly, a latency chain, a vector load loop) in turn,\n"
    "pinned to CPU 1 when the system allows; the medians over the rounds are compared with the\n"
    "goals (docs/tools.md). hashbench, hbstat and hbsum are taken from hbfidelity's own folder.\n"
    "\n"
    "  --out DIR      the results folder, which must exist and be empty: the raw outputs of every\n"
    "                 round and summary.txt (also printed on stdout)\n"
    "  --rounds N     rounds (default 5, at most 99)\n"
    "  --seconds S    seconds per openssl speed run (default 1)\n"
    "  --tables       the table check instead: per design, hashbench's time per successful\n"
    "                 lookup (--suite hashtable, op:hit) against hbtableref (built beside it in\n"
    "                 fidelity/), a minimal program holding the same keys as uint64_t in the same\n"
    "                 design, with the design's default hasher and with XXH3; hashbench and the\n"
    "                 program alternate, one process each per round; goal: hashbench / program\n"
    "                 within 0.8-1.25 (docs/fidelity.md)\n"
    "  --table-keys N keys of the table check (default 200000, from 1000 to 4194304)\n"
    "  --designs LIST the table check's designs (default: absl,std-unordered,boost-flat,glib,\n"
    "                 uthash,open-addressing)\n"
    "  --table-min-time S  seconds of each of the three timings, both sides (default 0.2)\n"
    "  --table-band LO,HI  the band a ratio must fall in instead of the goal's (the tests use one\n"
    "                 no run can meet)\n"
    "  -h, --help     this help\n"
    "      --version  hashbench version\n";

static int fidelity_usage_error(const char *fmt, const char *what)
{
    fprintf(stderr, "hbfidelity: ");
    fprintf(stderr, fmt, what);
    fputc('\n', stderr);
    return 2;
}

static bool parse_bounded_int(const char *s, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 1 || v > max)
        return false;
    *out = (int)v;
    return true;
}

static bool is_valued(const char *a)
{
    static const char *const valued[] = {"--out",     "--rounds",         "--seconds",   "--table-keys",
                                         "--designs", "--table-min-time", "--table-band"};
    for (size_t i = 0; i < sizeof valued / sizeof valued[0]; i++)
        if (strcmp(a, valued[i]) == 0)
            return true;
    return false;
}

/* One of the table check's options with its value v; NULL, or the error's format (with %s: v). */
static const char *table_option(struct hb_fid *fid, const char *a, const char *v)
{
    char *end;
    errno = 0;
    if (strcmp(a, "--table-keys") == 0) {
        unsigned long n = strtoul(v, &end, 10);
        if (errno != 0 || end == v || *end != '\0' || *v == '-' || n < 1000 || n > 4194304)
            return "--table-keys: '%s' is not a whole number from 1000 to 4194304";
        fid->table_keys = n;
    } else if (strcmp(a, "--designs") == 0) {
        const char *bad;
        size_t len;
        if (!hb_fid_tables_known(v, &bad, &len))
            return "--designs: '%s' names a design the table check does not know (try --help)";
        fid->table_designs = v;
    } else if (strcmp(a, "--table-min-time") == 0) {
        double t = strtod(v, &end);
        if (errno != 0 || end == v || *end != '\0' || !(t > 0 && t <= 60))
            return "--table-min-time: '%s' is not seconds above 0, at most 60";
        fid->table_min_time = t;
    } else {
        double lo = strtod(v, &end), hi = NAN;
        if (end != v && *end == ',') {
            const char *h = end + 1;
            hi = strtod(h, &end);
            if (end == h)
                hi = NAN;
        }
        if (errno != 0 || *end != '\0' || !(lo >= 0 && hi > lo))
            return "--table-band: '%s' is not LO,HI with 0 <= LO < HI";
        fid->band_lo = lo;
        fid->band_hi = hi;
    }
    return NULL;
}

static bool on_path(const char *tool)
{
    char *argv[] = {(char *)"sh", (char *)"-c", (char *)"command -v \"$0\" >/dev/null", (char *)tool, NULL};
    return hb_run(argv, NULL, NULL) == 0;
}

/* memread's default impl and whether crc32c/sse42 is built, from hbsum --list. */
struct list_ctx {
    struct hb_fid *fid;
};

static void list_row(const char *const *f, void *p)
{
    struct hb_fid *fid = ((struct list_ctx *)p)->fid;
    if (strcmp(f[0], "memread") == 0 && strcmp(f[2], "yes, default") == 0)
        snprintf(fid->memread, sizeof fid->memread, "%s", f[1]);
    if (strcmp(f[0], "crc32c") == 0 && strcmp(f[1], "sse42") == 0)
        fid->have_sse42 = true;
}

static bool read_registry(struct hb_fid *fid)
{
    char path[4200];
    char *argv[] = {(char *)hb_fid_tool(fid, "hbsum", path, sizeof path), (char *)"--list", (char *)"--format",
                    (char *)"tsv", NULL};
    char *tsv = hb_capture(argv);
    if (tsv == NULL)
        return false;
    const char *cols[] = {"name", "impl", "runs here"};
    struct list_ctx ctx = {fid};
    bool ok = hb_tsv_each(tsv, cols, 3, list_row, &ctx);
    free(tsv);
    return ok && fid->memread[0] != '\0';
}

static bool run_round(struct hb_fid *fid, int round, const char *b3_big, const char *b3_empty)
{
    char algos[512], path[4200];
    snprintf(algos, sizeof algos,
             "--algo=md5/openssl,sha1/openssl,sha256/openssl,sha512/openssl,blake2b-512,blake2s-256,xxh3-64/inline,"
             "xxh64/libxxhash,blake3,noop,memread/%s%s",
             fid->memread, fid->have_sse42 ? ",crc32c/sse42" : "");
    const char *main_run[] = {
        "--suite=throughput,baseline",
        algos,
        "--size=16,65536,1048576",
        "--load=cpu,ram",
        "--benchmark_filter=^(throughput/.*/size:65536/load:cpu|baseline/algo:noop/.*/size:16/load:cpu|"
        "baseline/algo:memread/.*/size:1048576/load:(cpu|ram))$",
        "--benchmark_repetitions=3",
        "--benchmark_min_time=0.2"};
    if (!hb_fid_hashbench(fid, "hashbench", round, main_run, sizeof main_run / sizeof main_run[0]))
        return false;

    for (size_t d = 0; d < hb_fid_digest_count; d++) {
        char secs[16], file[4200];
        snprintf(secs, sizeof secs, "%d", fid->seconds);
        snprintf(file, sizeof file, "%s/openssl-%s-%d.txt", fid->out, hb_fid_digests[d].name, round);
        char *argv[] = {
            (char *)"openssl", (char *)"speed", (char *)"-mr",      (char *)"-evp", (char *)hb_fid_digests[d].openssl,
            (char *)"-bytes",  (char *)"65536", (char *)"-seconds", secs,           NULL};
        hb_run(argv, file, NULL);
    }
    snprintf(path, sizeof path, "%s/xxhsum-%d.txt", fid->out, round);
    char *xxhsum[] = {(char *)"xxhsum", (char *)"-b3,5", (char *)"-B64K", NULL};
    hb_run(xxhsum, path, NULL);

    if (fid->have_b3sum) {
        double big = 0, empty = 0;
        snprintf(path, sizeof path, "%s/b3sum-%d.txt", fid->out, round);
        char *argv_big[] = {(char *)"b3sum",     (char *)"--num-threads", (char *)"1",
                            (char *)"--no-mmap", (char *)b3_big,          NULL};
        char *argv_empty[] = {(char *)"b3sum",     (char *)"--num-threads", (char *)"1",
                              (char *)"--no-mmap", (char *)b3_empty,        NULL};
        hb_run(argv_empty, NULL, &empty);
        if (hb_run(argv_big, path, &big) != 0) {
            fprintf(stderr, "hbfidelity: b3sum failed in round %d (see %s)\n", round, path);
            return false;
        }
        fid->b3sum[round - 1] = big > empty ? B3SUM_BYTES / (big - empty) : 0;
    }

    const char *rows_run[] = {
        "--suite=latency,throughput,baseline",
        "--size=1024,65536",
        "--load=cpu,ram",
        "--benchmark_filter=^(throughput/.*/size:(1024|65536)/load:cpu|throughput/.*/size:65536/load:ram|"
        "baseline/algo:memread/.*/size:(1024|65536)/load:cpu|baseline/algo:memread/.*/size:65536/load:ram|"
        "baseline/algo:mulchain/.*)$",
        "--benchmark_repetitions=3",
        "--benchmark_min_time=0.02"};
    if (!hb_fid_hashbench(fid, "rows", round, rows_run, sizeof rows_run / sizeof rows_run[0]))
        return false;
    const char *latency_run[] = {"--suite=latency",
                                 "--algo=xxh3-64/inline,rapidhash/portable",
                                 "--size=16,64",
                                 "--benchmark_filter=^latency/algo:(xxh3-64|rapidhash)/",
                                 "--benchmark_repetitions=3",
                                 "--benchmark_min_time=0.1"};
    if (!hb_fid_hashbench(fid, "latency", round, latency_run, sizeof latency_run / sizeof latency_run[0]))
        return false;

    /* the measurements made here, written down as well */
    snprintf(path, sizeof path, "%s/direct-%d.txt", fid->out, round);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "hbfidelity: cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    for (int c = 0; c < HB_FID_CHAINS; c++) {
        fid->chain[c][round - 1] = hb_direct_chain(hb_fid_chains[c].name, hb_fid_chains[c].len);
        fprintf(f, "chain %s %u ns %.4f\n", hb_fid_chains[c].name, hb_fid_chains[c].len, fid->chain[c][round - 1]);
    }
    fid->loads[round - 1] = hb_direct_loads(&fid->loads_isa);
    fprintf(f, "loads %s 65536 B/s %.0f\n", fid->loads_isa, fid->loads[round - 1]);
    fid->have_blake3_direct = hb_direct_blake3(65536, 1.0, &fid->blake3_direct[round - 1]);
    if (fid->have_blake3_direct)
        fprintf(f, "blake3-official-c 65536 B/s %.0f\n", fid->blake3_direct[round - 1]);
    if (fid->have_b3sum)
        fprintf(f, "b3sum-num-threads-1 %u B/s %.0f\n", B3SUM_BYTES, fid->b3sum[round - 1]);
    fclose(f);

    /* folding CRCs and SHA-NI: every implementation side by side, in a run of their own */
    const char *folding_run[] = {"--suite=throughput", "--algo=crc32c,crc32,sha256", "--size=16,64,1024,65536",
                                 "--load=cpu",         "--benchmark_repetitions=3",  "--benchmark_min_time=0.1"};
    return hb_fid_hashbench(fid, "folding", round, folding_run, sizeof folding_run / sizeof folding_run[0]);
}

static bool empty_folder(const char *path)
{
    DIR *d = opendir(path);
    if (d == NULL)
        return false;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(d)) != NULL)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

/* Writes n bytes of a fixed pattern to path. */
static bool write_file(const char *path, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return false;
    static unsigned char block[65536];
    for (size_t i = 0; i < sizeof block; i++)
        block[i] = (unsigned char)(i * 31 + 1);
    bool ok = true;
    for (size_t done = 0; done < n && ok; done += sizeof block)
        ok = fwrite(block, 1, n - done < sizeof block ? n - done : sizeof block, f) > 0;
    return fclose(f) == 0 && ok;
}

/* The summary to DIR/summary.txt, and on stdout; main's exit status. */
static int write_summary(const struct hb_fid *fid, bool (*summarise)(const struct hb_fid *, FILE *))
{
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.txt", fid->out);
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        fprintf(stderr, "hbfidelity: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    bool ok = summarise(fid, out);
    if (fclose(out) != 0 || !ok)
        return 1;
    out = fopen(path, "r");
    int c;
    while (out != NULL && (c = getc(out)) != EOF)
        putchar(c);
    if (out != NULL)
        fclose(out);
    return 0;
}

int main(int argc, char **argv)
{
    struct hb_fid fid = {.rounds = 5, .seconds = 1, .table_keys = 200000, .table_min_time = 0.2};
    const char *table_flag = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("hbfidelity (hashbench) %s\n", HB_VERSION);
            return 0;
        }
        if (strcmp(a, "--tables") == 0) {
            fid.tables = true;
            continue;
        }
        const bool has_value = i + 1 < argc;
        if (is_valued(a) && !has_value)
            return fidelity_usage_error("%s needs a value (try --help)", a);
        if (strcmp(a, "--table-keys") == 0 || strcmp(a, "--designs") == 0 || strcmp(a, "--table-min-time") == 0 ||
            strcmp(a, "--table-band") == 0) {
            table_flag = a;
            const char *err = table_option(&fid, a, argv[++i]);
            if (err != NULL)
                return fidelity_usage_error(err, argv[i]);
        } else if (strcmp(a, "--out") == 0)
            fid.out = argv[++i];
        else if (strcmp(a, "--rounds") == 0) {
            if (!parse_bounded_int(argv[++i], HB_FID_MAX_ROUNDS, &fid.rounds))
                return fidelity_usage_error("--rounds: '%s' is not a whole number from 1 to 99", argv[i]);
        } else if (strcmp(a, "--seconds") == 0) {
            if (!parse_bounded_int(argv[++i], 3600, &fid.seconds))
                return fidelity_usage_error("--seconds: '%s' is not whole seconds from 1 to 3600", argv[i]);
        } else
            return fidelity_usage_error("unknown argument '%s' (try --help)", a);
    }
    if (fid.out == NULL)
        return fidelity_usage_error("%s", "--out DIR is required (try --help)");
    if (table_flag != NULL && !fid.tables)
        return fidelity_usage_error("%s belongs to the table check: add --tables", table_flag);
    struct stat st;
    if (stat(fid.out, &st) != 0 || !S_ISDIR(st.st_mode))
        return fidelity_usage_error("--out: '%s' is not a folder", fid.out);
    if (!empty_folder(fid.out))
        return fidelity_usage_error("--out: '%s' is not empty (results are never overwritten)", fid.out);

    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return fidelity_usage_error("%s", "cannot find its own folder (/proc/self/exe)");
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    *slash = '\0';
    snprintf(fid.bin, sizeof fid.bin, "%s", self);
    const char *ours[] = {"hashbench", "hbstat", fid.tables ? "fidelity/hbtableref" : "hbsum"};
    for (size_t i = 0; i < 3; i++) {
        char path[4200];
        if (access(hb_fid_tool(&fid, ours[i], path, sizeof path), X_OK) != 0)
            return fidelity_usage_error("%s not found beside hbfidelity (build it)", path);
    }
    const char *refs[] = {"openssl", "xxhsum"};
    for (size_t i = 0; i < 2 && !fid.tables; i++)
        if (!on_path(refs[i]))
            return fidelity_usage_error("%s not found (scripts/setup.sh installs it)", refs[i]);
    fid.have_b3sum = !fid.tables && on_path("b3sum");
    if (!fid.tables && !read_registry(&fid)) {
        fprintf(stderr, "hbfidelity: hbsum --list gave no memread entry\n");
        return 1;
    }

    /* Pinned to CPU 1 (the programs it runs inherit it), so every figure comes from one core. */
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(1, &set);
    fid.pinned = sched_setaffinity(0, sizeof set, &set) == 0;

    if (fid.tables)
        return hb_fid_tables_run(&fid) ? write_summary(&fid, hb_fid_tables_summarise) : 1;

    char b3_big[4200], b3_empty[4200];
    snprintf(b3_big, sizeof b3_big, "%s/b3sum-input.bin", fid.out);
    snprintf(b3_empty, sizeof b3_empty, "%s/b3sum-empty.bin", fid.out);
    if (fid.have_b3sum && (!write_file(b3_big, B3SUM_BYTES) || !write_file(b3_empty, 0))) {
        fprintf(stderr, "hbfidelity: cannot write b3sum's input in %s\n", fid.out);
        return 1;
    }
    bool ok = true;
    for (int round = 1; round <= fid.rounds && ok; round++) {
        fprintf(stderr, "hbfidelity: round %d of %d\n", round, fid.rounds);
        ok = run_round(&fid, round, b3_big, b3_empty);
    }
    unlink(b3_big);
    unlink(b3_empty);
    return ok ? write_summary(&fid, hb_fid_summarise) : 1;
}

/* e2e_history.c — hbstat -history from the outside: run folders holding Google Benchmark JSON (as
 * the benchmark library writes it, with hashbench's context) are written to a fresh folder, some
 * gzipped, and the hbstat binary given on the command line is run on them. Its JSON output (read
 * here with yajl's tree parser) must name the changes the runs were given, at their run and with
 * their sign, and none where the machine changed, which the configuration changes must name; the
 * text report must say the same; gzipped and plain runs must give the same report; -order date
 * must undo a shuffle of the arguments; bad runs must end with one line on stderr and status 2.
 * Each failure prints the command that reproduces it (the folder is kept then). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <yajl/yajl_tree.h>
#include <zlib.h>

#include "hb_splitmix64.h"

static const char *hbstat;
static char dir[64];
static bool keep_dir;

enum { RUNS = 30, MACHINE_CHANGE = 16, STEP_A = 8, STEP_C = 22 };

/* The median time of benchmark b (0, 1, 2) in run i, in ns: a, b, c, each with a little noise;
 * a is 15% slower from STEP_A, c 12% faster from STEP_C; the second machine takes 0.7 of the time. */
static double typical(int b, int i, uint64_t *rng)
{
    static const double base[3] = {10, 20, 40};
    double v = base[b] * (1 + 0.01 * ((double)(hb_splitmix64_next(rng) >> 11) * 0x1.0p-53 - 0.5));
    if (b == 0 && i >= STEP_A)
        v *= 1.15;
    if (b == 2 && i >= STEP_C)
        v *= 0.88;
    return i >= MACHINE_CHANGE ? 0.7 * v : v;
}

/* Writes run i into sub/NN/run.json (or run.json.gz), optionally with its hashbench_version
 * replaced by `version` (NULL: a git describe of a tagged repository). */
static void write_run(const char *sub, int i, bool gzip, const char *version)
{
    char path[256], text[8192];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/%s/%02d", dir, sub, i);
    assert_int_equal(mkdir(path, 0777), 0);
    char describe[64];
    snprintf(describe, sizeof describe, "v2.0-%d-g%07x", i, (unsigned)(i * 2654435761u) & 0xfffffff);
    int n =
        snprintf(text, sizeof text,
                 "{\n  \"context\": {\n    \"date\": \"2026-03-%02dT%02d:30:00+01:00\",\n    \"host_name\": \"ci\",\n"
                 "    \"executable\": \"build/bin/hashbench\",\n    \"num_cpus\": 2,\n    \"mhz_per_cpu\": 2800,\n"
                 "    \"caches\": [{\"type\": \"Data\", \"level\": 1, \"size\": 49152, \"num_sharing\": 1}],\n"
                 "    \"load_avg\": [0.1, 0.2, 0.3],\n    \"hashbench_version\": \"%s\",\n"
                 "    \"compiler\": \"GNU 12.2.0\",\n    \"cxx_compiler\": \"GNU 12.2.0\",\n    \"c_flags\": \"-O3\",\n"
                 "    \"cxx_flags\": \"-O3\",\n    \"build_type\": \"Release\",\n    \"sanitizers\": \"none\",\n"
                 "    \"cpu_model\": \"%s\"\n  },\n  \"benchmarks\": [\n",
                 1 + i / 2, 10 + i % 2 * 2, version ? version : describe,
                 i >= MACHINE_CHANGE ? "Second CPU @ 3.00GHz" : "First CPU @ 2.00GHz");
    uint64_t rng = 77 + (uint64_t)i;
    static const char *const names[3] = {"throughput/algo:a/impl:c/size:64/load:cpu",
                                         "throughput/algo:b/impl:c/size:64/load:cpu",
                                         "throughput/algo:c/impl:c/size:64/load:cpu"};
    for (int b = 0; b < 3; b++) {
        double t = typical(b, i, &rng);
        for (int r = 0; r < 3; r++) {
            double v = t * (1 + 0.002 * r);
            n += snprintf(text + n, sizeof text - (size_t)n,
                          "%s    {\"name\": \"%s\", \"run_name\": \"%s\", \"run_type\": \"iteration\", "
                          "\"repetitions\": 3, \"repetition_index\": %d, \"threads\": 1, \"iterations\": 1000, "
                          "\"real_time\": %.6f, \"cpu_time\": %.6f, \"time_unit\": \"ns\", \"bytes_per_second\": "
                          "%.6e}",
                          b + r ? ",\n" : "", names[b], names[b], r, v, v, 64 / (v * 1e-9));
        }
        n += snprintf(text + n, sizeof text - (size_t)n,
                      ",\n    {\"name\": \"%s_median\", \"run_name\": \"%s\", \"run_type\": \"aggregate\", "
                      "\"aggregate_name\": \"median\", \"real_time\": %.6f, \"cpu_time\": %.6f, \"time_unit\": \"ns\"}",
                      names[b], names[b], t, t);
    }
    n += snprintf(text + n, sizeof text - (size_t)n, "\n  ]\n}\n");
    snprintf(path, sizeof path, "%s/%s/%02d/run.json%s", dir, sub, i, gzip ? ".gz" : "");
    if (gzip) {
        gzFile f = gzopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(gzwrite(f, text, (unsigned)n), n);
        assert_int_equal(gzclose(f), Z_OK);
    } else {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        assert_int_equal(fwrite(text, 1, (size_t)n, f), (size_t)n);
        assert_int_equal(fclose(f), 0);
    }
}

struct result {
    int status;
    char *out, *err;
    char command[4096];
};

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return strdup("");
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    size_t got = fread(text, 1, (size_t)len, f);
    text[got] = '\0';
    fclose(f);
    return text;
}

/* Runs hbstat with argv[0..argc) (after its own name), capturing its output and status. */
static void run(struct result *r, int argc, const char *const *argv)
{
    char out_path[128], err_path[128];
    snprintf(out_path, sizeof out_path, "%s/stdout", dir);
    snprintf(err_path, sizeof err_path, "%s/stderr", dir);
    int n = snprintf(r->command, sizeof r->command, "%s", hbstat);
    for (int i = 0; i < argc; i++)
        n += snprintf(r->command + n, sizeof r->command - (size_t)n, " '%s'", argv[i]);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666),
            err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        dup2(out, 1);
        dup2(err, 2);
        char *args[64];
        args[0] = (char *)hbstat;
        for (int i = 0; i < argc && i < 62; i++)
            args[i + 1] = (char *)argv[i];
        args[argc + 1] = NULL;
        execv(hbstat, args);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
    r->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    r->out = slurp(out_path);
    r->err = slurp(err_path);
}

static void free_result(struct result *r)
{
    free(r->out);
    free(r->err);
}

static void explain(const struct result *r, const char *what)
{
    print_error("%s\ncommand: %s\nstatus %d\nstdout:\n%s\nstderr:\n%s\n", what, r->command, r->status, r->out, r->err);
    keep_dir = true;
}

/* The run folders of sub, 00 .. RUNS-1, as arguments (order: a permutation, or NULL). */
static int run_args(const char *sub, const int *order, char paths[RUNS][128], const char **argv)
{
    for (int i = 0; i < RUNS; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s/%02d", dir, sub, order ? order[i] : i);
        argv[i] = paths[i];
    }
    return RUNS;
}

static yajl_val member(yajl_val object, const char *key)
{
    const char *path[] = {key, NULL};
    return yajl_tree_get(object, path, yajl_t_any);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/hbstat-history.XXXXXX");
    assert_non_null(mkdtemp(dir));
    for (int i = 0; i < RUNS; i++) {
        write_run("plain", i, false, NULL);
        write_run("mixed", i, i % 3 == 0, NULL);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (keep_dir) {
        fprintf(stderr, "e2e_history: the runs are kept in %s\n", dir);
        return 0;
    }
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    return system(command) == 0 ? 0 : -1;
}

/* The JSON report names a's step at STEP_A (slower) and c's at STEP_C (faster), each within a run,
 * nothing else (b is steady; the machine change is not a change), and the machine change itself. */
static void json_names_the_changes(void **state)
{
    (void)state;
    char paths[RUNS][128];
    const char *argv[RUNS + 8] = {"-history", "-format", "json", "-filter", ".unit:sec/op"};
    int argc = 5 + run_args("plain", NULL, paths, argv + 5);
    struct result r;
    run(&r, argc, argv);
    if (r.status != 0)
        explain(&r, "hbstat failed");
    assert_int_equal(r.status, 0);
    char why[256];
    yajl_val doc = yajl_tree_parse(r.out, why, sizeof why);
    if (!doc)
        explain(&r, why);
    assert_non_null(doc);
    yajl_val changes = member(doc, "changes"), configs = member(doc, "configuration_changes");
    assert_true(YAJL_IS_ARRAY(changes) && YAJL_IS_ARRAY(configs));
    bool a = false, c = false, other = false;
    for (size_t i = 0; i < changes->u.array.len; i++) {
        yajl_val k = changes->u.array.values[i];
        const char *name = YAJL_GET_STRING(member(k, "name"));
        long long index = YAJL_GET_INTEGER(member(k, "index"));
        double change = YAJL_GET_DOUBLE(member(k, "change"));
        yajl_val before = member(k, "before"), after = member(k, "after");
        assert_true(YAJL_IS_OBJECT(before) && YAJL_IS_OBJECT(after));
        assert_true(YAJL_IS_NUMBER(member(before, "median")) && YAJL_IS_NUMBER(member(k, "p")));
        assert_non_null(YAJL_GET_STRING(member(k, "commit")));
        if (strstr(name, "algo:a/") && llabs(index - STEP_A) <= 1 && change > 0.1)
            a = true;
        else if (strstr(name, "algo:c/") && llabs(index - STEP_C) <= 1 && change < -0.08)
            c = true;
        else
            other = true;
    }
    if (!a || !c || other || configs->u.array.len != 1)
        explain(&r, "expected a at run 8 (+15%), c at run 22 (-12%), nothing else, one configuration change");
    assert_true(a && c && !other);
    assert_int_equal(configs->u.array.len, 1);
    yajl_val config = configs->u.array.values[0];
    assert_int_equal(YAJL_GET_INTEGER(member(config, "index")), MACHINE_CHANGE);
    const char *cpu_path[] = {"members", "cpu_model", "after", NULL};
    yajl_val cpu = yajl_tree_get(config, cpu_path, yajl_t_string);
    assert_non_null(cpu);
    assert_string_equal(YAJL_GET_STRING(cpu), "Second CPU @ 3.00GHz");
    yajl_tree_free(doc);
    free_result(&r);
}

/* The text report says the same: the machine change as such, and a's change on its line. */
static void text_says_the_same(void **state)
{
    (void)state;
    char paths[RUNS][128];
    const char *argv[RUNS + 8] = {"-history", "-filter", ".unit:sec/op"};
    int argc = 3 + run_args("plain", NULL, paths, argv + 3);
    struct result r;
    run(&r, argc, argv);
    bool ok = r.status == 0 && strstr(r.out, "configuration changed at run 16 (v2.0-16-") &&
              strstr(r.out, "cpu_model: First CPU @ 2.00GHz → Second CPU @ 3.00GHz") && strstr(r.out, "30 runs") &&
              strstr(r.out, "sec/op: 2 change points in 2 of 3 series");
    const char *line = strstr(r.out, "throughput/algo:a/impl:c/size:64/load:cpu");
    ok = ok && line && strstr(line, "v2.0-8-") && strstr(line, "+15.");
    if (!ok)
        explain(&r, "the text report lacks the machine change or a's change at run 8");
    assert_true(ok);
    free_result(&r);
}

/* Runs gzipped or not, the report is the same, byte for byte. */
static void gzip_changes_nothing(void **state)
{
    (void)state;
    char paths[RUNS][128];
    const char *argv[RUNS + 8] = {"-history", "-format", "json"};
    int argc = 3 + run_args("plain", NULL, paths, argv + 3);
    struct result plain, mixed;
    run(&plain, argc, argv);
    run_args("mixed", NULL, paths, argv + 3);
    run(&mixed, argc, argv);
    /* The commits are the same; only the folder names differ, and they are not in the report. */
    if (plain.status || mixed.status || strcmp(plain.out, mixed.out) != 0)
        explain(&mixed, "gzipped runs give another report than plain ones");
    assert_int_equal(mixed.status, 0);
    assert_string_equal(plain.out, mixed.out);
    free_result(&plain);
    free_result(&mixed);
}

/* -order date puts shuffled arguments back in order: the same report as in order. */
static void order_date_undoes_a_shuffle(void **state)
{
    (void)state;
    int order[RUNS];
    for (int i = 0; i < RUNS; i++)
        order[i] = i;
    uint64_t rng = 5;
    for (int i = RUNS - 1; i > 0; i--) {
        int j = (int)(hb_splitmix64_next(&rng) % (uint64_t)(i + 1)), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    char paths[RUNS][128];
    const char *argv[RUNS + 8] = {"-history", "-format", "tsv", "-order", "date"};
    struct result sorted, shuffled;
    int argc = 5 + run_args("plain", NULL, paths, argv + 5);
    run(&sorted, argc, argv);
    run_args("plain", order, paths, argv + 5);
    run(&shuffled, argc, argv);
    if (sorted.status || strcmp(sorted.out, shuffled.out) != 0)
        explain(&shuffled, "-order date gives another report for shuffled runs");
    assert_string_equal(sorted.out, shuffled.out);
    /* One line per run and series (3 benchmarks x 2 units) and the header. */
    size_t lines = 0;
    for (const char *p = sorted.out; (p = strchr(p, '\n')); p++)
        lines++;
    assert_int_equal(lines, 1 + RUNS * 3 * 2);
    free_result(&sorted);
    free_result(&shuffled);
}

/* Bad runs: one line on stderr naming the run and why, status 2, nothing on stdout. */
static void bad_runs(void **state)
{
    (void)state;
    char empty[128], truncated[128], good[128], bare[128], line[512];
    snprintf(empty, sizeof empty, "%s/empty", dir);
    mkdir(empty, 0777);
    snprintf(good, sizeof good, "%s/plain/00", dir);
    snprintf(truncated, sizeof truncated, "%s/mixed/00/run.json.gz", dir);
    snprintf(line, sizeof line, "head -c 200 '%s' > '%s/cut.json.gz'", truncated, dir);
    assert_int_equal(system(line), 0);
    snprintf(truncated, sizeof truncated, "%s/cut.json.gz", dir);
    write_run("bare", 0, false, "97281f9");
    write_run("bare", 1, false, "97281f9-dirty");
    snprintf(bare, sizeof bare, "%s/bare/00", dir);
    struct {
        const char *argv[6];
        int argc;
        const char *why;
    } cases[] = {
        {{"-history", good, empty}, 3, "a folder without run.json or run.json.gz"},
        {{"-history", good, truncated}, 3, "truncated: the gzip data ends early"},
        {{"-history", good}, 2, "needs at least 2 runs"},
        {{"-history", "-order", "commit", good, bare}, 5, "names no tag"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct result r;
        run(&r, cases[i].argc, cases[i].argv);
        size_t lines = 0;
        for (const char *p = r.err; (p = strchr(p, '\n')); p++)
            lines++;
        bool ok = r.status == 2 && lines == 1 && strstr(r.err, cases[i].why) && !*r.out;
        if (!ok)
            explain(&r, cases[i].why);
        assert_true(ok);
        free_result(&r);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: e2e_history HBSTAT\n");
        return 2;
    }
    hbstat = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_names_the_changes),
        cmocka_unit_test(text_says_the_same),
        cmocka_unit_test(gzip_changes_nothing),
        cmocka_unit_test(order_date_undoes_a_shuffle),
        cmocka_unit_test(bad_runs),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

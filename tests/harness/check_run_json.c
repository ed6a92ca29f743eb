/*
 * check_run_json.c — checks a hashbench JSON output against the contract other tools rely on:
 * every row's name follows the naming contract of docs/architecture.md for its suite, every measured row has
 * bytes_per_second (and cycles counters when the TSC rate is known; api rows B/op and
 * allocs/op), every skipped row carries its reason, and the context has the provenance keys.
 *
 *   check_run_json FILE --suite S --grammar SUITES [--rows N] [--context KEY]... [--needs FEATURE SUBSTRING]
 *                  [--variation ROW]
 *
 * SUITES: the output of hashbench --list-suites, each suite's name and the keys its rows' names
 * carry after impl (the suite table is the one place that says them).
 * --rows: exact number of iteration rows; --needs: the rows whose names contain SUBSTRING are
 * skipped with a reason exactly when the context's cpu_features lacks FEATURE (so the check holds
 * on any CPU); --variation: the context's machine_variation agrees with ROW's repetitions
 * (check_variation). Prints each failure with the row it concerns; exit 0 only when all pass.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_tree.h>

#include "hb_designs.h"

static int failures;

#define FAIL(...)                                                                                                      \
    do {                                                                                                               \
        fprintf(stderr, "check_run_json: " __VA_ARGS__);                                                               \
        fputc('\n', stderr);                                                                                           \
        failures++;                                                                                                    \
    } while (0)

static const char *const provenance_keys[] = {
    "hashbench_version", "hashbench_schema", "compiler",   "cxx_compiler", "c_flags",
    "cxx_flags",         "build_type",       "sanitizers", "cpu_model",    "cpu_features",
    "llc_bytes",         "ram_pool_bytes",   "tsc_hz",     "host_name",    "num_cpus",
};

static yajl_val member(yajl_val object, const char *key)
{
    const char *path[] = {key, NULL};
    return yajl_tree_get(object, path, yajl_t_any);
}

static int is_decimal(const char *s, size_t n)
{
    if (n == 0 || s[0] == '0')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

static int is_one_of(const char *s, size_t n, const char *const *options)
{
    for (; *options; options++)
        if (strlen(*options) == n && strncmp(s, *options, n) == 0)
            return 1;
    return 0;
}

static int value_ok(const char *key, const char *v, size_t n)
{
    static const char *const loads[] = {"cpu", "ram", NULL};
    static const char *const ios[] = {"read", "mmap", NULL};
    static const char *const paths[] = {"oneshot",       "stream",     "stream-heap", "evp-prefetched",
                                        "evp-ctx-reuse", "evp-byname", NULL};
    static const char *const ops[] = {"hit", "miss", "insert", NULL};
    static const char *const key_sets[] = {"user", "id64", "file", NULL};
    if (strcmp(key, "size") == 0) {
        const char *dash = memchr(v, '-', n);
        if (n > 4 && strncmp(v, "rand", 4) == 0 && dash != NULL)
            return is_decimal(v + 4, (size_t)(dash - v - 4)) && is_decimal(dash + 1, (size_t)(v + n - dash - 1));
        return is_decimal(v, n);
    }
    if (strcmp(key, "chunk") == 0)
        return is_decimal(v, n);
    if (strcmp(key, "load") == 0)
        return is_one_of(v, n, loads);
    if (strcmp(key, "io") == 0)
        return is_one_of(v, n, ios);
    if (strcmp(key, "path") == 0)
        return is_one_of(v, n, paths);
    if (strcmp(key, "design") == 0) {
        char design[64];
        snprintf(design, sizeof design, "%.*s", (int)n, v);
        return n < sizeof design && hb_design_find(design) != HB_DESIGNS;
    }
    if (strcmp(key, "op") == 0)
        return is_one_of(v, n, ops);
    if (strcmp(key, "keys") == 0)
        return is_one_of(v, n, key_sets);
    if (strcmp(key, "count") == 0)
        return is_decimal(v, n);
    return n > 0; /* algo, impl */
}

/* The keys of the suite's row names: algo, impl, then the suite's own. */
#define MAX_KEYS 16
static char suite_keys[MAX_KEYS][64];
static const char *keys[MAX_KEYS + 2] = {"algo", "impl"};
static size_t nkeys = 2;

/* Reads the suite's line of hashbench --list-suites ("name key key..."); 0 when it has none. */
static int read_grammar(const char *path, const char *suite)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof line, f) != NULL) {
        char *word = strtok(line, " \n");
        if (word == NULL || strcmp(word, suite) != 0)
            continue;
        found = 1;
        while ((word = strtok(NULL, " \n")) != NULL && nkeys < MAX_KEYS + 2) {
            snprintf(suite_keys[nkeys - 2], sizeof suite_keys[0], "%s", word);
            keys[nkeys] = suite_keys[nkeys - 2];
            nkeys++;
        }
    }
    fclose(f);
    return found;
}

/* Checks "<suite>/algo:<name>/impl:<impl>/<key>:<value>..." for the expected suite. */
static void check_name(const char *name, const char *suite)
{
    size_t slen = strlen(suite);
    if (strncmp(name, suite, slen) != 0 || name[slen] != '/') {
        FAIL("%s: not a row of suite %s", name, suite);
        return;
    }
    const char *p = name + slen + 1;
    for (size_t k = 0; k < nkeys; k++) {
        size_t klen = strlen(keys[k]);
        if (strncmp(p, keys[k], klen) != 0 || p[klen] != ':') {
            FAIL("%s: expected key '%s' at '%s'", name, keys[k], p);
            return;
        }
        const char *v = p + klen + 1;
        const char *end = strchr(v, '/');
        size_t vlen = end ? (size_t)(end - v) : strlen(v);
        if (!value_ok(keys[k], v, vlen))
            FAIL("%s: bad value for key '%s'", name, keys[k]);
        if ((end == NULL) != (k + 1 == nkeys)) {
            FAIL("%s: expected exactly the keys of suite %s", name, suite);
            return;
        }
        p = end ? end + 1 : v + vlen;
    }
}

/* Rows naming the implementation that needs a CPU feature, and whether the CPU has it. */
struct needs {
    const char *feature, *substring;
    int cpu_has;
    long rows;
};

static void check_row(yajl_val row, const char *suite, int tsc_known, struct needs *needs)
{
    const char *name = YAJL_GET_STRING(member(row, "run_name"));
    if (name == NULL) {
        FAIL("a row without run_name");
        return;
    }
    check_name(name, suite);
    int skipped = YAJL_IS_TRUE(member(row, "error_occurred"));
    if (needs->substring != NULL && strstr(name, needs->substring) != NULL) {
        needs->rows++;
        if (skipped == needs->cpu_has)
            FAIL("%s: %s, but the CPU %s %s", name, skipped ? "skipped" : "ran", needs->cpu_has ? "has" : "lacks",
                 needs->feature);
    }
    if (skipped) {
        const char *why = YAJL_GET_STRING(member(row, "error_message"));
        if (why == NULL || why[0] == '\0')
            FAIL("%s: skipped without a reason", name);
        return;
    }
    const char *needed[] = {"bytes_per_second", tsc_known ? "cycles/B" : NULL, tsc_known ? "cycles/hash" : NULL,
                            strcmp(suite, "api") == 0 ? "B/op" : NULL, strcmp(suite, "api") == 0 ? "allocs/op" : NULL};
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++) {
        if (needed[i] == NULL)
            continue;
        yajl_val v = member(row, needed[i]);
        if (!YAJL_IS_NUMBER(v))
            FAIL("%s: no %s", name, needed[i]);
        else if (strcmp(needed[i], "B/op") != 0 && strcmp(needed[i], "allocs/op") != 0 && !(YAJL_GET_DOUBLE(v) > 0))
            FAIL("%s: %s is not positive", name, needed[i]);
    }
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of sorted[0..n) at position (n - 1) q, interpolated linearly. */
static double quantile(const double *sorted, size_t n, double q)
{
    double position = (double)(n - 1) * q;
    size_t below = (size_t)position, above = below + 1 < n ? below + 1 : n - 1;
    return sorted[below] + (position - (double)below) * (sorted[above] - sorted[below]);
}

/* --variation ROW: the context's machine_variation worked out again from ROW's repetitions in the
 * file: (90th - 10th percentile) / median of their real_time, as a percentage with one decimal
 * (give or take the last digit, as real_time is printed rounded); "not measured: ..." below five
 * repetitions. */
static void check_variation(yajl_val context, yajl_val rows, const char *row)
{
    double times[4096];
    size_t n = 0;
    for (size_t i = 0; YAJL_IS_ARRAY(rows) && i < rows->u.array.len && n < 4096; i++) {
        yajl_val r = rows->u.array.values[i];
        const char *name = YAJL_GET_STRING(member(r, "run_name")), *type = YAJL_GET_STRING(member(r, "run_type"));
        if (name != NULL && type != NULL && strcmp(name, row) == 0 && strcmp(type, "iteration") == 0 &&
            !YAJL_IS_TRUE(member(r, "error_occurred")) && YAJL_IS_NUMBER(member(r, "real_time")))
            times[n++] = YAJL_GET_DOUBLE(member(r, "real_time"));
    }
    const char *value = YAJL_GET_STRING(member(context, "machine_variation"));
    if (value == NULL) {
        FAIL("context: no machine_variation (%zu repetitions of %s)", n, row);
        return;
    }
    if (n < 5) {
        if (strncmp(value, "not measured: ", 14) != 0)
            FAIL("context: machine_variation is '%s' from %zu repetitions of %s", value, n, row);
        return;
    }
    qsort(times, n, sizeof *times, ascending);
    double want = 100 * (quantile(times, n, 0.9) - quantile(times, n, 0.1)) / quantile(times, n, 0.5);
    char *end;
    double got = strtod(value, &end);
    if (end == value || strcmp(end, "%") != 0 || fabs(got - want) > 0.1 + 1e-9)
        FAIL("context: machine_variation is '%s', %zu repetitions of %s give %.3f%%", value, n, row, want);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text != NULL && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text != NULL)
        text[n] = '\0';
    fclose(f);
    return text;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *suite = NULL, *grammar = NULL;
    struct needs needs = {NULL, NULL, 0, 0};
    const char *extra_context[16];
    size_t n_extra = 0;
    long want_rows = -1;
    const char *variation_row = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--suite") == 0 && i + 1 < argc)
            suite = argv[++i];
        else if (strcmp(argv[i], "--grammar") == 0 && i + 1 < argc)
            grammar = argv[++i];
        else if (strcmp(argv[i], "--rows") == 0 && i + 1 < argc)
            want_rows = atol(argv[++i]);
        else if (strcmp(argv[i], "--variation") == 0 && i + 1 < argc)
            variation_row = argv[++i];
        else if (strcmp(argv[i], "--context") == 0 && i + 1 < argc && n_extra < 16)
            extra_context[n_extra++] = argv[++i];
        else if (strcmp(argv[i], "--needs") == 0 && i + 2 < argc) {
            needs.feature = argv[++i];
            needs.substring = argv[++i];
        } else
            file = argv[i];
    }
    if (file == NULL || suite == NULL || grammar == NULL) {
        fprintf(stderr, "usage: check_run_json FILE --suite S --grammar SUITES [--rows N] [--context KEY]... "
                        "[--needs FEATURE SUBSTRING] [--variation ROW]\n");
        return 2;
    }
    if (!read_grammar(grammar, suite)) {
        fprintf(stderr, "check_run_json: %s: no line for suite %s\n", grammar, suite);
        return 2;
    }
    char *text = read_file(file);
    char err[256];
    yajl_val root = text ? yajl_tree_parse(text, err, sizeof err) : NULL;
    if (root == NULL) {
        fprintf(stderr, "check_run_json: %s: cannot read or parse: %s\n", file, text ? err : "unreadable");
        return 1;
    }

    yajl_val context = member(root, "context");
    for (size_t i = 0; i < sizeof provenance_keys / sizeof provenance_keys[0]; i++)
        if (member(context, provenance_keys[i]) == NULL)
            FAIL("context: no %s", provenance_keys[i]);
    for (size_t i = 0; i < n_extra; i++)
        if (member(context, extra_context[i]) == NULL)
            FAIL("context: no %s", extra_context[i]);
    const char *tsc = YAJL_GET_STRING(member(context, "tsc_hz"));
    int tsc_known = tsc != NULL && strcmp(tsc, "0") != 0;
    if (needs.feature != NULL) {
        /* cpu_features is space-separated: match whole words */
        const char *features = YAJL_GET_STRING(member(context, "cpu_features"));
        size_t flen = strlen(needs.feature);
        for (const char *f = features; f != NULL && (f = strstr(f, needs.feature)) != NULL; f += flen)
            if ((f == features || f[-1] == ' ') && (f[flen] == ' ' || f[flen] == '\0'))
                needs.cpu_has = 1;
    }

    yajl_val rows = member(root, "benchmarks");
    long iteration_rows = 0;
    for (size_t i = 0; YAJL_IS_ARRAY(rows) && i < rows->u.array.len; i++) {
        yajl_val row = rows->u.array.values[i];
        const char *type = YAJL_GET_STRING(member(row, "run_type"));
        if (type != NULL && strcmp(type, "iteration") == 0)
            iteration_rows++;
        check_row(row, suite, tsc_known, &needs);
    }
    if (iteration_rows == 0)
        FAIL("%s: no rows", file);
    if (want_rows >= 0 && iteration_rows != want_rows)
        FAIL("%s: %ld rows, expected %ld", file, iteration_rows, want_rows);
    if (needs.substring != NULL && needs.rows == 0)
        FAIL("%s: no row matching '%s'", file, needs.substring);
    if (variation_row != NULL)
        check_variation(context, rows, variation_row);

    yajl_tree_free(root);
    free(text);
    if (failures == 0)
        printf("check_run_json: %s: %ld rows of suite %s follow the contract\n", file, iteration_rows, suite);
    return failures == 0 ? 0 : 1;
}

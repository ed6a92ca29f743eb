/*
 * hbspread.c — hbspread: options, the algorithms and keysets they name, the run, the report, the
 * timing line (stderr, so that two runs' stdout can be compared byte for byte).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hb_version.h"
#include "options.h"
#include "spread.h"
#include "hb_hash_cli.h"

static _Noreturn void spread_fatal(const char *what, const char *why)
{
    fprintf(stderr, "hbspread: %s%s\n", what, why);
    exit(2);
}

static void add_algorithm(struct hb_run *run, size_t *cap, const struct hb_hash *h)
{
    if (run->nalgos == *cap)
        run->algos = hb_xrealloc(run->algos, (*cap = *cap ? 2 * *cap : 32) * sizeof *run->algos);
    struct hb_algo_row *row = &run->algos[run->nalgos++];
    memset(row, 0, sizeof *row);
    row->hash = h;
    row->runnable = hb_can_run(h, row->why_not, sizeof row->why_not);
}

/* A name whose every implementation this CPU lacks is still a row: reported as skipped. */
static const struct hb_hash *default_or_first(const char *name)
{
    const struct hb_hash *h = hb_lookup(name);
    if (h == NULL)
        hb_select(name, &h, 1);
    return h;
}

static void every_name(struct hb_run *run, size_t *cap)
{
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(hb_registry[j]->name, h->name) == 0;
        if (!seen && h->kind != HB_KIND_BASELINE)
            add_algorithm(run, cap, default_or_first(h->name));
    }
}

static void add_named_algorithms(struct hb_run *run, size_t *cap, const char *list)
{
    char *copy = hb_xstrdup(list), *save = NULL;
    for (char *spec = strtok_r(copy, ",", &save); spec != NULL; spec = strtok_r(NULL, ",", &save)) {
        const struct hb_hash *h = strchr(spec, '/') ? hb_lookup(spec) : default_or_first(spec);
        char why[768];
        if (hb_describe_unusable(spec, h, "see hbsum --list", why, sizeof why)) {
            fprintf(stderr, "hbspread: --algo: %s\n", why);
            exit(2);
        }
        add_algorithm(run, cap, h);
    }
    free(copy);
    if (run->nalgos == 0)
        spread_fatal("--algo: ", "no algorithm named");
}

/* One run's report in one format; false when the JSON writer failed. */
static bool report(FILE *to, const struct hb_run *run, bool json)
{
    if (json)
        return hb_report_json(to, run, HB_VERSION);
    hb_report_text(to, run);
    return true;
}

/* Every --output file, renamed into place only when all were written. */
static bool write_outputs(struct hb_out_files *outs, const struct hb_run *run, char *err, size_t errlen)
{
    for (size_t i = 0; i < outs->n; i++) {
        struct hb_out_file *f = &outs->v[i];
        FILE *stream = hb_out_file_open(f, err, errlen);
        if (stream == NULL)
            return false;
        if (!report(stream, run, strcmp(f->format, "json") == 0)) {
            fclose(stream);
            snprintf(err, errlen, "%s: writing the JSON report failed", f->path);
            return false;
        }
        if (!hb_out_file_close(f, stream, err, errlen))
            return false;
    }
    return hb_out_files_commit(outs, err, errlen);
}

int main(int argc, char **argv)
{
    hb_alloc_set_program_name("hbspread");
    struct spread_options o;
    spread_parse_options(argc, argv, &o);
    char err[512];
    if (!hb_init(err, sizeof err))
        spread_fatal("start-up check failed: ", err);

    struct hb_run run = {
        .threads = o.threads, .avalanche_keys = o.avalanche_keys, .battery_log2 = o.battery_log2, .shards = o.shards};
    size_t cap = 0;
    if (o.algo != NULL)
        add_named_algorithms(&run, &cap, o.algo);
    else
        every_name(&run, &cap);
    hb_bucket_plan_init(&run.plan, o.bucketing, o.buckets);

    run.keysets = hb_xcalloc(o.nkeys ? o.nkeys : 1, sizeof *run.keysets);
    for (size_t k = 0; k < o.nkeys; k++) {
        if (!hb_keyset_build(o.keys[k], o.n, &run.keysets[k], err, sizeof err))
            spread_fatal("", err);
        run.nkeysets++;
    }

    /* without --battery-max-buckets, the battery's largest table holds the largest file's keys */
    for (size_t k = 0; run.battery_log2 > 0 && !o.battery_log2_given && k < run.nkeysets; k++)
        if (run.keysets[k].kind == HB_KEYS_FILE && hb_battery_log2_for(run.keysets[k].file_keys) > run.battery_log2)
            run.battery_log2 = hb_battery_log2_for(run.keysets[k].file_keys);

    hb_run_execute(&run);
    if (!write_outputs(&o.outputs, &run, err, sizeof err)) {
        hb_out_files_free(&o.outputs);
        spread_fatal("--output: ", err);
    }
    if (o.to_stdout && !report(stdout, &run, o.json))
        spread_fatal("", "writing the JSON report failed");
    if (fflush(stdout) != 0 || ferror(stdout))
        spread_fatal("standard output: ", strerror(errno));

    struct timespec res;
    clock_getres(CLOCK_MONOTONIC, &res);
    double wall = run.wall_seconds > 0 ? run.wall_seconds : 1e-9;
    fprintf(stderr,
            "hbspread: hashed %llu keys in %.2f s (%.2f M keys/s; CPU %.2f s on %u threads, %.0f%%;"
            " CLOCK_MONOTONIC resolution %ld ns)\n",
            (unsigned long long)run.hashes, run.wall_seconds, (double)run.hashes / wall / 1e6, run.cpu_seconds,
            run.threads, 100 * run.cpu_seconds / wall, res.tv_sec * 1000000000L + res.tv_nsec);

    bool failed = false;
    for (size_t a = 0; a < run.nalgos; a++)
        failed = failed || (run.algos[a].runnable &&
                            (run.overall[a] == HB_FAIL || (run.battery != NULL && run.battery[a].failed)));
    for (size_t k = 0; k < run.nkeysets; k++)
        hb_keyset_free(&run.keysets[k]);
    free(run.keysets);
    free(run.algos);
    hb_run_free(&run);
    spread_options_free(&o);
    return o.exit_code_on_fail && failed ? 1 : 0;
}

/* hbadvise.c — main: the folders read (every one before anything is written, so bad input leaves
 * no partial output), the registry's properties and this CPU, the rules, one output format. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "advise_cli.h"
#include "hb_alloc.h"
#include "hb_hash.h"
#include "hb_version.h"
#include "password_cost.h"
#include "race.h"
#include "read_folder.h"
#include "read_layout.h"
#include "read_run.h"
#include "read_spread.h"
#include "verdict_table.h"
#include "report.h"

static int advise_failed(char *error)
{
    fprintf(stderr, "hbadvise: %s\n", error);
    free(error);
    return 2;
}

static int write_stdout(const struct hb_strbuf *b)
{
    if ((b->len && fwrite(b->text, 1, b->len, stdout) != b->len) || fflush(stdout) != 0) {
        fprintf(stderr, "hbadvise: writing the output: %s\n", strerror(errno));
        return 2;
    }
    return 0;
}

/* Every --output file, renamed into place only when all were written. */
static int write_advice_files(struct hb_out_files *outs, const struct hb_advice_report *rep)
{
    char err[1024];
    bool ok = true;
    for (size_t i = 0; i < outs->n && ok; i++) {
        struct hb_out_file *f = &outs->v[i];
        struct hb_strbuf b = {0};
        struct hb_advice_output_options opts = {HB_VERSION};
        hb_advice_format_find(f->format)->write(rep, &opts, &b);
        FILE *stream = hb_out_file_open(f, err, sizeof err);
        ok = stream != NULL;
        if (ok && b.len)
            fwrite(b.text, 1, b.len, stream);
        ok = ok && hb_out_file_close(f, stream, err, sizeof err);
        hb_strbuf_free(&b);
    }
    ok = ok && hb_out_files_commit(outs, err, sizeof err);
    if (!ok)
        fprintf(stderr, "hbadvise: --output: %s\n", err);
    return ok ? 0 : 2;
}

/* --default-buckets: the distinct keys rounded up to a power of two, within hbspread's bounds. */
static int default_buckets(const char *dir)
{
    struct hb_advice_machine m = {0};
    size_t processes[HB_FILES];
    char *error = NULL, *path = hb_advice_process_path(dir, HB_FILE_RUN, 1);
    int rc = hb_advice_folder_layout(dir, processes, &error);
    if (rc == 0)
        rc = hb_advice_read_run(path, "keys", &m, &error);
    if (rc == 0 && !m.keys.from_file) {
        error = hb_xasprintf("%s: no keys_* facts in its context (not a hashbench --keys run)", path);
        rc = -1;
    }
    if (rc == 0) {
        uint64_t distinct = hb_advice_distinct_keys(&m), buckets = 2;
        while (buckets < distinct && buckets < (uint64_t)1 << 30)
            buckets *= 2;
        printf("%llu\n", (unsigned long long)buckets);
    }
    free(path);
    hb_advice_machine_free(&m);
    return rc ? advise_failed(error) : 0;
}

static int write_verdict_table(const char *dir, bool html)
{
    struct hb_advice_machine m = {0};
    char *error = NULL, *path = hb_xasprintf("%s/spread.json", dir);
    int rc = hb_spread_read(path, &m.spread, &error);
    free(path);
    if (rc) {
        hb_advice_machine_free(&m);
        return advise_failed(error);
    }
    struct hb_strbuf out = {0};
    if (html)
        hb_spread_verdicts_html(&m.spread, &out);
    else
        hb_spread_verdicts_text(&m.spread, &out);
    int status = write_stdout(&out);
    hb_strbuf_free(&out);
    hb_advice_machine_free(&m);
    return status;
}

/* --table-designs: the designs advise.sh measures unless told (the table of designs' `advised`). */
static int table_designs(void)
{
    struct hb_strbuf out = {0};
    for (int d = 0; d < HB_DESIGNS; d++)
        if (hb_designs[d].advised)
            hb_strbuf_printf(&out, "%s%s", out.len ? "," : "", hb_designs[d].name);
    hb_strbuf_puts(&out, "\n");
    int status = write_stdout(&out);
    hb_strbuf_free(&out);
    return status;
}

/* --table-entries: of each algorithm the table needs can rank (at most their output bits), the first
 * implementation this CPU runs, which the registry lists first: its default. */
static int table_entries(void)
{
    char err[512];
    if (!hb_init(err, sizeof err)) {
        fprintf(stderr, "hbadvise: start-up check failed: %s\n", err);
        return 2;
    }
    unsigned max_bits = hb_need_rules[HB_NEED_TABLE].max_bits;
    struct hb_strbuf out = {0};
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        char why_not[200];
        if (h->kind == HB_KIND_BASELINE || h->out_bits > max_bits || !hb_can_run(h, why_not, sizeof why_not))
            continue;
        bool seen = false;
        for (size_t k = 0; k < i && !seen; k++)
            seen = strcmp(hb_registry[k]->name, h->name) == 0 && hb_can_run(hb_registry[k], why_not, sizeof why_not);
        if (!seen)
            hb_strbuf_printf(&out, "%s%s/%s", out.len ? "," : "", h->name, h->impl);
    }
    hb_strbuf_puts(&out, "\n");
    int status = write_stdout(&out);
    hb_strbuf_free(&out);
    return status;
}

/* --candidates NEED: the registry's names that pass the need's gates on properties, once each. */
static int candidates(const struct hb_need_rule *rule)
{
    const char *last = NULL;
    bool first = true;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if ((last && strcmp(last, h->name) == 0) || !hb_advice_property_qualifies(rule, h))
            continue;
        printf("%s%s", first ? "" : ",", h->name);
        first = false;
        last = h->name;
    }
    printf("\n");
    return fflush(stdout) == 0 ? 0 : 2;
}

/* The record size the folders' record-P.json are read at: --record-size, or the checksum need's
 * default. */
static uint64_t record_size_of(const struct hb_advice_options *o)
{
    return o->params.record_size ? o->params.record_size : HB_DEFAULT_RECORD_SIZE;
}

/* Every folder read, each as its own machine. */
static int read_each(const struct hb_advice_options *o, struct hb_advice_machine *machines, size_t *nmachines)
{
    for (size_t i = 0; i < o->ndirs; i++) {
        char *error = NULL;
        if (hb_advice_read_folder(o->dirs[i], o->rows, record_size_of(o), &machines[i], &error))
            return advise_failed(error);
        *nmachines = i + 1;
    }
    return 0;
}

/* Every folder read (each on its own, all before anything is written), then the runs of one
 * machine pooled into one (hb_advice_same_machine): machines[0..*nmachines) are the distinct
 * machines, in the order of their first folder; the other slots are left zeroed. */
static int read_machines(const struct hb_advice_options *o, struct hb_advice_machine *machines, size_t *nmachines)
{
    struct hb_advice_machine run = {0};
    for (size_t i = 0; i < o->ndirs; i++) {
        char *error = NULL;
        memset(&run, 0, sizeof run);
        if (hb_advice_read_folder(o->dirs[i], o->rows, record_size_of(o), &run, &error)) {
            hb_advice_machine_free(&run);
            return advise_failed(error);
        }
        size_t k = 0;
        while (k < *nmachines && !hb_advice_same_machine(&machines[k], &run))
            k++;
        if (k == *nmachines) {
            machines[(*nmachines)++] = run;
            continue;
        }
        int rc = hb_advice_machine_append(&machines[k], &run, &error);
        hb_advice_machine_free(&run);
        if (rc)
            return advise_failed(error);
    }
    return 0;
}

/* --contenders KIND DIR: the entries the next process of KIND times (hb_advice_contenders), and
 * for run the baselines it timed (the loop's own cost is shown beside every figure). */
static int contenders(const struct hb_advice_options *o, const struct hb_advice_machine *m)
{
    struct hb_advice_registry reg = {hb_registry, hb_registry_len, hb_can_run};
    struct hb_advice_params params = o->params;
    params.confidence = HB_CONTENDER_CONFIDENCE;
    params.each_implementation = true;
    bool reads[HB_NEEDS];
    for (size_t k = 0; k < HB_NEEDS; k++)
        reads[k] = hb_advice_need_reads((enum hb_need)k, o->contenders, m);
    struct hb_advice_report rep;
    hb_advice_report_build(&rep, &reg, &m, 1, reads, &params);
    char **labels;
    size_t n = hb_advice_contenders(&rep, o->contenders, &labels);
    struct hb_strbuf out = {0};
    for (size_t i = 0; i < n; i++) {
        hb_strbuf_printf(&out, "%s%s", i ? "," : "", labels[i]);
        free(labels[i]);
    }
    free(labels);
    for (size_t i = 0; o->contenders == HB_FILE_RUN && i < m->ntimings; i++)
        for (size_t j = 0; j < hb_registry_len; j++)
            if (hb_registry[j]->kind == HB_KIND_BASELINE && strcmp(hb_registry[j]->name, m->timings[i].name) == 0 &&
                strcmp(hb_registry[j]->impl, m->timings[i].impl) == 0)
                hb_strbuf_printf(&out, "%s%s/%s", out.len ? "," : "", m->timings[i].name, m->timings[i].impl);
    hb_strbuf_puts(&out, "\n");
    int status = write_stdout(&out);
    hb_strbuf_free(&out);
    hb_advice_report_free(&rep);
    return status;
}

/* --agree A B: each folder ranked on its own, compared per ranking, tab-separated. */
static int agree(const struct hb_advice_options *o, const struct hb_advice_machine *a,
                 const struct hb_advice_machine *b)
{
    struct hb_advice_registry reg = {hb_registry, hb_registry_len, hb_can_run};
    struct hb_advice_report rep[2];
    hb_advice_report_build(&rep[0], &reg, &a, 1, o->wanted, &o->params);
    hb_advice_report_build(&rep[1], &reg, &b, 1, o->wanted, &o->params);
    struct hb_advice_agreement *rows;
    size_t n = hb_advice_agree(&rep[0], &rep[1], &rows);
    struct hb_strbuf out = {0};
    hb_strbuf_puts(&out, "ranking\tranked_a\tranked_b\tset_a\tset_b\tpick_a\tpick_b\tintersect\tidentical\t"
                         "pick_a_in_b\tpick_b_in_a\theld_a\theld_b\n");
    for (size_t i = 0; i < n; i++) {
        const struct hb_advice_agreement *g = &rows[i];
        hb_strbuf_printf(&out, "%s\t%zu\t%zu\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", g->ranking, g->ranked[0],
                         g->ranked[1], g->set[0], g->set[1], g->pick[0], g->pick[1], g->intersect ? "yes" : "no",
                         g->identical ? "yes" : "no", g->pick_in_other[0] ? "yes" : "no",
                         g->pick_in_other[1] ? "yes" : "no", g->held[0] ? "yes" : "no", g->held[1] ? "yes" : "no");
    }
    int status = write_stdout(&out);
    hb_strbuf_free(&out);
    hb_advice_agreements_free(rows, n);
    hb_advice_report_free(&rep[0]);
    hb_advice_report_free(&rep[1]);
    return status;
}

int main(int argc, char **argv)
{
    hb_alloc_set_program_name("hbadvise");
    struct hb_advice_options o;
    hb_advice_parse_options(argc, argv, &o);
    if (o.mode == HB_MODE_TIME_PASSWORD)
        return hb_advice_time_password();
    if (o.mode == HB_MODE_CANDIDATES)
        return candidates(o.candidates);
    if (o.mode == HB_MODE_DEFAULT_BUCKETS)
        return default_buckets(o.dirs[0]);
    if (o.mode == HB_MODE_VERDICTS)
        return write_verdict_table(o.dirs[0], o.verdicts_html);
    if (o.mode == HB_MODE_TABLE_ENTRIES)
        return table_entries();
    if (o.mode == HB_MODE_SHARD_COUNTS || o.mode == HB_MODE_RENDEZVOUS_SERVERS) {
        char list[256];
        if (o.mode == HB_MODE_SHARD_COUNTS)
            hb_advice_shard_counts(o.params.shards, list, sizeof list);
        else
            hb_advice_rendezvous_servers(list, sizeof list);
        printf("%s\n", list);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    if (o.mode == HB_MODE_TABLE_DESIGNS)
        return table_designs();
    char err[512];
    if (!hb_init(err, sizeof err)) {
        fprintf(stderr, "hbadvise: start-up check failed: %s\n", err);
        return 2;
    }
    struct hb_advice_machine *machines = hb_xcalloc(o.ndirs, sizeof *machines);
    const struct hb_advice_machine **list = hb_xcalloc(o.ndirs, sizeof *list);
    size_t nmachines = 0;
    /* --agree compares two runs: each read as its own machine, never pooled */
    int status =
        o.mode == HB_MODE_AGREE ? read_each(&o, machines, &nmachines) : read_machines(&o, machines, &nmachines);
    for (size_t i = 0; i < nmachines; i++)
        list[i] = &machines[i];
    if (status == 0 && o.mode == HB_MODE_CONTENDERS) {
        status = contenders(&o, list[0]);
    } else if (status == 0 && o.mode == HB_MODE_AGREE) {
        status = agree(&o, list[0], list[1]);
    } else if (status == 0) {
        struct hb_advice_registry reg = {hb_registry, hb_registry_len, hb_can_run};
        struct hb_advice_report rep;
        hb_advice_report_build(&rep, &reg, list, nmachines, o.wanted, &o.params);
        status = write_advice_files(&o.outputs, &rep);
        if (status == 0 && o.to_stdout) {
            struct hb_strbuf out = {0};
            struct hb_advice_output_options opts = {HB_VERSION};
            o.format->write(&rep, &opts, &out);
            status = write_stdout(&out);
            hb_strbuf_free(&out);
        }
        hb_advice_report_free(&rep);
    }
    for (size_t i = 0; i < o.ndirs; i++)
        hb_advice_machine_free(&machines[i]);
    free(machines);
    free(list);
    hb_out_files_free(&o.outputs);
    return status;
}

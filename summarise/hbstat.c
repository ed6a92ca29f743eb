/* hbstat.c — main: flags, inputs, tables, one output format, and the exit status (0 done, 1 a
 * regression beyond --fail-on-regression, 2 bad flags or input). Everything is read before
 * anything is written, so bad input leaves no partial output. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "context_command.h"
#include "hb_version.h"
#include "history_command.h"
#include "formats.h"
#include "reader.h"
#include "regression_gate.h"
#include "sample_per_input.h"
#include "tables_adjust.h"
#include "xalloc.h"

static int usage_error(char *message)
{
    fprintf(stderr, "hbstat: %s (try --help)\n", message);
    free(message);
    return 2;
}

static int input_error(char *message)
{
    fprintf(stderr, "hbstat: %s\n", message);
    free(message);
    return 2;
}

/* Splits "label=path" (label is everything before the first '='). */
static void split_label(const char *arg, const char **path, char **label)
{
    const char *eq = strchr(arg, '=');
    *path = eq ? eq + 1 : arg;
    *label = eq ? hb_xstrndup(arg, (size_t)(eq - arg)) : hb_xstrdup(arg);
}

/* Says, once per label, when several inputs share it: their samples pool into one column. */
static void note_pooling(const struct hb_options *o)
{
    for (size_t i = 0; i < o->ninputs; i++) {
        const char *path;
        char *label;
        split_label(o->inputs[i], &path, &label);
        size_t count = 0;
        bool first = true;
        struct hb_strbuf paths = {0};
        for (size_t j = 0; j < o->ninputs; j++) {
            const char *other_path;
            char *other;
            split_label(o->inputs[j], &other_path, &other);
            if (strcmp(label, other) == 0) {
                first = first && j >= i;
                hb_strbuf_printf(&paths, "%s%s", count ? ", " : "", other_path);
                count++;
            }
            free(other);
        }
        if (count > 1 && first)
            fprintf(stderr, "hbstat: pooling %zu inputs as \"%s\": %s\n", count, label, hb_strbuf_cstr(&paths));
        hb_strbuf_free(&paths);
        free(label);
    }
}

/* The place of inputs[i] among the inputs of its label, counting from 1: -sample paired pairs the
 * k-th input of each label with the k-th of the baseline's. */
static uint32_t label_ordinal(const struct hb_options *o, size_t i)
{
    const char *path;
    char *label;
    split_label(o->inputs[i], &path, &label);
    uint32_t ordinal = 1;
    for (size_t j = 0; j < i; j++) {
        char *other;
        split_label(o->inputs[j], &path, &other);
        ordinal += strcmp(label, other) == 0;
        free(other);
    }
    free(label);
    return ordinal;
}

static int write_all(FILE *f, const struct hb_strbuf *b)
{
    if (b->len && fwrite(b->text, 1, b->len, f) != b->len)
        return -1;
    return fflush(f);
}

int main(int argc, char **argv)
{
    struct hb_options o;
    char *error = NULL;
    if (hb_parse_args(argc, argv, &o, &error))
        return usage_error(error);
    if (o.help) {
        struct hb_strbuf usage = {0};
        hb_usage(&usage);
        fputs(hb_strbuf_cstr(&usage), stdout);
        hb_strbuf_free(&usage);
        return 0;
    }
    if (o.context && !o.version)
        return hb_context_command(&o);
    if (o.version) {
        printf("hbstat %s\n", HB_VERSION);
        return 0;
    }
    if (o.history)
        return hb_history_command(&o);

    int status = 0;
    struct hb_filter *filter = NULL;
    struct hb_intern *in = hb_intern_new();
    struct hb_projections proj = {0};
    struct hb_collector collector;
    hb_collector_init(&collector, in, &proj, NULL);
    struct hb_tables tables = {0};
    struct hb_pairing pairing = {0};
    bool paired = strcmp(o.sample, "paired") == 0;
    struct hb_strbuf out = {0}, warnings = {0}, regressions = {0};
    if (hb_filter_parse(o.filter, &filter, &error) ||
        hb_projections_init(&proj, in, o.table, o.row, o.col, o.ignore, &error)) {
        status = usage_error(error);
        goto done;
    }
    hb_collector_init(&collector, in, &proj, filter);

    note_pooling(&o);
    for (size_t i = 0; i < o.ninputs; i++) {
        const char *path;
        char *label;
        split_label(o.inputs[i], &path, &label);
        struct hb_read_context ctx = {.collector = &collector,
                                      .in = in,
                                      .label = hb_intern_cstr(in, label),
                                      .cpu_time = strcmp(o.metric, "cpu_time") == 0,
                                      .notes = stderr};
        free(label);
        struct hb_input_mark mark;
        hb_input_mark(&collector, &mark);
        int failed = hb_read_path(path, &ctx, &error);
        if (failed || strcmp(o.sample, "repetition") == 0)
            free(mark.n);
        else if (paired)
            failed = hb_input_reduce_paired(&collector, &mark, &pairing, label_ordinal(&o, i), &error);
        else
            hb_input_reduce(&collector, &mark);
        if (failed) {
            status = input_error(error);
            goto done;
        }
    }

    hb_tables_build_paired(&tables, &collector, paired ? &pairing : NULL, o.confidence, o.alpha, o.noisy_pct);
    enum hb_adjust shown = HB_ADJUST_NONE, gated = HB_ADJUST_HOLM;
    if (o.adjust)
        hb_adjust_parse(o.adjust, &shown), gated = shown;
    hb_tables_adjust(&tables, shown);
    if (o.detectable)
        hb_tables_detectable(&tables, shown);
    if (o.rank)
        hb_tables_rank(&tables);
    hb_format_find(o.format)->write(&tables, &out, &warnings);
    if (write_all(stdout, &out)) {
        fprintf(stderr, "hbstat: writing the output: %s\n", strerror(errno));
        status = 2;
    }
    write_all(stderr, &warnings);
    if (status == 0 && o.gate && hb_find_regressions(&tables, o.regression_pct, gated, &regressions)) {
        write_all(stderr, &regressions);
        status = 1;
    }
done:
    hb_strbuf_free(&regressions);
    hb_strbuf_free(&out);
    hb_strbuf_free(&warnings);
    hb_tables_free(&tables);
    hb_pairing_free(&pairing);
    hb_collector_free(&collector);
    hb_projections_free(&proj);
    hb_filter_free(filter);
    hb_intern_free(in);
    return status;
}

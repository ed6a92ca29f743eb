/* tables_command.c — inputs to formatted tables, as hbstat's flags say. Everything is read before
 * anything is written, so bad input leaves no partial output. */
#include "tables_command.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exact_tables.h"
#include "formats.h"
#include "reader.h"
#include "regression_gate.h"
#include "sample_per_input.h"
#include "tables_adjust.h"
#include "xalloc.h"

/* Splits "label=path" (label is everything before the first '='). */
static void split_label(const char *arg, const char **path, char **label)
{
    const char *eq = strchr(arg, '=');
    *path = eq ? eq + 1 : arg;
    *label = eq ? hb_xstrndup(arg, (size_t)(eq - arg)) : hb_xstrdup(arg);
}

/* Says, once per label, when several inputs share it: their samples pool into one column. */
static void note_pooling(const struct hb_options *o, FILE *notes)
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
            fprintf(notes, "hbstat: pooling %zu inputs as \"%s\": %s\n", count, label, hb_strbuf_cstr(&paths));
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

enum hb_tables_status hb_tables_command(const struct hb_options *o, FILE *notes, struct hb_strbuf *out,
                                        struct hb_strbuf *warnings, struct hb_strbuf *regressions, char **error)
{
    enum hb_tables_status status = HB_TABLES_DONE;
    struct hb_filter *filter = NULL, *rank_filter = NULL;
    struct hb_intern *in = hb_intern_new();
    struct hb_projections proj = {0};
    struct hb_collector collector;
    hb_collector_init(&collector, in, &proj, NULL);
    struct hb_tables tables = {0};
    struct hb_pairing pairing = {0};
    bool paired = strcmp(o->sample, "paired") == 0;
    /* -sample paired and -ranks need to know which input of its label every value came from. */
    bool ordinals = paired || o->ranks;
    struct hb_run_variation *variations = hb_xcalloc(o->ninputs + 1, sizeof *variations);
    size_t nvariations = 0;
    if (hb_filter_parse(o->filter, &filter, error) ||
        (o->ranks_filter && hb_filter_parse(o->ranks_filter, &rank_filter, error)) ||
        hb_projections_init(&proj, in, o->table, o->row, o->col, o->ignore, error)) {
        status = HB_TABLES_BAD_FLAGS;
        goto done;
    }
    hb_collector_init(&collector, in, &proj, filter);
    collector.rank_filter = rank_filter;

    bool counted = false;
    const char *first_path = NULL;
    note_pooling(o, notes);
    for (size_t i = 0; i < o->ninputs; i++) {
        const char *path;
        char *label;
        split_label(o->inputs[i], &path, &label);
        struct hb_read_context ctx = {.collector = &collector,
                                      .in = in,
                                      .label = hb_intern_cstr(in, label),
                                      .cpu_time = strcmp(o->metric, "cpu_time") == 0,
                                      .notes = notes,
                                      .machine_variation = NAN};
        free(label);
        struct hb_input_mark mark;
        hb_input_mark(&collector, &mark);
        int failed = hb_read_path(path, &ctx, error);
        if (failed || strcmp(o->sample, "repetition") == 0)
            free(mark.n);
        else if (ordinals)
            failed = hb_input_reduce_paired(&collector, &mark, &pairing, label_ordinal(o, i),
                                            paired ? "-sample paired" : "-ranks", error);
        else
            hb_input_reduce(&collector, &mark);
        if (!failed && i > 0 && ctx.counted != counted) {
            /* Instructions and seconds are different quantities: no comparison of one with the
             * other means anything, so the run stops here rather than printing separate tables. */
            *error = hb_xasprintf("%s is %s but %s is %s: counted and timed inputs cannot be compared in one run", path,
                                  ctx.counted ? "counted (hashbench_measure: instructions)" : "timed", first_path,
                                  counted ? "counted (hashbench_measure: instructions)" : "timed");
            failed = 1;
        }
        if (failed) {
            status = HB_TABLES_BAD_INPUT;
            goto done;
        }
        if (i == 0) {
            counted = ctx.counted;
            first_path = path;
        }
        if (!isnan(ctx.machine_variation))
            variations[nvariations++] = (struct hb_run_variation){ctx.label, ctx.machine_variation};
    }

    hb_tables_build_paired(&tables, &collector, paired ? &pairing : NULL, o->ranks ? &pairing : NULL, o->confidence,
                           o->alpha, o->noisy_pct);
    if (o->ranks && hb_tables_ranks(&tables, HB_RANKS_CONFIDENCE, error) != 0) {
        status = HB_TABLES_BAD_INPUT;
        goto done;
    }
    if (counted)
        hb_tables_exact(&tables, o->exact_change);
    hb_tables_shift(&tables);
    tables.show_shift = o->delta_ci;
    tables.min_change = o->verdict_pct;
    tables.variations = variations;
    tables.nvariations = nvariations;
    if (o->uncertain_pct > 0)
        hb_tables_note_uncertain(&tables, o->uncertain_pct);
    enum hb_adjust shown = HB_ADJUST_NONE, gated = HB_ADJUST_HOLM;
    if (o->adjust)
        hb_adjust_parse(o->adjust, &shown), gated = shown;
    hb_tables_adjust(&tables, shown);
    if (o->detectable)
        hb_tables_detectable(&tables, shown);
    if (o->rank)
        hb_tables_rank(&tables);
    if (o->verdict)
        hb_format_verdict(&tables, out, warnings);
    else
        hb_format_find(o->format)->write(&tables, out, warnings);
    if (o->gate && hb_find_regressions(&tables, o->regression_pct, gated, regressions))
        status = HB_TABLES_REGRESSION;
done:
    free(variations);
    hb_tables_free(&tables);
    hb_pairing_free(&pairing);
    hb_collector_free(&collector);
    hb_projections_free(&proj);
    hb_filter_free(filter);
    hb_filter_free(rank_filter);
    hb_intern_free(in);
    return status;
}

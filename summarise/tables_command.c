/* tables_command.c — inputs to formatted tables, as hbstat's flags say. Everything is read before
 * anything is written, so bad input leaves no partial output. */
#include "tables_command.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

enum hb_tables_status hb_tables_read(const struct hb_options *o, FILE *notes, struct hb_tables_run *run, char **error)
{
    *run = (struct hb_tables_run){.in = hb_intern_new()};
    struct hb_tables *tables = &run->tables;
    bool paired = strcmp(o->sample, "paired") == 0;
    /* -sample paired and -ranks need to know which input of its label every value came from. */
    bool ordinals = paired || o->ranks;
    run->variations = hb_xcalloc(o->ninputs + 1, sizeof *run->variations);
    size_t nvariations = 0;
    hb_collector_init(&run->collector, run->in, &run->proj, NULL);
    if (hb_filter_parse(o->filter, &run->filter, error) ||
        (o->ranks_filter && hb_filter_parse(o->ranks_filter, &run->rank_filter, error)) ||
        hb_projections_init(&run->proj, run->in, o->table, o->row, o->col, o->ignore, error))
        return HB_TABLES_BAD_FLAGS;
    hb_collector_init(&run->collector, run->in, &run->proj, run->filter);
    run->collector.rank_filter = run->rank_filter;

    bool counted = false;
    const char *first_path = NULL;
    note_pooling(o, notes);
    for (size_t i = 0; i < o->ninputs; i++) {
        const char *path;
        char *label;
        split_label(o->inputs[i], &path, &label);
        struct hb_read_context ctx = {.collector = &run->collector,
                                      .in = run->in,
                                      .label = hb_intern_cstr(run->in, label),
                                      .cpu_time = strcmp(o->metric, "cpu_time") == 0,
                                      .notes = notes,
                                      .machine_variation = NAN};
        free(label);
        struct hb_input_mark mark;
        hb_input_mark(&run->collector, &mark);
        int failed = hb_read_path(path, &ctx, error);
        if (failed || strcmp(o->sample, "repetition") == 0)
            free(mark.n);
        else if (ordinals)
            failed = hb_input_reduce_paired(&run->collector, &mark, &run->pairing, label_ordinal(o, i),
                                            paired ? "-sample paired" : "-ranks", error);
        else
            hb_input_reduce(&run->collector, &mark);
        if (!failed && i > 0 && ctx.counted != counted) {
            /* Instructions and seconds are different quantities: no comparison of one with the
             * other means anything, so the run stops here rather than printing separate tables. */
            *error = hb_xasprintf("%s is %s but %s is %s: counted and timed inputs cannot be compared in one run", path,
                                  ctx.counted ? "counted (hashbench_measure: instructions)" : "timed", first_path,
                                  counted ? "counted (hashbench_measure: instructions)" : "timed");
            failed = 1;
        }
        if (failed)
            return HB_TABLES_BAD_INPUT;
        if (i == 0) {
            counted = ctx.counted;
            first_path = path;
        }
        if (!isnan(ctx.machine_variation))
            run->variations[nvariations++] = (struct hb_run_variation){ctx.label, ctx.machine_variation};
    }

    if (counted)
        hb_tables_build_counted(tables, &run->collector, o->confidence, o->alpha, o->exact_change);
    else
        hb_tables_build_paired(tables, &run->collector, paired ? &run->pairing : NULL, o->ranks ? &run->pairing : NULL,
                               o->confidence, o->alpha, o->noisy_pct, (unsigned)o->pair_block);
    if (o->ranks && hb_tables_ranks(tables, HB_RANKS_CONFIDENCE, error) != 0)
        return HB_TABLES_BAD_INPUT;
    hb_tables_shift(tables);
    tables->show_shift = o->delta_ci;
    tables->variations = run->variations;
    tables->nvariations = nvariations;
    if (o->uncertain_pct > 0)
        hb_tables_note_uncertain(tables, o->uncertain_pct);
    enum hb_adjust shown = HB_ADJUST_NONE;
    if (o->adjust)
        hb_adjust_parse(o->adjust, &shown);
    hb_tables_adjust(tables, shown);
    if (o->detectable)
        hb_tables_detectable(tables, shown);
    if (o->rank)
        hb_tables_rank(tables);
    return HB_TABLES_DONE;
}

void hb_tables_write(const struct hb_tables_run *run, const char *format, struct hb_strbuf *out,
                     struct hb_strbuf *warnings)
{
    hb_format_find(format)->write(&run->tables, out, warnings);
}

enum hb_tables_status hb_tables_gate(const struct hb_options *o, const struct hb_tables_run *run,
                                     struct hb_strbuf *regressions)
{
    /* The gate adjusts over every unit together, by Holm unless -adjust names another method. */
    enum hb_adjust gated = HB_ADJUST_HOLM;
    if (o->adjust)
        hb_adjust_parse(o->adjust, &gated);
    if (o->gate && hb_find_regressions(&run->tables, o->regression_pct, gated, regressions))
        return HB_TABLES_REGRESSION;
    return HB_TABLES_DONE;
}

void hb_tables_run_free(struct hb_tables_run *run)
{
    free(run->variations);
    hb_tables_free(&run->tables);
    hb_pairing_free(&run->pairing);
    hb_collector_free(&run->collector);
    hb_projections_free(&run->proj);
    hb_filter_free(run->filter);
    hb_filter_free(run->rank_filter);
    hb_intern_free(run->in);
}

enum hb_tables_status hb_tables_command(const struct hb_options *o, FILE *notes, struct hb_strbuf *out,
                                        struct hb_strbuf *warnings, struct hb_strbuf *regressions, char **error)
{
    struct hb_tables_run run;
    enum hb_tables_status status = hb_tables_read(o, notes, &run, error);
    if (status == HB_TABLES_DONE) {
        hb_tables_write(&run, o->format, out, warnings);
        status = hb_tables_gate(o, &run, regressions);
    }
    hb_tables_run_free(&run);
    return status;
}

/* run_read.c — a run through the ordinary reader: the collector files each benchmark's values
 * under (unit, full name) with no columns, exactly as plain hbstat would with -col "" -table "",
 * and -filter applies as it does there. */
#include "run_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect.h"
#include "reader.h"
#include "run_path.h"
#include "sort_doubles.h"
#include "xalloc.h"

const char *const hb_run_context_keys[HB_RUN_CONTEXT_KEYS] = {
    "date",         "hashbench_version", "host_name", "num_cpus",   "cpu_model",  "compiler",
    "cxx_compiler", "c_flags",           "cxx_flags", "build_type", "sanitizers",
};

static void keep_context(void *arg, const char *key, size_t key_len, const char *value, size_t value_len)
{
    struct hb_history_input *run = arg;
    for (size_t i = 0; i < HB_RUN_CONTEXT_KEYS; i++)
        if (strlen(hb_run_context_keys[i]) == key_len && memcmp(hb_run_context_keys[i], key, key_len) == 0) {
            free(run->context[i]); /* a repeated member: the last one counts, as in most JSON readers */
            run->context[i] = hb_xstrndup(value, value_len);
        }
}

static size_t keep_text(struct hb_history_input *run, const char *text)
{
    size_t at = run->text.len;
    hb_strbuf_append(&run->text, text, strlen(text) + 1);
    return at;
}

/* The median as every hbstat table computes it: the middle value, or a + 0.5 (b - a). */
static double median(double *values, size_t n)
{
    hb_sort_doubles(values, n);
    if (n % 2)
        return values[n / 2];
    double a = values[n / 2 - 1], b = values[n / 2];
    return a + 0.5 * (b - a);
}

static void keep_values(struct hb_history_input *run, struct hb_collector *c, struct hb_intern *in)
{
    /* The same unit and name come back in every cell: remember their offsets once. */
    size_t *unit_at = hb_xmalloc((c->ntables ? c->ntables : 1) * sizeof *unit_at);
    for (size_t t = 0; t < c->ntables; t++)
        unit_at[t] = keep_text(run, hb_str_text(in, c->tables[t].unit));
    struct hb_u32map name_at = {0};
    for (size_t i = 0; i < c->ncells; i++) {
        struct hb_cell *cell = &c->cells[i];
        size_t nkey;
        hb_str name = hb_tuple_vals(in, cell->row, &nkey)[0];
        uint32_t at;
        if (!hb_u32map_get(&name_at, name, &at)) {
            at = (uint32_t)keep_text(run, hb_str_text(in, name));
            hb_u32map_put(&name_at, name, at);
        }
        hb_grow((void **)&run->values, &run->values_cap, run->nvalues + 1, sizeof *run->values);
        run->values[run->nvalues++] =
            (struct hb_history_input_value){at, unit_at[cell->table], median(cell->values, cell->n)};
    }
    hb_u32map_free(&name_at);
    free(unit_at);
}

int hb_history_input_read(struct hb_history_input *run, const char *arg, const struct hb_filter *filter, bool cpu_time,
                          char **error)
{
    *run = (struct hb_history_input){.arg = hb_xstrdup(arg)};
    if (hb_run_locate(arg, &run->file, &run->label, error))
        return -1;
    struct hb_intern *in = hb_intern_new();
    struct hb_projections proj = {0};
    struct hb_collector collector;
    char *notes_text = NULL;
    size_t notes_len = 0;
    FILE *notes = open_memstream(&notes_text, &notes_len);
    if (!notes)
        hb_out_of_memory(1, BUFSIZ);
    int rc = hb_projections_init(&proj, in, "", ".fullname", "", "", error);
    if (rc == 0) {
        hb_collector_init(&collector, in, &proj, filter);
        struct hb_read_context ctx = {.collector = &collector,
                                      .in = in,
                                      .label = hb_intern_cstr(in, run->label),
                                      .cpu_time = cpu_time,
                                      .notes = notes,
                                      .context_member = keep_context,
                                      .context_arg = run};
        rc = hb_read_path(run->file, &ctx, error);
        if (rc == 0) {
            keep_values(run, &collector, in);
            run->counted = ctx.counted;
        }
        hb_collector_free(&collector);
    }
    fclose(notes);
    hb_strbuf_append(&run->notes, notes_text, notes_len);
    free(notes_text);
    hb_projections_free(&proj);
    hb_intern_free(in);
    return rc;
}

void hb_history_input_free(struct hb_history_input *run)
{
    free(run->arg);
    free(run->file);
    free(run->label);
    for (size_t i = 0; i < HB_RUN_CONTEXT_KEYS; i++)
        free(run->context[i]);
    hb_strbuf_free(&run->text);
    free(run->values);
    hb_strbuf_free(&run->notes);
    *run = (struct hb_history_input){0};
}

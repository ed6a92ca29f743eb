/* gbench_row.c — one Google Benchmark iteration row, once yajl has walked it: aggregate rows are
 * skipped; error and skipped repetitions are noted (consecutive ones of a benchmark as one line),
 * never counted; real_time (or cpu_time) in its time_unit becomes sec/op, bytes_per_second B/s,
 * and every other numeric member a user counter under its own name. NaN and infinite values are
 * left out and counted. Rows read before the context are kept until it is known. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbench_state.h"
#include "units.h"
#include "xalloc.h"

static const struct {
    const char *unit;
    double seconds;
} time_units[] = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};

int hb_gbench_fail(struct parse_state *s, char *message)
{
    if (!s->error)
        s->error = message;
    else
        free(message);
    return 0; /* yajl: stop parsing */
}

const char *hb_gbench_row_label(struct parse_state *s)
{
    struct hb_intern *in = s->ctx->in;
    hb_str name = s->row.has_run_name ? s->row.run_name : s->row.name;
    if (!s->row.has_run_name && !s->row.has_name)
        return "(no name)";
    const char *text = hb_str_text(in, name);
    size_t len = hb_str_len(in, name), n = 0, room = sizeof s->label - 4;
    for (size_t i = 0; i < len && n < room; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x20 || c == 0x7f) {
            if (n + 4 > room)
                break;
            n += (size_t)snprintf(s->label + n, 5, "\\x%02x", c);
        } else {
            s->label[n++] = (char)c;
        }
    }
    if (n < len && (n >= room || len > room))
        memcpy(s->label + (n < room ? n : room), "...", 3), n = (n < room ? n : room) + 3;
    s->label[n] = '\0';
    return s->label;
}

static hb_tuple file_config(struct parse_state *s)
{
    if (!s->config_id_valid) {
        s->config_id = hb_intern_tuple(s->ctx->in, s->config, s->nconfig);
        s->config_id_valid = true;
    }
    return s->config_id;
}

/* A counted run's values go on only when they are exact counts: its times are valgrind's, many
 * times slower than the code runs natively, and so is whatever was derived from them. */
static void deliver(struct parse_state *s, hb_str name, struct hb_value *values, size_t n)
{
    if (s->ctx->counted) {
        size_t kept = 0;
        for (size_t i = 0; i < n; i++)
            if (hb_unit_exact_count(hb_str_text(s->ctx->in, values[i].unit)))
                values[kept++] = values[i];
        n = kept;
        if (!n)
            return;
    }
    struct hb_origin o = {
        {hb_str_text(s->ctx->in, name), hb_str_len(s->ctx->in, name), false}, s->ctx->label, file_config(s)};
    hb_collector_add(s->ctx->collector, &o, name, values, n);
}

/* Adds v to the row's values unless it is NaN or infinite (counted and noted at the end). */
static void push_value(struct parse_state *s, size_t *n, double v, hb_str unit)
{
    if (!isfinite(v)) {
        s->nonfinite++;
        return;
    }
    hb_grow((void **)&s->values, &s->values_cap, *n + 1, sizeof *s->values);
    s->values[(*n)++] = (struct hb_value){v, unit, 0};
}

/* Notes the pending run of error or skipped repetitions on ctx->notes. */
void hb_gbench_note_failure(struct parse_state *s)
{
    struct failure *f = &s->failure;
    if (!f->count)
        return;
    struct hb_intern *in = s->ctx->in;
    fprintf(s->ctx->notes, "hbstat: %s: %s: %s%s%s (%zu %s left out)\n", s->path, hb_str_text(in, f->name),
            f->skipped ? "skipped" : "error", f->has_message ? ": " : "",
            f->has_message ? hb_str_text(in, f->message) : "", f->count, f->count == 1 ? "repetition" : "repetitions");
    f->count = 0;
}

int hb_gbench_finish_row(struct parse_state *s)
{
    struct row *r = &s->row;
    struct hb_intern *in = s->ctx->in;
    if (r->aggregate || r->not_iteration)
        return 1;
    if (!r->has_run_name && !r->has_name)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu: missing \"name\"", s->path, s->row_index));
    hb_str name = r->has_run_name ? r->run_name : r->name;
    s->iteration_rows++;
    if (r->failed) {
        struct failure *f = &s->failure;
        bool has_message = r->message != 0;
        if (f->count && (f->name != name || f->skipped != r->skipped || f->message != r->message))
            hb_gbench_note_failure(s);
        *f = (struct failure){name, r->message, r->skipped, has_message, f->count + 1};
        if (s->ctx->failed_row)
            s->ctx->failed_row(s->ctx->failed_arg, hb_str_text(in, name),
                               has_message ? hb_str_text(in, r->message) : "", r->skipped);
        return 1;
    }
    bool cpu = s->ctx->cpu_time;
    if (cpu ? !r->has_cpu_time : !r->has_real_time)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu (%s): missing \"%s\"", s->path, s->row_index,
                                              hb_gbench_row_label(s), cpu ? "cpu_time" : "real_time"));
    if (!r->has_time_unit)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu (%s): missing \"time_unit\"", s->path, s->row_index,
                                              hb_gbench_row_label(s)));
    double seconds = r->seconds_per_unit;
    if (seconds == 0)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu (%s): unknown time_unit \"%s\"", s->path,
                                              s->row_index, hb_gbench_row_label(s), hb_str_text(in, r->time_unit)));
    double time = cpu ? r->cpu_time : r->real_time;
    if (time < 0)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu (%s): negative \"%s\" %g", s->path, s->row_index,
                                              hb_gbench_row_label(s), cpu ? "cpu_time" : "real_time", time));
    size_t n = 0;
    push_value(s, &n, time * seconds, s->sec_per_op);
    if (r->has_bytes_per_second)
        push_value(s, &n, r->bytes_per_second, s->bytes_per_second);
    for (size_t i = 0; i < r->ncounters; i++)
        push_value(s, &n, r->counters[i].value, r->counters[i].unit);
    if (!n)
        return 1;
    if (s->config_final) {
        deliver(s, name, s->values, n);
        return 1;
    }
    /* The context has not been read yet: keep the row until it has. */
    hb_grow((void **)&s->staged, &s->staged_cap, s->nstaged + 1, sizeof *s->staged);
    struct hb_value *copy = hb_xmalloc(n * sizeof *copy);
    memcpy(copy, s->values, n * sizeof *copy);
    s->staged[s->nstaged++] = (struct staged){name, copy, n};
    return 1;
}

void hb_gbench_deliver_staged(struct parse_state *s)
{
    s->config_final = true;
    for (size_t i = 0; i < s->nstaged; i++)
        deliver(s, s->staged[i].name, s->staged[i].values, s->staged[i].n);
}

double hb_gbench_seconds_per_unit(const char *unit, size_t len)
{
    for (size_t i = 0; i < sizeof time_units / sizeof *time_units; i++)
        if (strlen(time_units[i].unit) == len && memcmp(time_units[i].unit, unit, len) == 0)
            return time_units[i].seconds;
    return 0;
}

hb_str hb_gbench_cached_intern(struct hb_intern *in, struct name_cache *cache, const char *text, size_t len)
{
    if (cache->valid && cache->len == len && memcmp(cache->text, text, len) == 0)
        return cache->id;
    hb_str id = hb_intern_str(in, text, len);
    if (len <= sizeof cache->text) {
        memcpy(cache->text, text, len);
        cache->len = len;
        cache->id = id;
        cache->valid = true;
    }
    return id;
}

void hb_gbench_free_state(struct parse_state *s)
{
    for (size_t i = 0; i < s->nstaged; i++)
        free(s->staged[i].values);
    free(s->staged);
    free(s->values);
    free(s->config);
    free(s->row.counters);
}

/* gbench_json.c — Google Benchmark JSON, streamed through common's path reader
 * (hb_json_reader.h): only the current row is held, and each finished row goes to gbench_row.c. The context keys host_name, num_cpus and
 * cpu_model become the file's configuration; unknown members are ignored. Bare NaN and Infinity
 * are made acceptable to yajl by json_nonfinite.c before it sees the bytes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gbench_state.h"
#include "hb_json_reader.h"
#include "json_nonfinite.h"
#include "parse_double.h"
#include "reader.h"
#include "units.h"
#include "xalloc.h"

/* Keys are arrays, so a key of length len is the one whose byte len is its end: no lengths to work
 * out at run time, and nothing here is written while files are read (-history reads several at once). */
static const struct {
    char key[28];
    enum member member;
} members[] = {
    /* In the order Google Benchmark writes them, which member_of tries first. */
    {"name", M_NAME},
    {"family_index", M_NOT_A_COUNTER},
    {"per_family_instance_index", M_NOT_A_COUNTER},
    {"run_name", M_RUN_NAME},
    {"run_type", M_RUN_TYPE},
    {"repetitions", M_NOT_A_COUNTER},
    {"repetition_index", M_NOT_A_COUNTER},
    {"threads", M_NOT_A_COUNTER},
    {"aggregate_name", M_AGGREGATE_NAME},
    {"iterations", M_ITERATIONS},
    {"real_time", M_REAL_TIME},
    {"cpu_time", M_CPU_TIME},
    {"time_unit", M_TIME_UNIT},
    {"bytes_per_second", M_BYTES_PER_SECOND},
    {"items_per_second", M_NOT_A_COUNTER},
    {"error_occurred", M_ERROR_OCCURRED},
    {"error_message", M_ERROR_MESSAGE},
    {"skipped", M_SKIPPED},
    {"skip_message", M_SKIP_MESSAGE},
};

enum { NMEMBERS = sizeof members / sizeof *members };

/* The context keys that split tables (docs/statistics.md, "Samples"). */
static const char *const config_keys[] = {"host_name", "num_cpus", "cpu_model"};

/* Which member a row key is. Rows list their members in one order, so the entry after the last
 * match is tried first. */
static enum member member_of(struct parse_state *s, const char *key, size_t len)
{
    size_t guess = s->next_member;
    for (size_t k = 0; k < NMEMBERS; k++) {
        size_t i = (guess + k) % NMEMBERS;
        if (len < sizeof members[i].key && members[i].key[len] == '\0' && memcmp(members[i].key, key, len) == 0) {
            s->next_member = i + 1;
            return members[i].member;
        }
    }
    return M_COUNTER;
}

/* ---- the path reader's events ---- */

/* The members read as text or as numbers: a value of the other kind is an error that says so,
 * never "missing". */
static bool is_string_member(enum member m)
{
    return m == M_NAME || m == M_RUN_NAME || m == M_TIME_UNIT;
}

static bool is_number_member(enum member m)
{
    return m == M_REAL_TIME || m == M_CPU_TIME || m == M_BYTES_PER_SECOND || m == M_ITERATIONS;
}

static const char *member_name(enum member m)
{
    for (size_t i = 0; i < NMEMBERS; i++)
        if (members[i].member == m)
            return members[i].key;
    return "?";
}

/* For a value that is not a string: 0 (with the error) when the member must be one. */
static int string_member_ok(struct parse_state *s)
{
    if (!is_string_member(s->row_member))
        return 1;
    return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu: \"%s\" is not a string", s->path, s->row_index,
                                          member_name(s->row_member)));
}

/* For a value that is not a number: 0 (with the error) when the member must be one. */
static int number_member_ok(struct parse_state *s)
{
    if (!is_number_member(s->row_member))
        return 1;
    return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu (%s): \"%s\" is not a number", s->path, s->row_index,
                                          hb_gbench_row_label(s), member_name(s->row_member)));
}

static void scalar_text(struct parse_state *s, const char *text, size_t len)
{
    if (s->in_context && s->depth == 2 && s->ctx->context_member)
        s->ctx->context_member(s->ctx->context_arg, s->p->steps[1].key, s->p->steps[1].key_len, text, len);
    if (s->in_context && s->depth == 2 && s->context_key >= 0) {
        struct hb_intern *in = s->ctx->in;
        hb_grow((void **)&s->config, &s->config_cap, s->nconfig + 2, sizeof *s->config);
        s->config[s->nconfig++] = hb_intern_cstr(in, config_keys[s->context_key]);
        s->config[s->nconfig++] = hb_intern_str(in, text, len);
        s->config_id_valid = false;
    }
}

/* hashbench's context key machine_variation: a decimal number and "%" ("12.3%") is that many
 * percent; any other value (hashbench writes "not measured: ..." when it could not measure)
 * leaves it unknown (NaN). */
static void read_variation(struct parse_state *s, const char *text, size_t len)
{
    size_t digits = 0, points = 0;
    for (size_t i = 0; i + 1 < len; i++) {
        digits += text[i] >= '0' && text[i] <= '9';
        points += text[i] == '.';
    }
    double v = NAN;
    if (len >= 2 && len < 64 && text[len - 1] == '%' && digits >= 1 && points <= 1 && digits + points == len - 1) {
        char number[64];
        memcpy(number, text, len - 1);
        number[len - 1] = '\0';
        v = strtod(number, NULL);
    }
    s->ctx->machine_variation = v;
}

/* hashbench's context key hashbench_measure: "instructions" marks a counted run (its values are
 * instruction counts under valgrind), "time" a timed one, as a run without the key is. Any other
 * value is refused rather than guessed at. */
static int read_measure(struct parse_state *s, const char *text, size_t len)
{
    if (len == 12 && memcmp(text, "instructions", 12) == 0)
        s->ctx->counted = true;
    else if (!(len == 4 && memcmp(text, "time", 4) == 0))
        return hb_gbench_fail(
            s, hb_xasprintf("%s: context: hashbench_measure \"%.*s\" is neither \"instructions\" nor \"time\"", s->path,
                            (int)(len < 64 ? len : 64), text));
    return 1;
}

static int check_top_scalar(struct parse_state *s)
{
    if (s->depth == 0)
        return hb_gbench_fail(s,
                              hb_xasprintf("%s: not Google Benchmark JSON: the top level is not an object", s->path));
    if (s->depth == 1 && s->top_key == 2)
        return hb_gbench_fail(s, hb_xasprintf("%s: \"benchmarks\" is not an array", s->path));
    return 1;
}

static int on_null(struct parse_state *s)
{
    if (s->in_row && s->depth == 3 && (!string_member_ok(s) || !number_member_ok(s)))
        return 0;
    return check_top_scalar(s);
}

static int on_boolean(struct parse_state *s, bool value)
{
    if (!check_top_scalar(s))
        return 0;
    if (s->in_row && s->depth == 3 && (!string_member_ok(s) || !number_member_ok(s)))
        return 0;
    scalar_text(s, value ? "true" : "false", value ? 4 : 5);
    if (s->in_row && s->depth == 3 && (s->row_member == M_ERROR_OCCURRED || s->row_member == M_SKIPPED) && value) {
        s->row.failed = true;
        s->row.skipped = s->row_member == M_SKIPPED;
    }
    return 1;
}

static int on_number(struct parse_state *s, const char *text, size_t len)
{
    if (!check_top_scalar(s))
        return 0;
    scalar_text(s, text, len);
    if (!s->in_row || s->depth != 3)
        return 1;
    if (!string_member_ok(s))
        return 0;
    if (s->row_member == M_ITERATIONS && len && text[0] == '-')
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu (%s): negative \"iterations\" %.*s", s->path,
                                              s->row_index, hb_gbench_row_label(s), (int)(len < 40 ? len : 40), text));
    if (s->row.aggregate || s->row.not_iteration) /* skipped whole once finished (gbench_row.c) */
        return 1;
    switch (s->row_member) { /* convert only what is used */
    case M_COUNTER:
    case M_BYTES_PER_SECOND: break;
    case M_REAL_TIME:
        if (s->ctx->cpu_time)
            return 1;
        break;
    case M_CPU_TIME:
        if (!s->ctx->cpu_time)
            return 1;
        break;
    default: return 1;
    }
    double v;
    if (len == strlen(HB_JSON_NAN_SPELLING) && memcmp(text, HB_JSON_NAN_SPELLING, len) == 0) {
        v = NAN;
    } else if (!hb_parse_double(text, len, &v)) {
        v = NAN; /* yajl has checked the syntax; only an overlong number gets here */
    }
    struct row *r = &s->row;
    switch (s->row_member) {
    case M_REAL_TIME:
        r->real_time = v;
        r->has_real_time = true;
        break;
    case M_CPU_TIME:
        r->cpu_time = v;
        r->has_cpu_time = true;
        break;
    case M_BYTES_PER_SECOND:
        r->bytes_per_second = v;
        r->has_bytes_per_second = true;
        break;
    case M_COUNTER: {
        size_t k = r->ncounters;
        const struct hb_json_step *key = &s->p->steps[2];
        hb_str unit = k < sizeof s->counters / sizeof *s->counters
                          ? hb_gbench_cached_intern(s->ctx->in, &s->counters[k], key->key, key->key_len)
                          : hb_intern_str(s->ctx->in, key->key, key->key_len);
        hb_grow((void **)&r->counters, &r->counters_cap, k + 1, sizeof *r->counters);
        r->counters[r->ncounters++] = (struct counter){unit, v};
        break;
    }
    default: break;
    }
    return 1;
}

static int on_string(struct parse_state *s, const char *text, size_t len)
{
    if (!check_top_scalar(s))
        return 0;
    scalar_text(s, text, len);
    if (s->in_context && s->depth == 2 && s->variation_key)
        read_variation(s, text, len);
    if (s->in_context && s->depth == 2 && s->measure_key && !read_measure(s, text, len))
        return 0;
    if (!s->in_row || s->depth != 3)
        return 1;
    if (!number_member_ok(s))
        return 0;
    struct row *r = &s->row;
    const char *t = text;
    switch (s->row_member) {
    case M_NAME:
        r->name = memchr(t, '\0', len) ? hb_intern_name(s->ctx->in, t, len)
                                       : hb_gbench_cached_intern(s->ctx->in, &s->names[0], t, len);
        r->has_name = true;
        break;
    case M_RUN_NAME:
        r->run_name = memchr(t, '\0', len) ? hb_intern_name(s->ctx->in, t, len)
                                           : hb_gbench_cached_intern(s->ctx->in, &s->names[1], t, len);
        r->has_run_name = true;
        break;
    case M_RUN_TYPE: r->not_iteration = !(len == 9 && memcmp(t, "iteration", 9) == 0); break;
    case M_TIME_UNIT:
        r->has_time_unit = true;
        r->seconds_per_unit = hb_gbench_seconds_per_unit(t, len);
        if (r->seconds_per_unit == 0)
            r->time_unit = hb_intern_str(s->ctx->in, t, len);
        break;
    case M_ERROR_MESSAGE:
    case M_SKIP_MESSAGE: r->message = hb_intern_str(s->ctx->in, t, len); break;
    default: break;
    }
    return 1;
}

static int on_map_key(struct parse_state *s, const char *key, size_t len)
{
    if (s->depth == 1) {
        s->top_key = len == 7 && memcmp(key, "context", 7) == 0        ? 1
                     : len == 10 && memcmp(key, "benchmarks", 10) == 0 ? 2
                                                                       : 0;
    } else if (s->in_context && s->depth == 2) {
        s->context_key = -1;
        s->variation_key = len == 17 && memcmp(key, "machine_variation", 17) == 0;
        s->measure_key = len == 17 && memcmp(key, "hashbench_measure", 17) == 0;
        for (int i = 0; i < (int)(sizeof config_keys / sizeof *config_keys); i++)
            if (strlen(config_keys[i]) == len && memcmp(config_keys[i], key, len) == 0)
                s->context_key = i;
    } else if (s->in_row && s->depth == 3) {
        s->row_member = member_of(s, key, len);
        if (s->row_member == M_AGGREGATE_NAME)
            s->row.aggregate = true;
    }
    return 1;
}

static int on_start_map(struct parse_state *s)
{
    if (s->in_row && s->depth == 4 && !(string_member_ok(s) && number_member_ok(s)))
        return 0;
    if (s->depth == 2 && s->top_key == 1) {
        s->in_context = true;
        s->nconfig = 0;
        s->config_id_valid = false;
    } else if (s->depth == 2 && s->top_key == 2)
        return hb_gbench_fail(s, hb_xasprintf("%s: \"benchmarks\" is not an array", s->path));
    else if (s->depth == 3 && s->in_benchmarks) {
        s->in_row = true;
        s->row_index++;
        struct counter *keep = s->row.counters;
        size_t keep_cap = s->row.counters_cap;
        s->row = (struct row){0};
        s->row.counters = keep;
        s->row.counters_cap = keep_cap;
        s->row_member = M_NOT_A_COUNTER;
    }
    return 1;
}

static int on_end_map(struct parse_state *s)
{
    int ok = 1;
    if (s->depth == 3 && s->in_row) {
        s->in_row = false;
        ok = hb_gbench_finish_row(s);
    } else if (s->depth == 2 && s->in_context) {
        s->in_context = false;
        s->config_final = true;
    }
    return ok;
}

static int on_start_array(struct parse_state *s)
{
    if (s->in_row && s->depth == 4 && !(string_member_ok(s) && number_member_ok(s)))
        return 0;
    if (s->depth == 1)
        return hb_gbench_fail(
            s, hb_xasprintf("%s: not Google Benchmark JSON: the top level is an array, not an object", s->path));
    if (s->depth == 2 && s->top_key == 2) {
        s->in_benchmarks = true;
        s->saw_benchmarks = true;
    } else if (s->depth == 3 && s->in_benchmarks) {
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu is not an object", s->path, s->row_index + 1));
    }
    return 1;
}

static int on_end_array(struct parse_state *s)
{
    if (s->depth == 2 && s->in_benchmarks)
        s->in_benchmarks = false;
    return 1;
}

static int on_scalar_in_benchmarks(struct parse_state *s)
{
    if (s->in_benchmarks && s->depth == 2)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu is not an object", s->path, s->row_index + 1));
    return 1;
}

/* Each event with the depth the structure checks count in: the containers open around a value or
 * key, and around a container's members as it opens or closes. */
static int on_event(void *arg, const struct hb_json_path *path, enum hb_json_event event, const char *text, size_t len)
{
    struct parse_state *s = arg;
    s->p = path;
    s->depth = path->depth;
    switch (event) {
    case HB_JSON_NULL: return on_scalar_in_benchmarks(s) && on_null(s);
    case HB_JSON_BOOL: return on_scalar_in_benchmarks(s) && on_boolean(s, text[0] == 't');
    case HB_JSON_NUMBER: return on_scalar_in_benchmarks(s) && on_number(s, text, len);
    case HB_JSON_STRING: return on_scalar_in_benchmarks(s) && on_string(s, text, len);
    case HB_JSON_KEY: return on_map_key(s, text, len);
    case HB_JSON_MAP_OPEN: s->depth++; return on_start_map(s);
    case HB_JSON_MAP_CLOSE: s->depth++; return on_end_map(s);
    case HB_JSON_ARRAY_OPEN: s->depth++; return on_start_array(s);
    case HB_JSON_ARRAY_CLOSE: s->depth++; return on_end_array(s);
    }
    return 1;
}

/* yajl holds a number or literal that spans two chunks in a buffer of its own, which grows with
 * the token. The length of the bare token (outside strings) still open at the end of buf[0..len)
 * is tracked here, so a file of endless digits is refused at HB_MAX_JSON_STRING bytes instead of
 * growing that buffer without bound. */
static size_t open_bare_token(const char *buf, size_t len, size_t open_before, bool in_string)
{
    if (in_string)
        return 0;
    size_t run = 0;
    while (run < len) {
        char c = buf[len - 1 - run];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '{' || c == '}' || c == '[' || c == ']' ||
            c == ':' || c == ',' || c == '"')
            return run;
        run++;
    }
    return open_before + run;
}

/* The reader's error: the row's or the context's when one stopped the file, else the path
 * reader's, saying where malformed text is. */
static char *stop_reason(struct parse_state *s, struct hb_json_reader *r, size_t offset)
{
    char *error = s->error;
    s->error = NULL;
    if (error)
        return error;
    char where[64] = "";
    if (hb_json_reader_malformed(r))
        hb_input_describe_offset(s->path, offset, where, sizeof where);
    return hb_json_reader_error(r, where);
}

int hb_read_gbench_json(struct hb_input *in, struct hb_read_context *ctx, char **error)
{
    struct parse_state s = {.ctx = ctx, .path = in->path, .context_key = -1};
    s.sec_per_op = hb_intern_cstr(ctx->in, "sec/op");
    s.bytes_per_second = hb_intern_cstr(ctx->in, "B/s");
    hb_collector_observe_unit(ctx->collector, s.sec_per_op);
    hb_collector_observe_unit(ctx->collector, s.bytes_per_second);
    struct hb_json_reader *r =
        hb_json_reader_new(in->path, (struct hb_json_limits){HB_MAX_JSON_DEPTH, HB_MAX_JSON_STRING}, on_event, &s);
    struct hb_json_lexstate lex = {0};
    size_t bare_token = 0;
    int rc = 0;
    for (;;) {
        size_t ready = hb_json_rewrite_nonfinite(&lex, in->buf, in->len, in->eof);
        if (lex.in_string && lex.string_bytes > HB_MAX_JSON_STRING) {
            *error = hb_xasprintf("%s: a JSON string longer than %d bytes (1 MiB), the longest allowed, before "
                                  "byte offset %zu",
                                  in->path, HB_MAX_JSON_STRING, in->offset + ready);
            rc = -1;
            break;
        }
        bare_token = open_bare_token(in->buf, ready, bare_token, lex.in_string);
        if (bare_token > HB_MAX_JSON_STRING) {
            *error = hb_xasprintf("%s: a JSON number or literal longer than %d bytes (1 MiB), the longest "
                                  "allowed, before byte offset %zu",
                                  in->path, HB_MAX_JSON_STRING, in->offset + ready);
            rc = -1;
            break;
        }
        if (ready) {
            size_t consumed = 0;
            if (hb_json_reader_feed(r, in->buf, ready, &consumed)) {
                *error = stop_reason(&s, r, in->offset + consumed);
                rc = -1;
                break;
            }
            hb_input_consume(in, ready);
        }
        if (in->eof)
            break;
        if (hb_input_advance(in, error) < 0) {
            rc = -1;
            break;
        }
    }
    if (rc == 0 && hb_json_reader_finish(r)) {
        *error = stop_reason(&s, r, in->offset);
        rc = -1;
    }
    if (rc == 0 && !s.saw_benchmarks) {
        *error = hb_xasprintf("%s: not Google Benchmark JSON: no \"benchmarks\" array", in->path);
        rc = -1;
    }
    if (rc == 0) {
        hb_gbench_note_failure(&s);
        hb_gbench_deliver_staged(&s);
        if (s.nonfinite)
            fprintf(ctx->notes, "hbstat: %s: %zu NaN or infinite values left out\n", in->path, s.nonfinite);
        if (!s.iteration_rows)
            fprintf(ctx->notes, "hbstat: %s: no iteration rows\n", in->path);
    }
    free(s.error);
    hb_gbench_free_state(&s);
    hb_json_reader_free(r);
    return rc;
}

/* gbench_json.c — Google Benchmark JSON, streamed through yajl's callbacks: only the current row
 * is held, and each finished row goes to gbench_row.c. The context keys host_name, num_cpus and
 * cpu_model become the file's configuration; unknown members are ignored. Bare NaN and Infinity
 * are made acceptable to yajl by json_nonfinite.c before it sees the bytes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "gbench_state.h"
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

/* ---- yajl callbacks ---- */

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
        s->ctx->context_member(s->ctx->context_arg, s->context_name, s->context_name_len, text, len);
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

static int on_null(void *arg)
{
    struct parse_state *s = arg;
    if (s->in_row && s->depth == 3 && (!string_member_ok(s) || !number_member_ok(s)))
        return 0;
    return check_top_scalar(s);
}

static int on_boolean(void *arg, int value)
{
    struct parse_state *s = arg;
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

static int on_number(void *arg, const char *text, size_t len)
{
    struct parse_state *s = arg;
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
        hb_str unit = k < sizeof s->counters / sizeof *s->counters
                          ? hb_gbench_cached_intern(s->ctx->in, &s->counters[k], s->row_key, s->row_key_len)
                          : hb_intern_str(s->ctx->in, s->row_key, s->row_key_len);
        hb_grow((void **)&r->counters, &r->counters_cap, k + 1, sizeof *r->counters);
        r->counters[r->ncounters++] = (struct counter){unit, v};
        break;
    }
    default: break;
    }
    return 1;
}

static int string_length_ok(struct parse_state *s, size_t len)
{
    if (len <= HB_MAX_JSON_STRING)
        return 1;
    return hb_gbench_fail(s, hb_xasprintf("%s: a JSON string of %zu bytes, past the longest allowed, %d (1 MiB)",
                                          s->path, len, HB_MAX_JSON_STRING));
}

static int on_string(void *arg, const unsigned char *text, size_t len)
{
    struct parse_state *s = arg;
    if (!string_length_ok(s, len))
        return 0;
    if (!check_top_scalar(s))
        return 0;
    scalar_text(s, (const char *)text, len);
    if (s->in_context && s->depth == 2 && s->variation_key)
        read_variation(s, (const char *)text, len);
    if (s->in_context && s->depth == 2 && s->measure_key && !read_measure(s, (const char *)text, len))
        return 0;
    if (!s->in_row || s->depth != 3)
        return 1;
    if (!number_member_ok(s))
        return 0;
    struct row *r = &s->row;
    const char *t = (const char *)text;
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

static int on_map_key(void *arg, const unsigned char *key, size_t len)
{
    struct parse_state *s = arg;
    if (!string_length_ok(s, len))
        return 0;
    if (s->depth == 1) {
        s->top_key = len == 7 && memcmp(key, "context", 7) == 0        ? 1
                     : len == 10 && memcmp(key, "benchmarks", 10) == 0 ? 2
                                                                       : 0;
    } else if (s->in_context && s->depth == 2) {
        s->context_key = -1;
        s->context_name_len = len < sizeof s->context_name ? len : sizeof s->context_name;
        memcpy(s->context_name, key, s->context_name_len);
        s->variation_key = len == 17 && memcmp(key, "machine_variation", 17) == 0;
        s->measure_key = len == 17 && memcmp(key, "hashbench_measure", 17) == 0;
        for (int i = 0; i < (int)(sizeof config_keys / sizeof *config_keys); i++)
            if (strlen(config_keys[i]) == len && memcmp(config_keys[i], key, len) == 0)
                s->context_key = i;
    } else if (s->in_row && s->depth == 3) {
        s->row_member = member_of(s, (const char *)key, len);
        if (s->row_member == M_AGGREGATE_NAME)
            s->row.aggregate = true;
        if (s->row_member == M_COUNTER) {
            if (len >= sizeof s->row_key)
                len = sizeof s->row_key - 1;
            memcpy(s->row_key, key, len);
            s->row_key_len = len;
        }
    }
    return 1;
}

static int nesting_ok(struct parse_state *s)
{
    if (s->depth <= HB_MAX_JSON_DEPTH)
        return 1;
    return hb_gbench_fail(
        s, hb_xasprintf("%s: JSON nested deeper than %d levels, the deepest allowed", s->path, HB_MAX_JSON_DEPTH));
}

static int on_start_map(void *arg)
{
    struct parse_state *s = arg;
    s->depth++;
    if (!nesting_ok(s))
        return 0;
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

static int on_end_map(void *arg)
{
    struct parse_state *s = arg;
    int ok = 1;
    if (s->depth == 3 && s->in_row) {
        s->in_row = false;
        ok = hb_gbench_finish_row(s);
    } else if (s->depth == 2 && s->in_context) {
        s->in_context = false;
        s->config_final = true;
    }
    s->depth--;
    return ok;
}

static int on_start_array(void *arg)
{
    struct parse_state *s = arg;
    s->depth++;
    if (!nesting_ok(s))
        return 0;
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

static int on_end_array(void *arg)
{
    struct parse_state *s = arg;
    if (s->depth == 2 && s->in_benchmarks)
        s->in_benchmarks = false;
    s->depth--;
    return 1;
}

static int on_scalar_in_benchmarks(struct parse_state *s)
{
    if (s->in_benchmarks && s->depth == 2)
        return hb_gbench_fail(s, hb_xasprintf("%s: benchmark #%zu is not an object", s->path, s->row_index + 1));
    return 1;
}

static int on_null_checked(void *arg)
{
    return on_scalar_in_benchmarks(arg) && on_null(arg);
}

static int on_boolean_checked(void *arg, int value)
{
    return on_scalar_in_benchmarks(arg) && on_boolean(arg, value);
}

static int on_number_checked(void *arg, const char *text, size_t len)
{
    return on_scalar_in_benchmarks(arg) && on_number(arg, text, len);
}

static int on_string_checked(void *arg, const unsigned char *text, size_t len)
{
    return on_scalar_in_benchmarks(arg) && on_string(arg, text, len);
}

static const yajl_callbacks callbacks = {
    .yajl_null = on_null_checked,
    .yajl_boolean = on_boolean_checked,
    .yajl_number = on_number_checked,
    .yajl_string = on_string_checked,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_map_key,
    .yajl_end_map = on_end_map,
    .yajl_start_array = on_start_array,
    .yajl_end_array = on_end_array,
};

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

static char *syntax_error(yajl_handle h, const char *path, size_t offset, bool at_end)
{
    unsigned char *msg = yajl_get_error(h, 0, NULL, 0);
    char *text = hb_xstrdup((const char *)msg);
    yajl_free_error(h, msg);
    size_t len = strlen(text);
    while (len && (text[len - 1] == '\n' || text[len - 1] == '.' || text[len - 1] == ' '))
        text[--len] = '\0';
    char where[64];
    hb_input_describe_offset(path, offset, where, sizeof where);
    char *error = at_end ? hb_xasprintf("%s: truncated: the JSON text ends early, at %s (%s)", path, where, text)
                         : hb_xasprintf("%s: malformed JSON at %s: %s", path, where, text);
    free(text);
    return error;
}

int hb_read_gbench_json(struct hb_input *in, struct hb_read_context *ctx, char **error)
{
    struct parse_state s = {.ctx = ctx, .path = in->path, .context_key = -1};
    s.sec_per_op = hb_intern_cstr(ctx->in, "sec/op");
    s.bytes_per_second = hb_intern_cstr(ctx->in, "B/s");
    hb_collector_observe_unit(ctx->collector, s.sec_per_op);
    hb_collector_observe_unit(ctx->collector, s.bytes_per_second);
    yajl_handle h = yajl_alloc(&callbacks, NULL, &s);
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
            yajl_status st = yajl_parse(h, (const unsigned char *)in->buf, ready);
            if (st != yajl_status_ok) {
                size_t consumed = yajl_get_bytes_consumed(h);
                if (st == yajl_status_client_canceled || s.error) {
                    *error = s.error ? s.error : hb_xasprintf("%s: malformed", in->path);
                    s.error = NULL;
                } else {
                    *error = syntax_error(h, in->path, in->offset + consumed, false);
                }
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
    if (rc == 0 && yajl_complete_parse(h) != yajl_status_ok) {
        if (s.error) {
            *error = s.error;
            s.error = NULL;
        } else {
            *error = syntax_error(h, in->path, in->offset, true);
        }
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
    yajl_free(h);
    return rc;
}

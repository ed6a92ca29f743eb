/* read_spread.c — hbspread's JSON streamed through yajl's callbacks: only the members its readers use
 * are kept (the config, the verdict rule's bounds, the keysets, each algorithm's verdicts and its
 * collisions on the first and the headline keyset), the
 * file is read in chunks by summarise/input's reader, and strings, nesting and counts are bounded, so a hostile file costs
 * bounded memory and ends with one line. Members are found by their path from the top
 * ("algorithms", an element, "verdicts", "buckets", "verdict"); unknown members are ignored. */
#include "read_spread.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "chunked_file.h"
#include "hb_alloc.h"
#include "read_battery.h"

#define ELEMENT "[]" /* an array's element in a path */

struct frame {
    bool is_map;
    char key[40]; /* the map's current key (cut to fit: no member the reader uses is longer) */
    size_t index; /* the array's current element, from 0 */
    bool started; /* the array has had an element */
};

struct spread_state {
    struct hb_spread_file *m;
    const char *path;
    struct frame stack[HB_SPREAD_MAX_DEPTH];
    int depth;
    bool saw_schema, saw_buckets, saw_algorithms, saw_algorithm_keysets;
    size_t keysets_cap, spread_cap;
    char *error;
};

static int fail(struct spread_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct spread_state *s, const char *fmt, ...)
{
    if (!s->error) {
        va_list ap;
        va_start(ap, fmt);
        char *why = hb_xvasprintf(fmt, ap);
        va_end(ap);
        s->error = hb_xasprintf("%s: %s", s->path, why);
        free(why);
    }
    return 0;
}

/* Whether the path of the value being read is exactly the n components given. */
static bool at(const struct spread_state *s, int n, ...)
{
    if (s->depth != n)
        return false;
    va_list ap;
    va_start(ap, n);
    bool same = true;
    for (int i = 0; i < n && same; i++) {
        const char *want = va_arg(ap, const char *);
        const struct frame *f = &s->stack[i];
        same = f->is_map ? strcmp(f->key, want) == 0 : strcmp(want, ELEMENT) == 0;
    }
    va_end(ap);
    return same;
}

/* A value begins: in an array, it is the next element. */
static void element_begins(struct spread_state *s)
{
    if (s->depth > 0 && !s->stack[s->depth - 1].is_map) {
        struct frame *f = &s->stack[s->depth - 1];
        f->index += f->started;
        f->started = true;
    }
}

static struct hb_spread_algorithm *current_algorithm(struct spread_state *s)
{
    return &s->m->algorithms[s->m->nalgorithms - 1];
}

static bool parse_u64(const char *text, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (len == 0 || len > 20)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        uint64_t d = (uint64_t)(text[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static bool parse_double(const char *text, size_t len, double *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    *out = strtod(buf, &end);
    return *end == '\0';
}

static int on_count(struct spread_state *s, const char *text, size_t len, uint64_t *out, const char *what)
{
    if (!parse_u64(text, len, out))
        return fail(s, "%s is not a count: %.*s", what, (int)(len < 40 ? len : 40), text);
    return 1;
}

/* The verdict tests, by the key hbspread gives them under "verdicts". */
static int test_of(const char *key)
{
    for (int t = 0; t < HB_TESTS; t++)
        if (strcmp(hb_spread_test_key((enum hb_spread_test)t), key) == 0)
            return t;
    return -1;
}

/* A string member: a repeated key keeps its last value (JSON allows it), the earlier one freed. */
static void replace(char **member, const char *text, size_t len)
{
    free(*member);
    *member = hb_xstrndup(text, len);
}

/* Inside an algorithm's "battery" member: its path from there into keys (HB_SPREAD_MAX_DEPTH at
 * most), and how many; -1 elsewhere. */
static int battery_path(const struct spread_state *s, const char **keys)
{
    if (s->depth < 3 || !s->stack[0].is_map || strcmp(s->stack[0].key, "algorithms") != 0 || s->stack[1].is_map ||
        !s->stack[2].is_map || strcmp(s->stack[2].key, "battery") != 0)
        return -1;
    for (int i = 3; i < s->depth; i++)
        keys[i - 3] = s->stack[i].is_map ? s->stack[i].key : HB_BATTERY_ELEMENT;
    return s->depth - 3;
}

/* The battery reader's verdict on a value: its error, if any, becomes the file's. */
static int battery_said(struct spread_state *s, int rc, char *why)
{
    if (rc == 0)
        return 1;
    fail(s, "algorithm #%zu: %s", s->m->nalgorithms, why ? why : "?");
    free(why);
    return 0;
}

static int on_scalar(struct spread_state *s, bool is_string, const char *text, size_t len)
{
    struct hb_spread_file *m = s->m;
    element_begins(s);
    const char *keys[HB_SPREAD_MAX_DEPTH];
    int below = battery_path(s, keys);
    if (below >= 0) {
        char *why = NULL;
        int rc = hb_read_battery_scalar(current_algorithm(s)->battery, keys, below, is_string, text, len, &why);
        return battery_said(s, rc, why);
    }
    if (at(s, 1, "hbspread_schema")) {
        uint64_t schema;
        if (is_string || !parse_u64(text, len, &schema) || schema != 1)
            return fail(s, "hbspread_schema %.*s is not 1 (written by another hbspread?)", (int)(len < 20 ? len : 20),
                        text);
        s->saw_schema = true;
    } else if (at(s, 2, "config", "buckets")) {
        s->saw_buckets = true;
        return on_count(s, text, len, &m->buckets, "config.buckets");
    } else if (at(s, 2, "config", "avalanche_keys_per_size")) {
        return on_count(s, text, len, &m->avalanche_keys, "config.avalanche_keys_per_size");
    } else if (at(s, 2, "verdict_rule", "warn_log2_p") && !is_string) {
        if (!parse_double(text, len, &m->warn_log2_p))
            return fail(s, "verdict_rule.warn_log2_p is not a number");
    } else if (at(s, 2, "verdict_rule", "fail_log2_p") && !is_string) {
        if (!parse_double(text, len, &m->fail_log2_p))
            return fail(s, "verdict_rule.fail_log2_p is not a number");
    } else if (at(s, 1, "headline_keyset")) {
        if (s->saw_algorithm_keysets)
            return fail(s, "headline_keyset comes after the algorithms' keysets (hbspread writes it before them)");
        return on_count(s, text, len, &m->headline_keyset, "headline_keyset");
    } else if (at(s, 2, "config", "bucketing") && is_string) {
        replace(&m->bucketing, text, len);
    } else if (at(s, 3, "keysets", ELEMENT, "spec") && is_string) {
        replace(&m->keysets[m->nkeysets - 1].spec, text, len);
    } else if (at(s, 3, "keysets", ELEMENT, "title") && is_string) {
        replace(&m->keysets[m->nkeysets - 1].title, text, len);
    } else if (at(s, 3, "keysets", ELEMENT, "keys")) {
        return on_count(s, text, len, &m->keysets[m->nkeysets - 1].keys, "keysets[].keys");
    } else if (at(s, 3, "algorithms", ELEMENT, "name") && is_string) {
        replace(&current_algorithm(s)->name, text, len);
    } else if (at(s, 3, "algorithms", ELEMENT, "impl") && is_string) {
        replace(&current_algorithm(s)->impl, text, len);
    } else if (at(s, 3, "algorithms", ELEMENT, "skipped") && is_string) {
        replace(&current_algorithm(s)->skipped, text, len);
    } else if (at(s, 3, "algorithms", ELEMENT, "out_bits")) {
        uint64_t bits = 0;
        if (!on_count(s, text, len, &bits, "out_bits"))
            return 0;
        current_algorithm(s)->out_bits = bits > 1u << 16 ? 1u << 16 : (unsigned)bits;
    } else if (s->depth == 6 && at(s, 6, "algorithms", ELEMENT, "keysets", ELEMENT, "collisions", s->stack[5].key)) {
        s->saw_algorithm_keysets = true;
        size_t k = s->stack[3].index;
        bool first = k == 0, headline = k == m->headline_keyset;
        struct hb_spread_algorithm *a = current_algorithm(s);
        if (strcmp(s->stack[5].key, "pairs") == 0 && (first || headline)) {
            uint64_t pairs = 0;
            if (!on_count(s, text, len, &pairs, "collisions.pairs"))
                return 0;
            if (first)
                a->pairs = pairs;
            if (headline)
                a->headline.pairs = pairs, a->headline.present = true;
        } else if (strcmp(s->stack[5].key, "expected") == 0 && (first || headline)) {
            double expected = 0;
            if (!parse_double(text, len, &expected))
                return fail(s, "collisions.expected is not a number");
            if (first)
                a->expected = expected;
            if (headline)
                a->headline.expected = expected, a->headline.present = true;
        }
    } else if (s->depth == 5 && at(s, 5, "algorithms", ELEMENT, "verdicts", s->stack[3].key, s->stack[4].key)) {
        int t = test_of(s->stack[3].key);
        if (t < 0)
            return 1;
        struct hb_spread_algorithm *a = current_algorithm(s);
        if (strcmp(s->stack[4].key, "verdict") == 0) {
            enum hb_spread_verdict v = HB_VERDICT_NONE;
            for (int k = HB_VERDICT_PASS; k <= HB_VERDICT_FAIL; k++)
                if (is_string && len == strlen(hb_spread_verdict_name((enum hb_spread_verdict)k)) &&
                    memcmp(text, hb_spread_verdict_name((enum hb_spread_verdict)k), len) == 0)
                    v = (enum hb_spread_verdict)k;
            if (v == HB_VERDICT_NONE)
                return fail(s, "unknown verdict \"%.*s\" (pass, warn or FAIL)", (int)(len < 20 ? len : 20), text);
            a->verdict[t] = v;
        } else if (strcmp(s->stack[4].key, "scaled_log2_p") == 0 && !is_string) {
            parse_double(text, len, &a->scaled_log2_p[t]);
        }
    }
    return 1;
}

static int on_null(void *arg)
{
    return on_scalar(arg, false, "null", 4);
}

static int on_boolean(void *arg, int value)
{
    return on_scalar(arg, false, value ? "true" : "false", value ? 4 : 5);
}

static int on_number(void *arg, const char *text, size_t len)
{
    return on_scalar(arg, false, text, len);
}

static int on_string(void *arg, const unsigned char *text, size_t len)
{
    struct spread_state *s = arg;
    if (len > HB_SPREAD_MAX_STRING)
        return fail(s, "a string of %zu bytes, longer than %d, the longest allowed", len, HB_SPREAD_MAX_STRING);
    return on_scalar(s, true, (const char *)text, len);
}

static int push(struct spread_state *s, bool is_map)
{
    element_begins(s);
    if (s->depth == 0 && !is_map)
        return fail(s, "not hbspread's JSON: the top level is an array");
    if (s->depth >= HB_SPREAD_MAX_DEPTH)
        return fail(s, "JSON nested deeper than %d levels, the deepest allowed", HB_SPREAD_MAX_DEPTH);
    struct hb_spread_file *m = s->m;
    const char *keys[HB_SPREAD_MAX_DEPTH];
    int below = battery_path(s, keys);
    if (below >= 0) {
        char *why = NULL;
        int rc = hb_read_battery_open(&current_algorithm(s)->battery, keys, below, &why);
        if (!battery_said(s, rc, why))
            return 0;
    }
    if (is_map && at(s, 2, "keysets", ELEMENT)) {
        if (m->nkeysets >= HB_SPREAD_MAX_KEYSETS)
            return fail(s, "more than %d keysets, the most allowed", HB_SPREAD_MAX_KEYSETS);
        hb_grow((void **)&m->keysets, &s->keysets_cap, m->nkeysets + 1, sizeof *m->keysets);
        m->keysets[m->nkeysets++] = (struct hb_spread_keyset){0};
    } else if (is_map && at(s, 2, "algorithms", ELEMENT)) {
        if (m->nalgorithms >= HB_SPREAD_MAX_ALGORITHMS)
            return fail(s, "more than %d algorithms, the most allowed", HB_SPREAD_MAX_ALGORITHMS);
        hb_grow((void **)&m->algorithms, &s->spread_cap, m->nalgorithms + 1, sizeof *m->algorithms);
        m->algorithms[m->nalgorithms++] = (struct hb_spread_algorithm){0};
    } else if (!is_map && at(s, 1, "algorithms")) {
        s->saw_algorithms = true;
    }
    s->stack[s->depth++] = (struct frame){.is_map = is_map};
    return 1;
}

static int on_start_map(void *arg)
{
    return push(arg, true);
}

static int on_start_array(void *arg)
{
    return push(arg, false);
}

/* A finished algorithm (an object in "algorithms", not an array there, which adds no algorithm)
 * must have said who it is. */
static int pop(struct spread_state *s)
{
    s->depth--;
    if (s->stack[s->depth].is_map && at(s, 2, "algorithms", ELEMENT)) {
        const struct hb_spread_algorithm *a = current_algorithm(s);
        if (!a->name || !a->impl)
            return fail(s, "algorithm #%zu has no \"name\" or \"impl\"", s->m->nalgorithms);
    }
    return 1;
}

static int on_end(void *arg)
{
    return pop(arg);
}

static int on_map_key(void *arg, const unsigned char *key, size_t len)
{
    struct spread_state *s = arg;
    if (len > HB_SPREAD_MAX_STRING)
        return fail(s, "a key of %zu bytes, longer than %d, the longest allowed", len, HB_SPREAD_MAX_STRING);
    struct frame *f = &s->stack[s->depth - 1];
    size_t n = len < sizeof f->key - 1 ? len : sizeof f->key - 1;
    memcpy(f->key, key, n);
    f->key[n] = '\0';
    return 1;
}

static const yajl_callbacks callbacks = {
    .yajl_null = on_null,
    .yajl_boolean = on_boolean,
    .yajl_number = on_number,
    .yajl_string = on_string,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_map_key,
    .yajl_end_map = on_end,
    .yajl_start_array = on_start_array,
    .yajl_end_array = on_end,
};

static char *syntax_error(yajl_handle h, const char *path, bool at_end)
{
    unsigned char *msg = yajl_get_error(h, 0, NULL, 0);
    char *text = hb_xstrdup((const char *)msg);
    yajl_free_error(h, msg);
    size_t len = strlen(text);
    while (len && (text[len - 1] == '\n' || text[len - 1] == '.' || text[len - 1] == ' '))
        text[--len] = '\0';
    char *error = at_end ? hb_xasprintf("%s: truncated: the JSON text ends early (%s)", path, text)
                         : hb_xasprintf("%s: malformed JSON: %s", path, text);
    free(text);
    return error;
}

/* The reader's own error when it stopped yajl, else yajl's. */
static char *stop_reason(struct spread_state *s, yajl_handle h, bool at_end)
{
    char *why = s->error ? s->error : syntax_error(h, s->path, at_end);
    s->error = NULL;
    return why;
}

int hb_spread_read(const char *path, struct hb_spread_file *m, char **error)
{
    /* summarise/input's reader: bounded chunks, and a FIFO, a directory or a device is refused or
     * read as hbstat reads it, never waited on */
    struct hb_input in;
    if (hb_input_open(&in, path, error))
        return -1;
    m->warn_log2_p = m->fail_log2_p = NAN;
    struct spread_state s = {.m = m, .path = path};
    yajl_handle h = yajl_alloc(&callbacks, NULL, &s);
    char *why = NULL;
    size_t total = 0;
    for (;;) {
        long got = hb_input_fill(&in, &why);
        if (got <= 0)
            break;
        total += (size_t)got;
        yajl_status st = yajl_parse(h, (const unsigned char *)in.buf, in.len);
        hb_input_consume(&in, in.len);
        if (st != yajl_status_ok) {
            why = stop_reason(&s, h, false);
            break;
        }
    }
    if (!why && total == 0)
        why = hb_xasprintf("%s: empty file", path);
    else if (!why && yajl_complete_parse(h) != yajl_status_ok)
        why = stop_reason(&s, h, true);
    if (!why && !s.saw_schema)
        why = hb_xasprintf("%s: not hbspread --format json output (no \"hbspread_schema\")", path);
    else if (!why && !s.saw_buckets)
        why = hb_xasprintf("%s: no \"config.buckets\" (not hbspread --format json output?)", path);
    else if (!why && !s.saw_algorithms)
        why = hb_xasprintf("%s: no \"algorithms\" (not hbspread --format json output?)", path);
    free(s.error);
    yajl_free(h);
    hb_input_close(&in);
    *error = why;
    return why ? -1 : 0;
}

/* hb_json_reader.c — yajl's callbacks turned into path events (see hb_json_reader.h): the path
 * stack is allocated once at the caller's depth limit, so nothing grows while a file is read. */
#include "hb_json_reader.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "hb_alloc.h"

struct hb_json_reader {
    const char *path;
    struct hb_json_limits limits;
    hb_json_handler handler;
    void *arg;
    struct hb_json_step *steps;
    struct hb_json_path at; /* steps and the current depth, as handlers see them */
    yajl_handle yajl;
    bool finishing; /* a syntax error now means the text ended early */
    bool canceled;  /* a handler or a limit stopped the document */
    char *error;
};

int hb_json_fail(struct hb_json_reader *r, const char *fmt, ...)
{
    if (!r->error) {
        va_list ap;
        va_start(ap, fmt);
        char *why = hb_xvasprintf(fmt, ap);
        va_end(ap);
        r->error = hb_xasprintf("%s: %s", r->path, why);
        free(why);
    }
    return 0;
}

bool hb_json_at(const struct hb_json_path *path, int n, ...)
{
    if (path->depth != n)
        return false;
    va_list ap;
    va_start(ap, n);
    bool same = true;
    for (int i = 0; i < n && same; i++) {
        const char *want = va_arg(ap, const char *);
        const struct hb_json_step *step = &path->steps[i];
        same = step->is_map ? strcmp(step->key, want) == 0 : strcmp(want, HB_JSON_ELEMENT) == 0;
    }
    va_end(ap);
    return same;
}

/* A value begins: in an array, it is the next element. */
static void element_begins(struct hb_json_reader *r)
{
    if (r->at.depth > 0 && !r->steps[r->at.depth - 1].is_map) {
        struct hb_json_step *step = &r->steps[r->at.depth - 1];
        step->index += step->started;
        step->started = true;
    }
}

/* The limit in the unit it was chosen in ("1 MiB"), beside its bytes in the message. */
static char *size_label(size_t bytes)
{
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0)
        return hb_xasprintf("%zu MiB", bytes >> 20);
    if (bytes >= 1 << 10 && bytes % (1 << 10) == 0)
        return hb_xasprintf("%zu KiB", bytes >> 10);
    return hb_xasprintf("%zu bytes", bytes);
}

static int string_fits(struct hb_json_reader *r, size_t len)
{
    if (len <= r->limits.max_string)
        return 1;
    char *label = size_label(r->limits.max_string);
    hb_json_fail(r, "a JSON string of %zu bytes, past the longest allowed, %zu (%s)", len, r->limits.max_string, label);
    free(label);
    return 0;
}

static int scalar(void *arg, enum hb_json_event event, const char *text, size_t len)
{
    struct hb_json_reader *r = arg;
    element_begins(r);
    return r->handler(r->arg, &r->at, event, text, len);
}

static int reader_on_null(void *arg)
{
    return scalar(arg, HB_JSON_NULL, "null", 4);
}

static int reader_on_boolean(void *arg, int value)
{
    return scalar(arg, HB_JSON_BOOL, value ? "true" : "false", value ? 4 : 5);
}

static int reader_on_number(void *arg, const char *text, size_t len)
{
    return scalar(arg, HB_JSON_NUMBER, text, len);
}

static int reader_on_string(void *arg, const unsigned char *text, size_t len)
{
    return string_fits(arg, len) && scalar(arg, HB_JSON_STRING, (const char *)text, len);
}

static int read_open_container(struct hb_json_reader *r, bool is_map)
{
    element_begins(r);
    if (r->at.depth >= r->limits.max_depth)
        return hb_json_fail(r, "JSON nested deeper than %d levels, the deepest allowed", r->limits.max_depth);
    if (!r->handler(r->arg, &r->at, is_map ? HB_JSON_MAP_OPEN : HB_JSON_ARRAY_OPEN, NULL, 0))
        return 0;
    struct hb_json_step *step = &r->steps[r->at.depth++];
    step->is_map = is_map;
    step->index = step->key_len = 0;
    step->started = false;
    step->key[0] = '\0';
    return 1;
}

static int reader_on_start_map(void *arg)
{
    return read_open_container(arg, true);
}

static int reader_on_start_array(void *arg)
{
    return read_open_container(arg, false);
}

static int reader_on_end_map(void *arg)
{
    struct hb_json_reader *r = arg;
    r->at.depth--;
    return r->handler(r->arg, &r->at, HB_JSON_MAP_CLOSE, NULL, 0);
}

static int reader_on_end_array(void *arg)
{
    struct hb_json_reader *r = arg;
    r->at.depth--;
    return r->handler(r->arg, &r->at, HB_JSON_ARRAY_CLOSE, NULL, 0);
}

/* Keys are short: a byte loop beats the block copy a compiler inlines for a bounded length, and
 * every key of a file comes through here. */
static void copy_key(char *to, const char *from, size_t len)
{
    for (size_t i = 0; i < len; i++)
        to[i] = from[i];
    to[len] = '\0';
}

static int reader_on_map_key(void *arg, const unsigned char *key, size_t len)
{
    struct hb_json_reader *r = arg;
    if (!string_fits(r, len))
        return 0;
    struct hb_json_step *step = &r->steps[r->at.depth - 1];
    step->key_len = len < HB_JSON_KEY_KEPT ? len : HB_JSON_KEY_KEPT;
    copy_key(step->key, (const char *)key, step->key_len);
    return r->handler(r->arg, &r->at, HB_JSON_KEY, (const char *)key, len);
}

static const yajl_callbacks callbacks = {
    .yajl_null = reader_on_null,
    .yajl_boolean = reader_on_boolean,
    .yajl_number = reader_on_number,
    .yajl_string = reader_on_string,
    .yajl_start_map = reader_on_start_map,
    .yajl_map_key = reader_on_map_key,
    .yajl_end_map = reader_on_end_map,
    .yajl_start_array = reader_on_start_array,
    .yajl_end_array = reader_on_end_array,
};

struct hb_json_reader *hb_json_reader_new(const char *path, struct hb_json_limits limits, hb_json_handler handler,
                                          void *arg)
{
    struct hb_json_reader *r = hb_xcalloc(1, sizeof *r);
    *r = (struct hb_json_reader){.path = path, .limits = limits, .handler = handler, .arg = arg};
    r->steps = hb_xcalloc(limits.max_depth > 0 ? (size_t)limits.max_depth : 1, sizeof *r->steps);
    r->at.steps = r->steps;
    r->yajl = yajl_alloc(&callbacks, NULL, r);
    if (!r->yajl)
        hb_out_of_memory(1, sizeof(yajl_callbacks));
    return r;
}

void hb_json_reader_free(struct hb_json_reader *r)
{
    if (!r)
        return;
    yajl_free(r->yajl);
    free(r->steps);
    free(r->error);
    free(r);
}

int hb_json_reader_feed(struct hb_json_reader *r, const char *buf, size_t len, size_t *consumed)
{
    yajl_status st = yajl_parse(r->yajl, (const unsigned char *)buf, len);
    if (consumed)
        *consumed = yajl_get_bytes_consumed(r->yajl);
    r->canceled = st == yajl_status_client_canceled;
    return st == yajl_status_ok ? 0 : -1;
}

int hb_json_reader_finish(struct hb_json_reader *r)
{
    r->finishing = true;
    yajl_status st = yajl_complete_parse(r->yajl);
    r->canceled = st == yajl_status_client_canceled;
    return st == yajl_status_ok ? 0 : -1;
}

bool hb_json_reader_malformed(const struct hb_json_reader *r)
{
    return !r->error && !r->canceled;
}

char *hb_json_reader_error(struct hb_json_reader *r, const char *where)
{
    if (r->error) {
        char *error = r->error;
        r->error = NULL;
        return error;
    }
    if (r->canceled)
        return hb_xasprintf("%s: malformed", r->path);
    unsigned char *msg = yajl_get_error(r->yajl, 0, NULL, 0);
    char *text = hb_xstrdup((const char *)msg);
    yajl_free_error(r->yajl, msg);
    size_t len = strlen(text);
    while (len && (text[len - 1] == '\n' || text[len - 1] == '.' || text[len - 1] == ' '))
        text[--len] = '\0';
    char *error;
    if (r->finishing)
        error = where ? hb_xasprintf("%s: truncated: the JSON text ends early, at %s (%s)", r->path, where, text)
                      : hb_xasprintf("%s: truncated: the JSON text ends early (%s)", r->path, text);
    else
        error = where ? hb_xasprintf("%s: malformed JSON at %s: %s", r->path, where, text)
                      : hb_xasprintf("%s: malformed JSON: %s", r->path, text);
    free(text);
    return error;
}

/*
 * hb_json_writer.c — the two layouts of hb_json_writer.h. Both modes keep the same stack of open
 * containers, so a call out of place is caught the same way; only HB_JSON_ROWS writes whitespace
 * itself, taking each scalar from a yajl_gen that is reset for every value.
 */
#include "hb_json_writer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "hb_alloc.h"

enum { MAX_DEPTH = 64 }; /* below yajl_gen's own limit, far above any document of ours */

struct frame {
    bool map;
    bool want_value; /* a map whose key was written */
    size_t count;    /* members written */
};

struct hb_json_writer {
    enum hb_json_layout layout;
    yajl_gen gen;
    bool failed, complete;
    size_t depth;
    struct frame stack[MAX_DEPTH];
    char *text; /* HB_JSON_ROWS: the document */
    size_t len, cap;
};

struct hb_json_writer *hb_json_writer_new(enum hb_json_layout layout)
{
    struct hb_json_writer *w = hb_xcalloc(1, sizeof *w);
    w->layout = layout;
    w->gen = yajl_gen_alloc(NULL);
    if (w->gen == NULL)
        hb_out_of_memory(1, sizeof(void *)); /* yajl fails only when malloc does */
    if (layout == HB_JSON_INDENTED) {
        yajl_gen_config(w->gen, yajl_gen_beautify, 1);
        yajl_gen_config(w->gen, yajl_gen_indent_string, "  ");
    }
    return w;
}

void hb_json_writer_free(struct hb_json_writer *w)
{
    if (w == NULL)
        return;
    yajl_gen_free(w->gen);
    free(w->text);
    free(w);
}

static void put(struct hb_json_writer *w, const char *s, size_t n)
{
    hb_grow((void **)&w->text, &w->cap, w->len + n + 1, 1);
    memcpy(w->text + w->len, s, n);
    w->len += n;
    w->text[w->len] = '\0';
}

static void put_text(struct hb_json_writer *w, const char *s)
{
    if (w->layout == HB_JSON_ROWS)
        put(w, s, strlen(s));
}

/* What goes before a member of the innermost container: a new line for the top level's. */
static void separator(struct hb_json_writer *w, const struct frame *f)
{
    if (w->depth == 1)
        put_text(w, f->count ? ",\n  " : "\n  ");
    else if (f->count)
        put_text(w, ", ");
}

/* Checks that a value may come now and writes what precedes it. */
static bool before_value(struct hb_json_writer *w)
{
    if (w->failed || w->complete) {
        w->failed = true;
        return false;
    }
    if (w->depth == 0)
        return true;
    struct frame *f = &w->stack[w->depth - 1];
    if (f->map) {
        if (!f->want_value) {
            w->failed = true;
            return false;
        }
        f->want_value = false;
        put_text(w, ": ");
    } else {
        separator(w, f);
        f->count++;
    }
    return true;
}

static void after_value(struct hb_json_writer *w)
{
    if (w->depth == 0) {
        w->complete = true;
        put_text(w, "\n"); /* yajl_gen's beautified layout ends the same way */
    }
}

/* In HB_JSON_ROWS, every scalar and key comes from a generator reset for it alone. */
static void fresh_generator(struct hb_json_writer *w)
{
    if (w->layout == HB_JSON_ROWS) {
        yajl_gen_reset(w->gen, NULL);
        yajl_gen_clear(w->gen);
    }
}

/* Checks what yajl_gen answered and, in HB_JSON_ROWS, appends what it wrote. */
static bool take_generated(struct hb_json_writer *w, yajl_gen_status status)
{
    if (status != yajl_gen_status_ok) {
        w->failed = true;
        return false;
    }
    if (w->layout == HB_JSON_ROWS) {
        const unsigned char *buf;
        size_t len;
        yajl_gen_get_buf(w->gen, &buf, &len);
        put(w, (const char *)buf, len);
    }
    return true;
}

static bool begin_scalar(struct hb_json_writer *w)
{
    if (!before_value(w))
        return false;
    fresh_generator(w);
    return true;
}

static void end_scalar(struct hb_json_writer *w, yajl_gen_status status)
{
    if (take_generated(w, status))
        after_value(w);
}

static void open_container(struct hb_json_writer *w, bool map)
{
    if (!before_value(w))
        return;
    if (w->depth == MAX_DEPTH) {
        w->failed = true;
        return;
    }
    w->stack[w->depth++] = (struct frame){.map = map};
    if (w->layout == HB_JSON_ROWS)
        put_text(w, map ? "{" : "[");
    else if ((map ? yajl_gen_map_open(w->gen) : yajl_gen_array_open(w->gen)) != yajl_gen_status_ok)
        w->failed = true;
}

static void close_container(struct hb_json_writer *w, bool map)
{
    struct frame *f = w->depth ? &w->stack[w->depth - 1] : NULL;
    if (w->failed || f == NULL || f->map != map || f->want_value) {
        w->failed = true;
        return;
    }
    if (w->layout == HB_JSON_ROWS) {
        if (w->depth == 1 && f->count)
            put_text(w, "\n");
        put_text(w, map ? "}" : "]");
    } else if ((map ? yajl_gen_map_close(w->gen) : yajl_gen_array_close(w->gen)) != yajl_gen_status_ok) {
        w->failed = true;
    }
    w->depth--;
    after_value(w);
}

void hb_json_map_open(struct hb_json_writer *w)
{
    open_container(w, true);
}

void hb_json_map_close(struct hb_json_writer *w)
{
    close_container(w, true);
}

void hb_json_array_open(struct hb_json_writer *w)
{
    open_container(w, false);
}

void hb_json_array_close(struct hb_json_writer *w)
{
    close_container(w, false);
}

void hb_json_key(struct hb_json_writer *w, const char *key)
{
    struct frame *f = w->depth ? &w->stack[w->depth - 1] : NULL;
    if (w->failed || f == NULL || !f->map || f->want_value) {
        w->failed = true;
        return;
    }
    separator(w, f);
    f->count++;
    f->want_value = true;
    fresh_generator(w);
    take_generated(w, yajl_gen_string(w->gen, (const unsigned char *)key, strlen(key)));
}

void hb_json_string_n(struct hb_json_writer *w, const char *s, size_t len)
{
    if (begin_scalar(w))
        end_scalar(w, yajl_gen_string(w->gen, (const unsigned char *)s, len));
}

void hb_json_string(struct hb_json_writer *w, const char *s)
{
    hb_json_string_n(w, s, strlen(s));
}

void hb_json_number_text(struct hb_json_writer *w, const char *text)
{
    if (begin_scalar(w))
        end_scalar(w, yajl_gen_number(w->gen, text, strlen(text)));
}

void hb_json_uint64(struct hb_json_writer *w, uint64_t v)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRIu64, v);
    hb_json_number_text(w, text);
}

void hb_json_int64(struct hb_json_writer *w, int64_t v)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRId64, v);
    hb_json_number_text(w, text);
}

void hb_json_bool(struct hb_json_writer *w, bool v)
{
    if (begin_scalar(w))
        end_scalar(w, yajl_gen_bool(w->gen, v));
}

void hb_json_null(struct hb_json_writer *w)
{
    if (begin_scalar(w))
        end_scalar(w, yajl_gen_null(w->gen));
}

const char *hb_json_writer_text(struct hb_json_writer *w, size_t *len)
{
    if (w->failed || !w->complete)
        return NULL;
    if (w->layout == HB_JSON_ROWS) {
        if (len != NULL)
            *len = w->len;
        return w->text;
    }
    const unsigned char *buf;
    size_t n;
    if (yajl_gen_get_buf(w->gen, &buf, &n) != yajl_gen_status_ok)
        return NULL;
    if (len != NULL)
        *len = n;
    return (const char *)buf;
}

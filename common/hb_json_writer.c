/*
 * hb_json_writer.c — yajl_gen in its beautified layout, behind a stack of the open containers that
 * catches a call out of place before yajl_gen sees it (yajl_gen would take a string where a key
 * belongs as that key).
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
};

struct hb_json_writer {
    yajl_gen gen;
    bool failed, complete;
    size_t depth;
    struct frame stack[MAX_DEPTH];
};

struct hb_json_writer *hb_json_writer_new(void)
{
    struct hb_json_writer *w = hb_xcalloc(1, sizeof *w);
    w->gen = yajl_gen_alloc(NULL);
    if (w->gen == NULL)
        hb_out_of_memory(1, sizeof(void *)); /* yajl fails only when malloc does */
    yajl_gen_config(w->gen, yajl_gen_beautify, 1);
    yajl_gen_config(w->gen, yajl_gen_indent_string, "  ");
    return w;
}

void hb_json_writer_free(struct hb_json_writer *w)
{
    if (w == NULL)
        return;
    yajl_gen_free(w->gen);
    free(w);
}

/* Checks that a value may come now. */
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
    }
    return true;
}

/* Checks what yajl_gen answered; a value at the top level completes the document. */
static void after(struct hb_json_writer *w, yajl_gen_status status)
{
    if (status != yajl_gen_status_ok)
        w->failed = true;
    else if (w->depth == 0)
        w->complete = true;
}

static void write_open_container(struct hb_json_writer *w, bool map)
{
    if (!before_value(w))
        return;
    if (w->depth == MAX_DEPTH) {
        w->failed = true;
        return;
    }
    w->stack[w->depth++] = (struct frame){.map = map};
    if ((map ? yajl_gen_map_open(w->gen) : yajl_gen_array_open(w->gen)) != yajl_gen_status_ok)
        w->failed = true;
}

static void close_container(struct hb_json_writer *w, bool map)
{
    struct frame *f = w->depth ? &w->stack[w->depth - 1] : NULL;
    if (w->failed || f == NULL || f->map != map || f->want_value) {
        w->failed = true;
        return;
    }
    w->depth--;
    after(w, map ? yajl_gen_map_close(w->gen) : yajl_gen_array_close(w->gen));
}

void hb_json_map_open(struct hb_json_writer *w)
{
    write_open_container(w, true);
}

void hb_json_map_close(struct hb_json_writer *w)
{
    close_container(w, true);
}

void hb_json_array_open(struct hb_json_writer *w)
{
    write_open_container(w, false);
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
    f->want_value = true;
    if (yajl_gen_string(w->gen, (const unsigned char *)key, strlen(key)) != yajl_gen_status_ok)
        w->failed = true;
}

void hb_json_string_n(struct hb_json_writer *w, const char *s, size_t len)
{
    if (before_value(w))
        after(w, yajl_gen_string(w->gen, (const unsigned char *)s, len));
}

void hb_json_string(struct hb_json_writer *w, const char *s)
{
    hb_json_string_n(w, s, strlen(s));
}

void hb_json_number_text(struct hb_json_writer *w, const char *text)
{
    if (before_value(w))
        after(w, yajl_gen_number(w->gen, text, strlen(text)));
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
    if (before_value(w))
        after(w, yajl_gen_bool(w->gen, v));
}

void hb_json_null(struct hb_json_writer *w)
{
    if (before_value(w))
        after(w, yajl_gen_null(w->gen));
}

const char *hb_json_writer_text(struct hb_json_writer *w, size_t *len)
{
    if (w->failed || !w->complete)
        return NULL;
    const unsigned char *buf;
    size_t n;
    if (yajl_gen_get_buf(w->gen, &buf, &n) != yajl_gen_status_ok)
        return NULL;
    if (len != NULL)
        *len = n;
    return (const char *)buf;
}

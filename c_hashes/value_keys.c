/* value_keys.c — the entry a table calls for a key held by value (hb_hash.h, struct hb_value_code):
 * the value code as an entry of its own, made once per (entry, width). */
#include "hb_internal.h"

#include <stdlib.h>

/* The widths of keys held by value, in the order of struct hb_value_code's arrays. */
static const size_t value_widths[HB_VALUE_WIDTHS] = {4, 8, 16};

int hb_value_width_index(size_t width)
{
    for (int w = 0; w < HB_VALUE_WIDTHS; w++)
        if (value_widths[w] == width)
            return w;
    return -1;
}

size_t hb_value_width(int index)
{
    return value_widths[index];
}

/* What h's value code calls for keys of width index w (-1: not held by value), or NULL when none. */
static const char *value_code_calls(const struct hb_hash *h, int w)
{
    return h->value != NULL && w >= 0 ? h->value->calls[w] : NULL;
}

/* The value entries made so far (a few entries have value code, three widths each): hb_init makes
 * the registry's, so that threads only read them; an entry outside the registry (a test's) gets
 * its own on first use. */
enum { MAX_VALUE_ENTRIES = 32 };
static struct value_entry {
    const struct hb_hash *of;
    int width;
    struct hb_hash entry;
} made[MAX_VALUE_ENTRIES];
static size_t nmade;

const struct hb_hash *hb_value_entry(const struct hb_hash *h, size_t width)
{
    int w = hb_value_width_index(width);
    const char *calls = value_code_calls(h, w);
    if (calls == NULL)
        return h;
    for (size_t i = 0; i < nmade; i++)
        if (made[i].of == h && made[i].width == w)
            return &made[i].entry;
    if (nmade == MAX_VALUE_ENTRIES)
        abort(); /* more entries with value code than the registry holds */
    struct value_entry *v = &made[nmade++];
    v->of = h;
    v->width = w;
    v->entry = *h;
    v->entry.summary = calls;
    v->entry.oneshot = h->value->oneshot;
    v->entry.hash64 = h->value->hash;
    v->entry.linear = h->value->linear[w];
    v->entry.value = NULL;
    v->entry.init = NULL;
    v->entry.update = NULL;
    v->entry.final = NULL;
    v->entry.state_size = 0;
    v->entry.verification = 0;
    return &v->entry;
}

const char *hb_value_calls(const struct hb_hash *h, size_t width)
{
    int w = hb_value_width_index(width);
    const char *calls = value_code_calls(h, w);
    return w < 0 ? NULL : calls != NULL ? calls : "its hash of the key's bytes";
}

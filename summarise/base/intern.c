/* intern.c — string and tuple interning with open addressing over FNV-1a hashes. Text and tuple
 * elements live in append-only chunks, so pointers handed out stay valid while the interner lives. */
#include "intern.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

struct entry {
    const void *data; /* chars (NUL-terminated) or uint32 elements */
    uint32_t len;
    uint32_t hash;
};

struct table {
    struct entry *entries; /* by id */
    size_t count, cap;
    uint32_t *slots; /* id + 1, 0 = empty */
    size_t nslots;
};

struct chunk {
    struct chunk *next;
    size_t used, size;
    max_align_t data[];
};

struct hb_intern {
    struct table strings, tuples;
    struct chunk *chunks;
};

static uint32_t fnv1a(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void *arena_alloc(struct hb_intern *in, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    struct chunk *c = in->chunks;
    if (!c || c->size - c->used < size) {
        size_t want = size > 65536 ? size : 65536;
        c = hb_xmalloc(sizeof *c + want);
        c->size = want;
        c->used = 0;
        c->next = in->chunks;
        in->chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    return p;
}

static void table_rehash(struct table *t)
{
    size_t n = t->nslots ? t->nslots * 2 : 1024;
    uint32_t *slots = hb_xcalloc(n, sizeof *slots);
    for (size_t id = 0; id < t->count; id++) {
        size_t i = t->entries[id].hash & (n - 1);
        while (slots[i])
            i = (i + 1) & (n - 1);
        slots[i] = (uint32_t)id + 1;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = n;
}

/* Finds or adds data (len units of unit_size bytes); terminator adds a NUL byte for strings. */
static uint32_t table_intern(struct hb_intern *in, struct table *t, const void *data, size_t len, size_t unit_size,
                             int terminate)
{
    size_t bytes = len * unit_size;
    uint32_t h = fnv1a(data, bytes);
    if ((t->count + 1) * 2 > t->nslots)
        table_rehash(t);
    size_t i = h & (t->nslots - 1);
    while (t->slots[i]) {
        const struct entry *e = &t->entries[t->slots[i] - 1];
        if (e->hash == h && e->len == len && (bytes == 0 || memcmp(e->data, data, bytes) == 0))
            return t->slots[i] - 1;
        i = (i + 1) & (t->nslots - 1);
    }
    void *copy = arena_alloc(in, bytes + (terminate ? 1 : 0));
    if (bytes)
        memcpy(copy, data, bytes);
    if (terminate)
        ((char *)copy)[bytes] = '\0';
    hb_grow((void **)&t->entries, &t->cap, t->count + 1, sizeof *t->entries);
    t->entries[t->count] = (struct entry){copy, (uint32_t)len, h};
    t->slots[i] = (uint32_t)t->count + 1;
    return (uint32_t)t->count++;
}

struct hb_intern *hb_intern_new(void)
{
    struct hb_intern *in = hb_xcalloc(1, sizeof *in);
    hb_intern_str(in, "", 0);
    hb_intern_tuple(in, NULL, 0);
    return in;
}

void hb_intern_free(struct hb_intern *in)
{
    if (!in)
        return;
    for (struct chunk *c = in->chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(in->strings.entries);
    free(in->strings.slots);
    free(in->tuples.entries);
    free(in->tuples.slots);
    free(in);
}

hb_str hb_intern_str(struct hb_intern *in, const char *text, size_t len)
{
    return table_intern(in, &in->strings, text, len, 1, 1);
}

hb_str hb_intern_cstr(struct hb_intern *in, const char *text)
{
    return hb_intern_str(in, text, strlen(text));
}

hb_str hb_intern_name(struct hb_intern *in, const char *text, size_t len)
{
    if (!memchr(text, '\0', len))
        return hb_intern_str(in, text, len);
    char *escaped = hb_xmalloc(4 * len);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\0') {
            memcpy(escaped + n, "\\x00", 4);
            n += 4;
        } else {
            escaped[n++] = text[i];
        }
    }
    hb_str id = hb_intern_str(in, escaped, n);
    free(escaped);
    return id;
}

const char *hb_str_text(const struct hb_intern *in, hb_str id)
{
    return in->strings.entries[id].data;
}

size_t hb_str_len(const struct hb_intern *in, hb_str id)
{
    return in->strings.entries[id].len;
}

hb_tuple hb_intern_tuple(struct hb_intern *in, const uint32_t *vals, size_t n)
{
    return table_intern(in, &in->tuples, vals, n, sizeof *vals, 0);
}

const uint32_t *hb_tuple_vals(const struct hb_intern *in, hb_tuple id, size_t *n)
{
    *n = in->tuples.entries[id].len;
    return in->tuples.entries[id].data;
}

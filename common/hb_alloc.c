/*
 * hb_alloc.c — the wrappers of hb_alloc.h.
 */
#include "hb_alloc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program_name;

void hb_alloc_set_program_name(const char *name)
{
    program_name = name;
}

/* size 1: a plain byte count. */
void hb_out_of_memory(size_t count, size_t size)
{
    /* program_invocation_short_name: a tool that never names itself still says who ran out. */
    const char *name = program_name ? program_name : program_invocation_short_name;
    if (size == 1)
        fprintf(stderr, "%s: out of memory (allocating %zu bytes)\n", name, count);
    else
        fprintf(stderr, "%s: out of memory (allocating %zu x %zu bytes)\n", name, count, size);
    exit(2);
}

void *hb_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        hb_out_of_memory(size, 1);
    return p;
}

void *hb_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL)
        hb_out_of_memory(count, size);
    return p;
}

void *hb_xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (p == NULL)
        hb_out_of_memory(size, 1);
    return p;
}

void *hb_xreallocarray(void *ptr, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        hb_out_of_memory(count, size);
    return hb_xrealloc(ptr, count * size);
}

char *hb_xstrndup(const char *s, size_t len)
{
    char *p = hb_xmalloc(len + 1);
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

char *hb_xstrdup(const char *s)
{
    return hb_xstrndup(s, strlen(s));
}

char *hb_xvasprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n < 0) /* only an impossible conversion fails here, and the wrappers cannot fail */
        hb_out_of_memory(SIZE_MAX, 1);
    char *s = hb_xmalloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

char *hb_xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = hb_xvasprintf(fmt, ap);
    va_end(ap);
    return s;
}

void hb_grow(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return;
    size_t n = *cap ? *cap * 2 : 8;
    while (n < need)
        n *= 2;
    *items = hb_xreallocarray(*items, n, size);
    *cap = n;
}

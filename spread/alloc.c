/*
 * alloc.c — allocation that cannot fail: the measures need their buffers, and running out of
 * memory halfway through a run has no useful recovery, so it ends the run with one line.
 */
#include "spread.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void out_of_memory(size_t n)
{
    fprintf(stderr, "hbspread: out of memory (allocating %zu bytes)\n", n);
    exit(2);
}

void *hb_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        out_of_memory(n);
    return p;
}

void *hb_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL)
        out_of_memory(n * size);
    return p;
}

void *hb_xrealloc(void *old, size_t n)
{
    void *p = realloc(old, n ? n : 1);
    if (p == NULL)
        out_of_memory(n);
    return p;
}

char *hb_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(hb_xmalloc(n), s, n);
}

char *hb_xvasprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
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

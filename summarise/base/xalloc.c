/* xalloc.c — allocation that reports and exits on failure (see xalloc.h). */
#include "xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("hbstat: out of memory\n", stderr);
	exit(2);
}

void *hb_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *hb_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *hb_xreallocarray(void *ptr, size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		out_of_memory();
	size_t bytes = count * size;
	void *p = realloc(ptr, bytes ? bytes : 1);
	if (!p)
		out_of_memory();
	return p;
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

char *hb_xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory();
	char *p = hb_xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
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

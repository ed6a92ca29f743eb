/* xalloc.h — allocation that cannot fail: hbstat has nothing sensible to do without memory, so it
 * reports and exits (status 2) instead of threading out-of-memory through every caller. */
#ifndef HB_XALLOC_H
#define HB_XALLOC_H

#include <stddef.h>

void *hb_xmalloc(size_t size);
void *hb_xcalloc(size_t count, size_t size);
/* Resizes ptr to count * size bytes, checking the multiplication for overflow. */
void *hb_xreallocarray(void *ptr, size_t count, size_t size);
char *hb_xstrdup(const char *s);
char *hb_xstrndup(const char *s, size_t len);
/* printf into a new heap string. */
char *hb_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grows a dynamic array (*items, *cap) so that it holds at least need elements of size bytes. */
void hb_grow(void **items, size_t *cap, size_t need, size_t size);

#endif

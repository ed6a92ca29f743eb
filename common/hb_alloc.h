/*
 * hb_alloc.h — allocation that cannot fail. No tool has a useful recovery from running out of
 * memory halfway through a run, so each wrapper ends the program with one line on stderr,
 * "PROGRAM: out of memory (allocating N bytes)", and exit status 2, instead of threading the
 * failure through every caller. A zero-byte request allocates one byte, so a result is never NULL.
 */
#ifndef HB_ALLOC_H
#define HB_ALLOC_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Names the program in the out-of-memory line; set once by main. Until then the line names the
 * executable file (program_invocation_short_name). name must outlive every allocation. */
void hb_alloc_set_program_name(const char *name);

/* Ends the program with the out-of-memory line for count elements of size bytes: for allocations
 * made elsewhere (a library's own), so that every failure reads the same. */
void hb_out_of_memory(size_t count, size_t size) __attribute__((noreturn));

void *hb_xmalloc(size_t size);
/* count elements of size bytes, zeroed; an overflowing count * size is out of memory. */
void *hb_xcalloc(size_t count, size_t size);
void *hb_xrealloc(void *ptr, size_t size);
/* Resizes ptr to count * size bytes; an overflowing multiplication is out of memory. */
void *hb_xreallocarray(void *ptr, size_t count, size_t size);
char *hb_xstrdup(const char *s);
/* The first len bytes of s (which must hold that many) as a new NUL-terminated string. */
char *hb_xstrndup(const char *s, size_t len);
/* printf into a new heap string. */
char *hb_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *hb_xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* Grows the dynamic array *items of capacity *cap (elements of size bytes) to hold at least need
 * elements, doubling from 8 so that appending n elements costs O(n). */
void hb_grow(void **items, size_t *cap, size_t need, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* HB_ALLOC_H */

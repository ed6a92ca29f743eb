/*
 * counted_malloc.c — an independent count of heap allocations for harness_loops_test, linked
 * with -Wl,--wrap for malloc, calloc, realloc and aligned_alloc: every call from a statically
 * linked object (OpenSSL's libcrypto.a, c_hashes, the harness) comes here first. The api suite
 * counts through OpenSSL's memory functions and its own bookkeeping; this counts at the C library.
 */
#include <stddef.h>
#include <stdint.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t count, size_t n);
void *__real_realloc(void *old, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);

_Thread_local uint64_t hb_test_heap_allocations; /* blocks obtained: malloc, calloc, aligned_alloc, realloc(NULL) */

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    hb_test_heap_allocations += p != NULL;
    return p;
}

void *__wrap_calloc(size_t count, size_t n)
{
    void *p = __real_calloc(count, n);
    hb_test_heap_allocations += p != NULL;
    return p;
}

void *__wrap_realloc(void *old, size_t n)
{
    void *p = __real_realloc(old, n);
    hb_test_heap_allocations += p != NULL && old == NULL;
    return p;
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
    void *p = __real_aligned_alloc(align, n);
    hb_test_heap_allocations += p != NULL;
    return p;
}

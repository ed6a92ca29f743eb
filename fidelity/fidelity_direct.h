/*
 * fidelity_direct.h — the measurements hbfidelity makes itself, with no harness between the code
 * and the clock: the official BLAKE3 C's own hasher, a latency chain over the same xxHash header
 * and rapidhash source the entries use, and a vector load loop (the memory-read ceiling).
 */
#ifndef HB_FIDELITY_DIRECT_H
#define HB_FIDELITY_DIRECT_H

#include <stdbool.h>
#include <stddef.h>

/* Bytes per CPU second (this thread's) of the official BLAKE3 C (blake3_hasher_init, _update,
 * _finalize, as a user of the library calls it) over one size-byte buffer in cache, for about
 * `seconds` of CPU time; false when this build has no official BLAKE3 C. */
bool hb_direct_blake3(size_t size, double seconds, double *rate);

/* Nanoseconds per call of a chain of calls to "xxh3-64" or "rapidhash" on len bytes, each call's
 * key at the previous result mod 64 (a noinline call, nothing stored): the median of three runs
 * of ten million links. Negative for another name. */
double hb_direct_chain(const char *name, size_t len);

/* Bytes per second of the widest vector load loop this CPU runs over a 64 KiB buffer, and its
 * name ("avx512", "avx2", "neon", ...) in *isa. */
double hb_direct_loads(const char **isa);

#endif /* HB_FIDELITY_DIRECT_H */

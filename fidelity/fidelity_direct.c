/*
 * fidelity_direct.c — the official BLAKE3 C and the latency chains, timed here
 * (fidelity_direct.h). The load loops are one file per instruction set (fidelity_loads_*.c).
 */
#include "fidelity_direct.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <string.h>

#include "fidelity_loads.h"
#include "fidelity_run.h"

/* rapidhash.c compiled here as an independent copy, under names of this tool's own, so that no
 * symbol of hbfidelity is also one of the registry's (common.no_duplicate_symbols). */
#define hb_rapidhash_portable        fidelity_rapidhash_entry
#define hb_rapidhash_portable_direct fidelity_rapidhash_direct
#define hb_builtin_version           fidelity_builtin_version
#include "rapidhash.c"

#ifdef HB_FIDELITY_BLAKE3
#include "blake3.h"
#endif

/* rapidhash.c's entry names its provider through this; the chain never asks. */
const char *fidelity_builtin_version(void)
{
    return "";
}

bool hb_direct_blake3(size_t size, double seconds, double *rate)
{
#ifdef HB_FIDELITY_BLAKE3
    static unsigned char buf[1 << 20];
    if (size > sizeof buf)
        return false;
    for (size_t i = 0; i < size; i++)
        buf[i] = (unsigned char)(i * 31 + 1);
    uint8_t out[BLAKE3_OUT_LEN];
    long calls = 0;
    double start = hb_thread_cpu(), t;
    do {
        for (int k = 0; k < 64; k++) {
            blake3_hasher h;
            blake3_hasher_init(&h);
            blake3_hasher_update(&h, buf, size);
            blake3_hasher_finalize(&h, out, sizeof out);
            buf[0] ^= out[0]; /* each call depends on the last: nothing can be hoisted */
        }
        calls += 64;
        t = hb_thread_cpu() - start;
    } while (t < seconds);
    *rate = (double)size * (double)calls / t;
    return true;
#else
    (void)size;
    (void)seconds;
    (void)rate;
    return false;
#endif
}

__attribute__((noinline)) static uint64_t chain_xxh3(const void *p, size_t n)
{
    return XXH3_64bits(p, n);
}

__attribute__((noinline)) static uint64_t chain_rapid(const void *p, size_t n)
{
    return rapidhash_v3(p, n, 0);
}

static double chain_once(uint64_t (*f)(const void *, size_t), const unsigned char *key, size_t n)
{
    uint64_t prev = 0;
    const long links = 10000000;
    double t = hb_now();
    for (long i = 0; i < links; i++)
        prev = f(key + (prev & 63), n);
    t = hb_now() - t;
    __asm__ volatile("" : : "r"(prev));
    return t / (double)links * 1e9;
}

double hb_direct_chain(const char *name, size_t len)
{
    static unsigned char key[64 + 64];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (unsigned char)(i * 131 + 7);
    uint64_t (*f)(const void *, size_t);
    if (strcmp(name, "xxh3-64") == 0)
        f = chain_xxh3;
    else if (strcmp(name, "rapidhash") == 0)
        f = chain_rapid;
    else
        return -1;
    if (len > 64)
        return -1;
    double a = chain_once(f, key, len), b = chain_once(f, key, len), c = chain_once(f, key, len);
    /* the median of three */
    return a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
}

double hb_direct_loads(const char **isa)
{
    static unsigned char buf[65536];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 31 + 1);
    const struct hb_loads *l = hb_loads_widest();
    *isa = l->isa;
    const long reps = 20000;
    double t = hb_now();
    l->run(buf, sizeof buf, reps);
    return (double)sizeof buf * (double)reps / (hb_now() - t);
}

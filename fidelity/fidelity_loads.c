/*
 * fidelity_loads.c — the choice of load loop, and the scalar one every CPU runs
 * (fidelity_loads.h). A loop is in the table only when this build compiled its file.
 */
#include "fidelity_loads.h"

#include <stdint.h>
#include <string.h>

void hb_loads_scalar(const unsigned char *buf, size_t len, long reps)
{
    uint64_t a = 0, b = 0;
    for (long r = 0; r < reps; r++) {
        __asm__ volatile("" ::: "memory");
        for (size_t i = 0; i < len; i += 16) {
            uint64_t x, y;
            memcpy(&x, buf + i, 8);
            memcpy(&y, buf + i + 8, 8);
            a ^= x;
            b ^= y;
        }
    }
    __asm__ volatile("" : : "r"(a ^ b));
}

static int runs_here(const char *isa)
{
#if defined(__x86_64__)
    if (strcmp(isa, "avx512") == 0)
        return __builtin_cpu_supports("avx512f");
    if (strcmp(isa, "avx2") == 0)
        return __builtin_cpu_supports("avx2");
#endif
    (void)isa;
    return 1;
}

static const struct hb_loads loops[] = {
#ifdef HB_FIDELITY_LOADS_AVX512
    {"avx512", hb_loads_avx512},
#endif
#ifdef HB_FIDELITY_LOADS_AVX2
    {"avx2", hb_loads_avx2},
#endif
#ifdef HB_FIDELITY_LOADS_NEON
    {"neon", hb_loads_neon},
#endif
    {"scalar", hb_loads_scalar},
};

const struct hb_loads *hb_loads_widest(void)
{
    for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++)
        if (runs_here(loops[i].isa))
            return &loops[i];
    return &loops[sizeof loops / sizeof loops[0] - 1];
}

/*
 * cpu_features.c — CPU feature detection, in one place. Features are read once and kept as
 * HB_CPU_* bits: on x86-64 from cpuid, and xgetbv for whether the OS saves the AVX and AVX-512
 * register state; on AArch64 Linux from the kernel's hardware capabilities (getauxval), which say
 * both that the core has a feature and that the kernel lets user code use it (SVE's state).
 */
#include "hb_internal.h"

#include <stddef.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HB_CPU_X86 1
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#define HB_CPU_AARCH64_LINUX 1
#endif

static uint32_t detected;
static uint32_t restriction = UINT32_MAX;
static int detected_once;

/* Names in HB_CPU_* bit order, as /proc/cpuinfo spells them (the AArch64 ones as the arm64 kernel
 * lists them under "Features"). */
static const char *const feature_names[HB_CPU_FEATURE_COUNT] = {
    "sse2",     "ssse3",      "sse4_1", "sse4_2", "pclmulqdq", "avx",   "avx2",  "bmi2", "avx512f", "avx512bw",
    "avx512vl", "vpclmulqdq", "sha_ni", "aes",    "asimd",     "crc32", "pmull", "sha2", "sha3",    "sve",
};

#ifdef HB_CPU_X86
static uint64_t read_xcr0(void)
{
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

static uint32_t detect(void)
{
    unsigned a, b, c, d;
    uint32_t f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (d & (1u << 26))
        f |= HB_CPU_SSE2;
    if (c & (1u << 9))
        f |= HB_CPU_SSSE3;
    if (c & (1u << 19))
        f |= HB_CPU_SSE41;
    if (c & (1u << 20))
        f |= HB_CPU_SSE42;
    if (c & (1u << 1))
        f |= HB_CPU_PCLMULQDQ;
    if (c & (1u << 25))
        f |= HB_CPU_AES;

    /* AVX needs the OS to save YMM state (OSXSAVE and XCR0 bits 1-2); AVX-512 also opmask
     * and ZMM state (XCR0 bits 5-7). */
    int os_avx = 0, os_avx512 = 0;
    if ((c & (1u << 27)) && (c & (1u << 28))) {
        uint64_t xcr0 = read_xcr0();
        os_avx = (xcr0 & 0x6) == 0x6;
        os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;
    }
    if (os_avx)
        f |= HB_CPU_AVX;

    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        if (os_avx && (b & (1u << 5)))
            f |= HB_CPU_AVX2;
        if (b & (1u << 8))
            f |= HB_CPU_BMI2;
        if (b & (1u << 29))
            f |= HB_CPU_SHA_NI;
        if (os_avx && (c & (1u << 10)))
            f |= HB_CPU_VPCLMULQDQ;
        if (os_avx512) {
            if (b & (1u << 16))
                f |= HB_CPU_AVX512F;
            if (b & (1u << 30))
                f |= HB_CPU_AVX512BW;
            if (b & (1u << 31))
                f |= HB_CPU_AVX512VL;
        }
    }
    return f;
}
#elif defined(HB_CPU_AARCH64_LINUX)
/* The arm64 kernel's AT_HWCAP bits (its uapi asm/hwcap.h, a stable ABI), spelled out so that the
 * build does not depend on which kernel headers are installed. */
static const struct {
    unsigned long hwcap;
    uint32_t feature;
} aarch64_hwcaps[] = {
    {1ul << 1, HB_CPU_ASIMD}, /* HWCAP_ASIMD */
    {1ul << 3, HB_CPU_AES},   /* HWCAP_AES */
    {1ul << 4, HB_CPU_PMULL}, /* HWCAP_PMULL */
    {1ul << 6, HB_CPU_SHA2},  /* HWCAP_SHA2 */
    {1ul << 7, HB_CPU_CRC32}, /* HWCAP_CRC32 */
    {1ul << 17, HB_CPU_SHA3}, /* HWCAP_SHA3 */
    {1ul << 22, HB_CPU_SVE},  /* HWCAP_SVE */
};

static uint32_t detect(void)
{
    unsigned long hwcap = getauxval(AT_HWCAP);
    uint32_t f = 0;
    for (size_t i = 0; i < sizeof aarch64_hwcaps / sizeof aarch64_hwcaps[0]; i++)
        if (hwcap & aarch64_hwcaps[i].hwcap)
            f |= aarch64_hwcaps[i].feature;
    return f;
}
#else
/* No detector for this architecture or system: every entry that needs a feature is listed as
 * unavailable, and each name falls back to its portable or library implementation. */
static uint32_t detect(void)
{
    return 0;
}
#endif

uint32_t hb_cpu_features(void)
{
    if (!detected_once) {
        detected = detect();
        detected_once = 1;
    }
    return detected & restriction;
}

const char *hb_cpu_feature_name(uint32_t bit)
{
    for (unsigned i = 0; i < HB_CPU_FEATURE_COUNT; i++)
        if (bit == (1u << i))
            return feature_names[i];
    return NULL;
}

void hb_cpu_restrict(uint32_t mask)
{
    restriction = mask;
    for (const hb_resolve_fn *resolve = hb_dispatch_resolvers; *resolve != NULL; resolve++)
        (*resolve)(hb_cpu_features());
}

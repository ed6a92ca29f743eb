// machine.cpp — reading the machine: /proc, sysconf and cpuid.
#include "machine.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <unistd.h>

#include "hb_hash.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

namespace hb {

namespace {

std::string trim(const std::string &s)
{
    std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string cpuid_brand()
{
#if defined(__x86_64__)
    unsigned regs[12];
    if (unsigned(__get_cpuid_max(0x80000000, nullptr)) < 0x80000004)
        return "";
    for (unsigned i = 0; i < 3; i++)
        __get_cpuid(0x80000002 + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
    char brand[49];
    std::memcpy(brand, regs, 48);
    brand[48] = '\0';
    return trim(brand);
#else
    return "";
#endif
}

double monotonic_seconds()
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // namespace

std::string cpu_model()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            std::size_t colon = line.find(':');
            if (colon != std::string::npos && !trim(line.substr(colon + 1)).empty())
                return trim(line.substr(colon + 1));
        }
    }
    std::string brand = cpuid_brand();
    return brand.empty() ? "unknown" : brand;
}

std::string cpu_feature_names()
{
    std::string names;
    std::uint32_t present = hb_cpu_features();
    for (unsigned i = 0; i < HB_CPU_FEATURE_COUNT; i++)
        if (present & (1u << i))
            names += (names.empty() ? "" : " ") + std::string(hb_cpu_feature_name(1u << i));
    return names;
}

std::uint64_t llc_bytes()
{
    static const int levels[] = {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE};
    for (int level : levels) {
        long size = sysconf(level);
        if (size > 0)
            return std::uint64_t(size);
    }
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (unsigned(__get_cpuid_max(0x80000000, nullptr)) >= 0x80000006 && __get_cpuid(0x80000006, &a, &b, &c, &d) &&
        (d >> 18) != 0)
        return std::uint64_t(d >> 18) * 512 * 1024; // AMD: L3 size in 512 KiB units
#endif
    return 0;
}

std::uint64_t memory_available_bytes()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit)
        if (key == "MemAvailable:")
            return kib * 1024;
    return 0;
}

double measure_tsc_hz()
{
#if defined(__x86_64__)
    // The TSC is invariant on every CPU this targets (constant_tsc), so sleeping does not bias it.
    double t0 = monotonic_seconds();
    unsigned long long c0 = __rdtsc();
    struct timespec nap = {0, 50 * 1000 * 1000};
    nanosleep(&nap, nullptr);
    double t1 = monotonic_seconds();
    unsigned long long c1 = __rdtsc();
    return double(c1 - c0) / (t1 - t0);
#else
    return 0;
#endif
}

} // namespace hb

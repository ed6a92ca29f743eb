// machine.cpp — reading the machine: /proc, sysconf and cpuid.
#include "machine.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <vector>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

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

namespace {

// n dependent adds, 8 per asm block so the loop's own counter and branch, which do not depend
// on x, run beside the chain.
std::uint64_t add_chain(std::uint64_t n)
{
    std::uint64_t x = 0;
    for (std::uint64_t i = 0; i < n; i += 8) {
#if defined(__x86_64__)
        __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                         "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0"
                         : "+r"(x));
#elif defined(__aarch64__)
        __asm__ volatile("add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
                         "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1"
                         : "+r"(x));
#else
        for (int k = 0; k < 8; k++)
            __asm__ volatile("" : "+r"(x)); // no known one-cycle instruction: an estimate
        x += 8;
#endif
    }
    return x;
}

std::string invariant_tsc()
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (unsigned(__get_cpuid_max(0x80000000, nullptr)) < 0x80000007 || !__get_cpuid(0x80000007, &a, &b, &c, &d))
        return "unknown";
    return (d >> 8) & 1 ? "yes" : "no";
#else
    return "n/a";
#endif
}

// This thread's core cycles through perf_event_open, or -1 with why set.
int open_cycle_counter(std::string &why)
{
#if defined(__linux__)
    struct perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    int fd = int(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
    if (fd < 0)
        why = std::string("perf_event_open cycles: ") + std::strerror(errno);
    return fd;
#else
    why = "perf_event_open: not on this system";
    return -1;
#endif
}

std::uint64_t read_counter(int fd)
{
    std::uint64_t v = 0;
    if (fd < 0 || read(fd, &v, sizeof v) != ssize_t(sizeof v))
        return 0;
    return v;
}

} // namespace

core_clock calibrate_core_clock()
{
    // Short windows, many of them: a window the scheduler interrupts reads slow, and at a few
    // tenths of a millisecond most are not interrupted even on a busy machine, so the median holds.
    constexpr int windows = 31;
    constexpr std::uint64_t adds = std::uint64_t(1) << 20; // about 0.3 ms at 3.5 GHz
    core_clock clock;
    clock.invariant_tsc = invariant_tsc();
    std::string why;
    int fd = open_cycle_counter(why);
    if (fd >= 0) {
        ioctl(fd, PERF_EVENT_IOC_RESET, 0);
        ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
    }
    add_chain(adds); // warm-up: the clock ramps before the first window
    std::vector<double> hz, counted, tsc;
    for (int w = 0; w < windows; w++) {
        std::uint64_t c0 = read_counter(fd);
        double t0 = monotonic_seconds();
#if defined(__x86_64__)
        unsigned long long k0 = __rdtsc();
#endif
        add_chain(adds);
#if defined(__x86_64__)
        unsigned long long k1 = __rdtsc();
#endif
        double t1 = monotonic_seconds();
        std::uint64_t c1 = read_counter(fd);
        double seconds = t1 - t0;
        hz.push_back(double(adds) / seconds);
        counted.push_back(double(c1 - c0) / seconds);
#if defined(__x86_64__)
        tsc.push_back(double(k1 - k0) / seconds);
#endif
    }
    if (fd >= 0)
        close(fd);
    // A counter that opens but counts nothing (some hypervisors) is no counter.
    bool perf = fd >= 0 && *std::min_element(counted.begin(), counted.end()) > 0;
    if (fd >= 0 && !perf)
        why = "perf_event_open cycles: opened but counted nothing";
    if (perf)
        hz = counted;
    std::sort(hz.begin(), hz.end());
    clock.windows = windows;
    clock.hz = hz[windows / 2];
    clock.spread = (hz[3 * windows / 4] - hz[windows / 4]) / clock.hz;
    if (!tsc.empty()) {
        std::sort(tsc.begin(), tsc.end());
        clock.tsc_hz = tsc[tsc.size() / 2];
    }
    clock.source = perf ? "perf_event_open cycles over the calibration windows"
                        : "dependent add chain, one add per cycle (" + why + ")";
    return clock;
}

} // namespace hb

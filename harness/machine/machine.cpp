// machine.cpp — reading the machine: /proc, /sys, sysconf, cpuid and the AArch64 system registers.
#include "machine.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <vector>
#include <dirent.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#include "arm_cpu.h"
#include "hb_hash.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

namespace hb {

namespace {

#if !defined(__aarch64__) // AArch64 names its core from MIDR_EL1 (arm_cpu.h)
std::string trim(const std::string &s)
{
    std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}
#endif

double monotonic_seconds()
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // namespace

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

std::string cpu_model()
{
#if defined(__aarch64__)
    return arm_cpu_model(read_arm_cpu());
#else
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
#endif
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

namespace {

// "49152K", "1280K", "32M", "1G", "512": the size files of /sys's caches, in bytes; 0 when unreadable.
std::uint64_t cache_size_bytes(const std::string &text)
{
    char *end;
    unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (end == text.c_str())
        return 0;
    switch (*end) {
    case 'K': return v << 10;
    case 'M': return v << 20;
    case 'G': return v << 30;
    case '\0': return v;
    default: return 0;
    }
}

std::string first_word(const std::string &path)
{
    std::ifstream file(path);
    std::string word;
    file >> word;
    return word;
}

std::string mib_text(std::uint64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / 1048576.0);
    return text;
}

} // namespace

llc_report read_llc(const std::string &cache_dir)
{
    llc_report r;
    std::string sys_type;
    if (DIR *dir = opendir(cache_dir.c_str())) {
        while (struct dirent *entry = readdir(dir)) {
            std::string name = entry->d_name;
            if (name.rfind("index", 0) != 0)
                continue;
            std::string base = cache_dir + "/" + name + "/";
            std::string type = first_word(base + "type");
            int level = std::atoi(first_word(base + "level").c_str());
            std::uint64_t bytes = cache_size_bytes(first_word(base + "size"));
            if ((type != "Data" && type != "Unified") || level <= 0 || bytes == 0)
                continue; // instruction caches hold no data
            if (level > r.sys_level || (level == r.sys_level && bytes > r.sys_bytes)) {
                r.sys_level = level;
                r.sys_bytes = bytes;
                sys_type = type;
            }
        }
        closedir(dir);
    }
    static const int levels[] = {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE};
    for (int level : levels) {
        long size = sysconf(level);
        if (size > 0) {
            r.sysconf_bytes = std::uint64_t(size);
            break;
        }
    }
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (unsigned(__get_cpuid_max(0x80000000, nullptr)) >= 0x80000006 && __get_cpuid(0x80000006, &a, &b, &c, &d) &&
        (d >> 18) != 0)
        r.cpuid_bytes = std::uint64_t(d >> 18) * 512 * 1024; // AMD: L3 size in 512 KiB units
#endif
    if (r.sys_bytes > 0) {
        r.bytes = r.sys_bytes;
        r.source = cache_dir + " (level " + std::to_string(r.sys_level) + ", " + sys_type + ")";
    } else if (r.sysconf_bytes > 0) {
        r.bytes = r.sysconf_bytes;
        r.source = "sysconf (no cache sizes in " + cache_dir + ")";
    } else if (r.cpuid_bytes > 0) {
        r.bytes = r.cpuid_bytes;
        r.source = "cpuid 0x80000006 (no cache sizes in " + cache_dir + " or from sysconf)";
    } else {
        r.source = "unknown: no cache sizes in " + cache_dir + ", from sysconf or cpuid";
    }
    if (r.bytes > 0)
        r.source = mib_text(r.bytes) + " from " + r.source;
    return r;
}

const llc_report &llc()
{
    static const llc_report report = read_llc("/sys/devices/system/cpu/cpu0/cache");
    return report;
}

std::uint64_t llc_bytes()
{
    return llc().bytes;
}

std::map<std::string, std::string> llc_context(const llc_report &r)
{
    std::map<std::string, std::string> keys = {{"llc_bytes", std::to_string(r.bytes)}, {"llc_source", r.source}};
    if (r.sysconf_bytes != 0 && r.sysconf_bytes != r.bytes)
        keys["llc_bytes_sysconf"] = std::to_string(r.sysconf_bytes);
    return keys;
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
// on x, run beside the chain. Each adds a register, not an immediate: some cores retire a chain
// of dependent adds of a small immediate several to a cycle, folded before they execute (an
// Intel Sapphire Rapids Xeon ran such a chain at over five adds per cycle), which would make the
// clock read several times too fast; an add of a register's value goes through an ALU, one a
// cycle, as a dependent chain of imul does every three.
std::uint64_t add_chain(std::uint64_t n)
{
    std::uint64_t x = 0, one = 1;
    __asm__ volatile("" : "+r"(one)); // a value the compiler cannot turn back into an immediate
    for (std::uint64_t i = 0; i < n; i += 8) {
#if defined(__x86_64__)
        __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                         "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                         : "+r"(x)
                         : "r"(one));
#elif defined(__aarch64__)
        __asm__ volatile("add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
                         "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1"
                         : "+r"(x)
                         : "r"(one));
#else
        for (int k = 0; k < 8; k++)
            __asm__ volatile("" : "+r"(x)); // no known one-cycle instruction: an estimate
        x += 8 * one;
#endif
    }
    return x;
}

// The CPU's free-running counter: the TSC on x86-64, the generic timer's virtual count on AArch64
// (CNTVCT_EL0, readable from user space on Linux; the isb keeps the read in program order).
#if defined(__x86_64__)
constexpr const char *counter_name = "TSC (rdtsc)";
std::uint64_t read_cpu_counter()
{
    return __rdtsc();
}
double counter_nominal_hz()
{
    return 0; // the TSC has no rate register
}
#elif defined(__aarch64__)
constexpr const char *counter_name = "CNTVCT_EL0 (generic timer, virtual count; nominal rate CNTFRQ_EL0)";
std::uint64_t read_cpu_counter()
{
    std::uint64_t v;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
    return v;
}
double counter_nominal_hz()
{
    std::uint64_t v;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(v));
    return double(v);
}
#else
constexpr const char *counter_name = "none";
std::uint64_t read_cpu_counter()
{
    return 0;
}
double counter_nominal_hz()
{
    return 0;
}
#endif

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
    std::vector<double> hz, counted, ticks;
    for (int w = 0; w < windows; w++) {
        std::uint64_t c0 = read_counter(fd);
        double t0 = monotonic_seconds();
        std::uint64_t k0 = read_cpu_counter();
        add_chain(adds);
        std::uint64_t k1 = read_cpu_counter();
        double t1 = monotonic_seconds();
        std::uint64_t c1 = read_counter(fd);
        double seconds = t1 - t0;
        hz.push_back(double(adds) / seconds);
        counted.push_back(double(c1 - c0) / seconds);
        if (k1 != k0)
            ticks.push_back(double(k1 - k0) / seconds);
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
    clock.counter = counter_name;
    clock.counter_nominal_hz = counter_nominal_hz();
    if (!ticks.empty()) {
        std::sort(ticks.begin(), ticks.end());
        clock.counter_hz = ticks[ticks.size() / 2];
#if defined(__x86_64__)
        clock.tsc_hz = clock.counter_hz;
#endif
    }
    clock.source = perf ? "perf_event_open cycles over the calibration windows"
                        : "dependent add chain, one add per cycle (" + why + ")";
    return clock;
}

} // namespace hb

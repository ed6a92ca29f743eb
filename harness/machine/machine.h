/*
 * machine.h — facts about this machine that a run records or sizes itself by: the CPU model, its
 * last-level cache, the TSC rate, the memory available.
 */
#ifndef HB_MACHINE_H
#define HB_MACHINE_H

#include <cstdint>
#include <string>

namespace hb {

// "model name" from /proc/cpuinfo, else the cpuid brand string, else "unknown".
std::string cpu_model();
// The HB_CPU_* features present, by name, space-separated ("sse2 ssse3 ... sha_ni").
std::string cpu_feature_names();
// Size of the largest cache level in bytes, from sysconf (glibc reads cpuid; /sys may be absent),
// else cpuid leaf 0x80000006 on AMD; 0 when unknown.
std::uint64_t llc_bytes();
// MemAvailable from /proc/meminfo in bytes; 0 when unknown.
std::uint64_t memory_available_bytes();

// The core clock as the timed code sees it, measured at start-up.
struct core_clock {
    double hz = 0;     // median over the windows
    double spread = 0; // interquartile range / median over the windows
    int windows = 0;
    double tsc_hz = 0;         // TSC ticks per second over the same windows; 0 without a TSC
    std::string invariant_tsc; // "yes", "no" (cpuid 0x80000007 EDX bit 8), "n/a" off x86-64
    std::string source;        // how hz was counted
};

// Runs a chain of dependent register adds (one core cycle each on every x86-64 and ARMv8 core)
// over several windows, each bracketed by CLOCK_MONOTONIC_RAW (and the TSC); hz is adds per
// second, the median window. Where perf_event_open counts this thread's cycles, hz is counted
// cycles per second over the same windows instead, and source says which.
core_clock calibrate_core_clock();

} // namespace hb

#endif // HB_MACHINE_H

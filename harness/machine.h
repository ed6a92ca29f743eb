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
// Ticks per second of the time-stamp counter, measured against CLOCK_MONOTONIC_RAW over about
// 50 ms; 0 on CPUs without a TSC.
double measure_tsc_hz();

} // namespace hb

#endif // HB_MACHINE_H

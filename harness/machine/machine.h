/*
 * machine.h — facts about this machine that a run records or sizes itself by: the CPU model, its
 * last-level cache, the cycle counter's rate, the memory available.
 */
#ifndef HB_MACHINE_H
#define HB_MACHINE_H

#include <cstdint>
#include <map>
#include <string>

namespace hb {

// x86-64: "model name" from /proc/cpuinfo, else the cpuid brand string. AArch64 (whose cpuinfo has
// no model name): the core from MIDR_EL1, "ARM Neoverse-N1 r3p1" (arm_cpu.h). Else "unknown".
std::string cpu_model();
// x86-64: the brand string of CPUID leaves 0x80000002-4, trimmed; "" when the CPU has none, and
// off x86-64. Under valgrind this is the CPU valgrind presents (counting_cpu.h).
std::string cpuid_brand();
// The HB_CPU_* features present, by name, space-separated ("sse2 ssse3 ... sha_ni").
std::string cpu_feature_names();

// The last-level cache as each source reports it. The kernel's /sys is the one the run trusts:
// glibc's sysconf reads CPUID on x86-64, which a hypervisor may fill with its host's figure (seen:
// 320 MiB on a VM whose L3 is 48 MiB), and returns 0 on AArch64.
struct llc_report {
    std::uint64_t bytes = 0;         // what the run sizes itself by: /sys, else sysconf, else CPUID; 0 unknown
    std::uint64_t sys_bytes = 0;     // the highest level of cpu0's caches in /sys of type Data or Unified
    int sys_level = 0;               // its level
    std::uint64_t sysconf_bytes = 0; // sysconf(_SC_LEVEL4_CACHE_SIZE), else level 3, else level 2
    std::uint64_t cpuid_bytes = 0;   // AMD's CPUID 0x80000006 L3 size (x86-64 only)
    std::string source;              // where bytes came from, for the context
};

// Reads the caches under CACHE_DIR (the layout of /sys/devices/system/cpu/cpu0/cache: index*/
// with level, type and size such as "49152K") and asks sysconf and CPUID.
llc_report read_llc(const std::string &cache_dir);
// This machine's, read once (CACHE_DIR = /sys/devices/system/cpu/cpu0/cache).
const llc_report &llc();
// llc().bytes.
std::uint64_t llc_bytes();
// The context keys of a report: llc_bytes, llc_source, and llc_bytes_sysconf when sysconf gave a
// figure that differs from llc_bytes (on a VM it can be the host's cache, not the guest's).
std::map<std::string, std::string> llc_context(const llc_report &r);

// MemAvailable from /proc/meminfo in bytes; 0 when unknown.
std::uint64_t memory_available_bytes();

// The core clock as the timed code sees it, measured at start-up.
struct core_clock {
    double hz = 0;     // median over the windows
    double spread = 0; // interquartile range / median over the windows
    int windows = 0;
    std::string counter;           // the CPU's free-running counter: "TSC (rdtsc)", "CNTVCT_EL0 ...", "none"
    double counter_hz = 0;         // its ticks per second over the same windows; 0 without one
    double counter_nominal_hz = 0; // the rate the CPU states for it (AArch64: CNTFRQ_EL0); 0 when none
    double tsc_hz = 0;             // counter_hz on x86-64; 0 elsewhere (there is no TSC)
    std::string invariant_tsc;     // "yes", "no" (cpuid 0x80000007 EDX bit 8), "n/a" off x86-64
    std::string source;            // how hz was counted
};

// Runs a chain of dependent register adds (one core cycle each on every x86-64 and ARMv8 core)
// over several windows, each bracketed by CLOCK_MONOTONIC_RAW (and the cycle counter); hz is adds
// per second, the median window. Where perf_event_open counts this thread's cycles, hz is counted
// cycles per second over the same windows instead, and source says which.
core_clock calibrate_core_clock();

} // namespace hb

#endif // HB_MACHINE_H

/*
 * counting_cpu.h — the CPU the counted code saw: under valgrind, the CPUID valgrind presents (a
 * Haswell on any x86-64 host with AVX2), not the host's. /proc/cpuinfo is the host's file even
 * under valgrind, so the model comes from CPUID itself.
 */
#ifndef HB_COUNTING_CPU_H
#define HB_COUNTING_CPU_H

#include <string>

namespace hb {

// "GenuineIntel, Intel(R) Core(TM) i7-4910MQ CPU @ 2.90GHz; features: sse2 ... avx2 bmi2 aes":
// the vendor, the brand string and the HB_CPU_* features hb_cpu_features() reports.
std::string counting_cpu();
// The brand string alone (cpu_model in a counted run's context), or "unknown".
std::string counting_cpu_model();

} // namespace hb

#endif // HB_COUNTING_CPU_H

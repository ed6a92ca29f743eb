// known_cost.cpp — the expected cost of mulchain's chain on this core (known_cost.h).
#include "known_cost.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sched.h>

#include "hb_baselines.h"

namespace hb {

namespace {

#if defined(__aarch64__)
// MUL (X-form, an alias of MADD with XZR) latency per core type, keyed by MIDR_EL1's implementer
// and part number, each from the "Integer multiply" rows of the core's Software Optimization Guide
// published by Arm. A core not listed (Apple's among them: Apple publishes no per-instruction
// latencies) gets no known cost rather than a guess.
struct core_latency {
    unsigned implementer, part;
    const char *core;
    unsigned latency;
    const char *source;
};
const core_latency core_latencies[] = {
    {0x41, 0xd08, "Cortex-A72", 5, "Arm Cortex-A72 Software Optimization Guide"},
    {0x41, 0xd0b, "Cortex-A76", 2, "Arm Cortex-A76 Software Optimization Guide"},
    {0x41, 0xd0c, "Neoverse N1", 2, "Arm Neoverse N1 Software Optimization Guide"},
    {0x41, 0xd40, "Neoverse V1", 2, "Arm Neoverse V1 Software Optimization Guide"},
    {0x41, 0xd44, "Cortex-X1", 2, "Arm Cortex-X1 Software Optimization Guide"},
    {0x41, 0xd49, "Neoverse N2", 2, "Arm Neoverse N2 Software Optimization Guide"},
    {0x41, 0xd4f, "Neoverse V2", 2, "Arm Neoverse V2 Software Optimization Guide"},
};

// MIDR_EL1 of the CPU this thread runs on: the kernel's copy in sysfs, else the register itself
// (Linux emulates the read from user space; qemu-user answers it too).
std::uint64_t read_midr()
{
    int cpu = sched_getcpu();
    std::uint64_t midr = 0;
    if (cpu >= 0) {
        std::ifstream f("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/regs/identification/midr_el1");
        if (f >> std::hex >> midr)
            return midr;
    }
    __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
    return midr;
}
#endif

} // namespace

known_cost mulchain_known_cost()
{
    known_cost k;
#if defined(__x86_64__)
    k.latency = 3;
    k.basis = "imul r64 latency on x86-64";
#elif defined(__aarch64__)
    std::uint64_t midr = read_midr();
    unsigned implementer = unsigned(midr >> 24) & 0xff, part = unsigned(midr >> 4) & 0xfff;
    char id[48];
    std::snprintf(id, sizeof id, "MIDR implementer 0x%02x part 0x%03x", implementer, part);
    k.basis = std::string("core ") + id + " is not in the table of 64-bit multiply latencies";
    for (const auto &c : core_latencies) {
        if (c.implementer == implementer && c.part == part) {
            k.latency = c.latency;
            k.basis = std::string("MUL X-form latency of ") + c.core + " (" + id + "), " + c.source;
        }
    }
#else
    k.basis = "no table of multiply latencies for this architecture";
#endif
    k.cycles = double(k.latency) * HB_MULCHAIN_MULS;
    return k;
}

std::string known_cost_label(const known_cost &k)
{
    if (k.latency == 0)
        return "known cost: unknown (" + k.basis + ")";
    char text[64];
    std::snprintf(text, sizeof text, "known cost: %.0f core cycles (%d x %u, ", k.cycles, HB_MULCHAIN_MULS, k.latency);
    return text + k.basis + ")";
}

} // namespace hb

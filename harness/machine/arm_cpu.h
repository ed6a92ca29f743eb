/*
 * arm_cpu.h — what an AArch64 machine says about its CPU, for the run's context: the core from
 * MIDR_EL1 (implementer, part, variant, revision) with a name table of the common cores, and the
 * features the kernel reports in AT_HWCAP and AT_HWCAP2 as named booleans. The parsers and tables
 * build on every architecture (the unit test runs them anywhere); only read_arm_cpu() and
 * read_arm_features() look at the machine, and only on AArch64.
 */
#ifndef HB_ARM_CPU_H
#define HB_ARM_CPU_H

#include <cstdint>
#include <string>

namespace hb {

// MIDR_EL1's fields, and where they were read.
struct arm_midr {
    bool known = false;
    unsigned implementer = 0; // bits 31:24 (0x41 Arm, 0x61 Apple, 0xc0 Ampere, ...)
    unsigned variant = 0;     // bits 23:20, the major revision: r<variant>
    unsigned part = 0;        // bits 15:4
    unsigned revision = 0;    // bits 3:0, the minor revision: p<revision>
    std::string source;       // the file or instruction it came from
};

arm_midr midr_from_value(std::uint64_t midr, const std::string &source);

// The first processor's "CPU implementer", "CPU variant", "CPU part" and "CPU revision" lines of
// an AArch64 /proc/cpuinfo; known = false when the text has no "CPU implementer" and "CPU part".
arm_midr midr_from_cpuinfo(const std::string &cpuinfo);

// "Arm", "Apple", ...; "implementer 0x4b" for one not in the table.
std::string arm_implementer_name(unsigned implementer);

// "Neoverse N1", "Cortex-A53", "Firestorm (M1)", ...; "" for a part not in the table.
std::string arm_core_name(unsigned implementer, unsigned part);

// What cpu_model says on AArch64: "Arm Neoverse N1 r3p1", or "Arm part 0xd99 r0p0" for a core
// the table lacks; "unknown AArch64 CPU" when MIDR_EL1 could not be read.
std::string arm_cpu_model(const arm_midr &midr);

// This machine's MIDR_EL1: the kernel's /sys/devices/system/cpu/cpu0/regs/identification/midr_el1,
// else /proc/cpuinfo, else the register itself (mrs, which the kernel emulates for user space when
// AT_HWCAP has cpuid). known = false off AArch64.
arm_midr read_arm_cpu();

// The AArch64 features the context names, one boolean each, from AT_HWCAP and AT_HWCAP2 (bit
// positions of Linux's arch/arm64/include/uapi/asm/hwcap.h, the names /proc/cpuinfo prints).
struct arm_features {
    bool fp = false, asimd = false, aes = false, pmull = false, sha1 = false, sha2 = false, crc32 = false,
         atomics = false, asimdrdm = false, sha3 = false, sm3 = false, sm4 = false, asimddp = false, sha512 = false,
         sve = false, sve2 = false, sveaes = false, svepmull = false, svesha3 = false, i8mm = false, bf16 = false,
         rng = false, bti = false, mte = false;
};

arm_features arm_features_from_hwcaps(std::uint64_t hwcap, std::uint64_t hwcap2);

// The features present, space-separated, in the kernel's names ("fp asimd aes pmull ...").
std::string arm_feature_names(const arm_features &f);

// This machine's, from getauxval (all false off AArch64).
arm_features read_arm_features();

} // namespace hb

#endif // HB_ARM_CPU_H

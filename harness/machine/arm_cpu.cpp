// arm_cpu.cpp — MIDR_EL1 and AT_HWCAP/AT_HWCAP2 into names for the run's context.
#include "arm_cpu.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace hb {

namespace {

struct implementer_row {
    unsigned id;
    const char *name;
};

// The implementer codes of the Arm Architecture Reference Manual (MIDR_EL1.Implementer).
const implementer_row implementers[] = {
    {0x00, "Software"}, // reserved for software: emulators' own CPUs
    {0x41, "ARM"},      {0x42, "Broadcom"},  {0x43, "Cavium"},   {0x46, "Fujitsu"}, {0x48, "HiSilicon"},
    {0x4e, "NVIDIA"},   {0x50, "APM"},       {0x51, "Qualcomm"}, {0x53, "Samsung"}, {0x56, "Marvell"},
    {0x61, "Apple"},    {0x6d, "Microsoft"}, {0xc0, "Ampere"},
};

struct core_row {
    unsigned implementer, part;
    const char *name;
};

// The parts people benchmark on, by implementer and part number (as Linux's cputype.h and the
// cores' technical reference manuals give them). Apple's cores appear only where Linux runs on them.
const core_row cores[] = {
    {0x00, 0x051, "(qemu -cpu max)"},
    {0x41, 0xd03, "Cortex-A53"},
    {0x41, 0xd04, "Cortex-A35"},
    {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},
    {0x41, 0xd08, "Cortex-A72"},
    {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},
    {0x41, 0xd0b, "Cortex-A76"},
    {0x41, 0xd0c, "Neoverse-N1"},
    {0x41, 0xd0d, "Cortex-A77"},
    {0x41, 0xd40, "Neoverse-V1"},
    {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd42, "Cortex-A78AE"},
    {0x41, 0xd44, "Cortex-X1"},
    {0x41, 0xd46, "Cortex-A510"},
    {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},
    {0x41, 0xd49, "Neoverse-N2"},
    {0x41, 0xd4a, "Neoverse-E1"},
    {0x41, 0xd4b, "Cortex-A78C"},
    {0x41, 0xd4c, "Cortex-X1C"},
    {0x41, 0xd4d, "Cortex-A715"},
    {0x41, 0xd4e, "Cortex-X3"},
    {0x41, 0xd4f, "Neoverse-V2"},
    {0x41, 0xd80, "Cortex-A520"},
    {0x41, 0xd81, "Cortex-A720"},
    {0x41, 0xd82, "Cortex-X4"},
    {0x41, 0xd84, "Neoverse-V3"},
    {0x41, 0xd85, "Cortex-X925"},
    {0x41, 0xd87, "Cortex-A725"},
    {0x41, 0xd8e, "Neoverse-N3"},
    {0x42, 0x516, "Vulcan"},
    {0x43, 0x0a1, "ThunderX"},
    {0x43, 0x0af, "ThunderX2"},
    {0x46, 0x001, "A64FX"},
    {0x48, 0xd01, "TaiShan v110 (Kunpeng 920)"},
    {0x4e, 0x003, "Denver"},
    {0x4e, 0x004, "Carmel"},
    {0x51, 0x800, "Kryo 2xx Gold"},
    {0x51, 0x801, "Kryo 2xx Silver"},
    {0x51, 0x803, "Kryo 3xx Silver"},
    {0x51, 0x804, "Kryo 4xx Gold"},
    {0x51, 0x805, "Kryo 4xx Silver"},
    {0x51, 0xc00, "Falkor"},
    {0x61, 0x022, "Icestorm (M1)"},
    {0x61, 0x023, "Firestorm (M1)"},
    {0x61, 0x024, "Icestorm (M1 Pro)"},
    {0x61, 0x025, "Firestorm (M1 Pro)"},
    {0x61, 0x028, "Icestorm (M1 Max)"},
    {0x61, 0x029, "Firestorm (M1 Max)"},
    {0x61, 0x032, "Blizzard (M2)"},
    {0x61, 0x033, "Avalanche (M2)"},
    {0x61, 0x034, "Blizzard (M2 Pro)"},
    {0x61, 0x035, "Avalanche (M2 Pro)"},
    {0x61, 0x038, "Blizzard (M2 Max)"},
    {0x61, 0x039, "Avalanche (M2 Max)"},
    {0xc0, 0xac3, "AmpereOne"},
    {0xc0, 0xac4, "AmpereOne AC04"},
};

struct feature_row {
    const char *name;
    int word; // 1: AT_HWCAP, 2: AT_HWCAP2
    int bit;
    bool arm_features::*flag;
};

// Bit positions of Linux's arch/arm64/include/uapi/asm/hwcap.h.
const feature_row features[] = {
    {"fp", 1, 0, &arm_features::fp},
    {"asimd", 1, 1, &arm_features::asimd},
    {"aes", 1, 3, &arm_features::aes},
    {"pmull", 1, 4, &arm_features::pmull},
    {"sha1", 1, 5, &arm_features::sha1},
    {"sha2", 1, 6, &arm_features::sha2},
    {"crc32", 1, 7, &arm_features::crc32},
    {"atomics", 1, 8, &arm_features::atomics},
    {"asimdrdm", 1, 12, &arm_features::asimdrdm},
    {"sha3", 1, 17, &arm_features::sha3},
    {"sm3", 1, 18, &arm_features::sm3},
    {"sm4", 1, 19, &arm_features::sm4},
    {"asimddp", 1, 20, &arm_features::asimddp},
    {"sha512", 1, 21, &arm_features::sha512},
    {"sve", 1, 22, &arm_features::sve},
    {"sve2", 2, 1, &arm_features::sve2},
    {"sveaes", 2, 2, &arm_features::sveaes},
    {"svepmull", 2, 3, &arm_features::svepmull},
    {"svesha3", 2, 5, &arm_features::svesha3},
    {"i8mm", 2, 13, &arm_features::i8mm},
    {"bf16", 2, 14, &arm_features::bf16},
    {"rng", 2, 16, &arm_features::rng},
    {"bti", 2, 17, &arm_features::bti},
    {"mte", 2, 18, &arm_features::mte},
};

std::string hex(unsigned v, int digits)
{
    char text[16];
    std::snprintf(text, sizeof text, "0x%0*x", digits, v);
    return text;
}

// The number after "key:" on a cpuinfo line ("CPU part\t: 0xd0c"), in any base strtoul reads.
bool cpuinfo_number(const std::string &line, const char *key, unsigned &out)
{
    if (line.rfind(key, 0) != 0)
        return false;
    std::size_t colon = line.find(':');
    if (colon == std::string::npos)
        return false;
    const char *start = line.c_str() + colon + 1;
    char *end;
    unsigned long v = std::strtoul(start, &end, 0);
    if (end == start)
        return false;
    out = unsigned(v);
    return true;
}

} // namespace

arm_midr midr_from_value(std::uint64_t midr, const std::string &source)
{
    arm_midr m;
    m.known = true;
    m.implementer = unsigned(midr >> 24) & 0xff;
    m.variant = unsigned(midr >> 20) & 0xf;
    m.part = unsigned(midr >> 4) & 0xfff;
    m.revision = unsigned(midr) & 0xf;
    m.source = source;
    return m;
}

arm_midr midr_from_cpuinfo(const std::string &cpuinfo)
{
    arm_midr m;
    bool implementer = false, part = false;
    std::istringstream in(cpuinfo);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() && (implementer || part))
            break; // the first processor's block only
        implementer |= cpuinfo_number(line, "CPU implementer", m.implementer);
        part |= cpuinfo_number(line, "CPU part", m.part);
        cpuinfo_number(line, "CPU variant", m.variant);
        cpuinfo_number(line, "CPU revision", m.revision);
    }
    m.known = implementer && part;
    m.source = "/proc/cpuinfo";
    return m;
}

std::string arm_implementer_name(unsigned implementer)
{
    for (const implementer_row &row : implementers)
        if (row.id == implementer)
            return row.name;
    return "implementer " + hex(implementer, 2);
}

std::string arm_core_name(unsigned implementer, unsigned part)
{
    for (const core_row &row : cores)
        if (row.implementer == implementer && row.part == part)
            return row.name;
    return "";
}

std::string arm_cpu_model(const arm_midr &midr)
{
    if (!midr.known)
        return "unknown AArch64 CPU";
    std::string core = arm_core_name(midr.implementer, midr.part);
    if (core.empty())
        core = "part " + hex(midr.part, 3);
    return arm_implementer_name(midr.implementer) + " " + core + " r" + std::to_string(midr.variant) + "p" +
           std::to_string(midr.revision);
}

arm_midr read_arm_cpu()
{
#if defined(__aarch64__) && defined(__linux__)
    const char *sys = "/sys/devices/system/cpu/cpu0/regs/identification/midr_el1";
    std::ifstream file(sys);
    std::string text;
    if (file >> text) {
        char *end;
        unsigned long long v = std::strtoull(text.c_str(), &end, 16);
        if (end != text.c_str() && *end == '\0')
            return midr_from_value(v, sys);
    }
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::stringstream all;
    all << cpuinfo.rdbuf();
    arm_midr from_cpuinfo = midr_from_cpuinfo(all.str());
    if (from_cpuinfo.known)
        return from_cpuinfo;
    if (getauxval(AT_HWCAP) & (1ul << 11)) { // HWCAP_CPUID: the kernel emulates the ID registers
        std::uint64_t v;
        __asm__ volatile("mrs %0, midr_el1" : "=r"(v));
        return midr_from_value(v, "mrs midr_el1");
    }
#endif
    return arm_midr();
}

arm_features arm_features_from_hwcaps(std::uint64_t hwcap, std::uint64_t hwcap2)
{
    arm_features f;
    for (const feature_row &row : features)
        f.*row.flag = ((row.word == 1 ? hwcap : hwcap2) >> row.bit) & 1;
    return f;
}

std::string arm_feature_names(const arm_features &f)
{
    std::string names;
    for (const feature_row &row : features)
        if (f.*row.flag)
            names += (names.empty() ? "" : " ") + std::string(row.name);
    return names;
}

arm_features read_arm_features()
{
#if defined(__aarch64__) && defined(__linux__)
    return arm_features_from_hwcaps(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
#else
    return arm_features();
#endif
}

} // namespace hb

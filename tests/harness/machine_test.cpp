// machine_test.cpp — the machine facts a run records are read right, on made-up inputs whose
// answers are known: the last-level cache is the highest Data or Unified level of a /sys cache
// folder laid out here (instruction caches and unreadable entries ignored, K/M sizes), sysconf's
// figure is used only where /sys has none and recorded beside when it differs; MIDR_EL1 values
// and AArch64 /proc/cpuinfo text of known cores give their published names (the Linux kernel's
// and the cores' manuals' part numbers); AT_HWCAP bits give the kernel's feature names.
// Failures print what reproduces them.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "arm_cpu.h"
#include "check.h"
#include "machine.h"

namespace {

void write_file(const std::string &path, const std::string &text)
{
    if (std::FILE *f = std::fopen(path.c_str(), "w")) {
        std::fputs(text.c_str(), f);
        std::fclose(f);
    }
}

// index<i>/ with level, type and size files, as the kernel lays out cpu0/cache.
void add_cache(const std::string &dir, int index, const char *level, const char *type, const char *size)
{
    std::string d = dir + "/index" + std::to_string(index);
    mkdir(d.c_str(), 0755);
    write_file(d + "/level", std::string(level) + "\n");
    write_file(d + "/type", std::string(type) + "\n");
    write_file(d + "/size", std::string(size) + "\n");
}

void remove_tree(const std::string &dir)
{
    std::string command = "rm -rf '" + dir + "'";
    if (std::system(command.c_str()) != 0)
        std::fprintf(stderr, "could not remove %s\n", dir.c_str());
}

void test_llc_from_sys()
{
    char templ[] = "/tmp/hb_machine_test.XXXXXX";
    const char *made = mkdtemp(templ);
    CHECK(made != nullptr, "mkdtemp");
    if (made == nullptr)
        return;
    std::string root = made;

    // This VM's layout: L1d 48K, L1i 32K, L2 1280K, L3 48 MiB shared.
    std::string vm = root + "/vm";
    mkdir(vm.c_str(), 0755);
    add_cache(vm, 0, "1", "Data", "48K");
    add_cache(vm, 1, "1", "Instruction", "32K");
    add_cache(vm, 2, "2", "Unified", "1280K");
    add_cache(vm, 3, "3", "Unified", "49152K");
    hb::llc_report r = hb::read_llc(vm);
    CHECK(r.bytes == 50331648 && r.sys_bytes == 50331648 && r.sys_level == 3, "bytes %llu level %d",
          (unsigned long long)r.bytes, r.sys_level);
    CHECK(r.source.find("48.0 MiB from " + vm + " (level 3, Unified)") == 0, "source '%s'", r.source.c_str());

    // A core without L3 whose biggest instruction cache is larger than its L2; sizes in M; an
    // index with no size (some ARM firmware) is passed over.
    std::string arm = root + "/arm";
    mkdir(arm.c_str(), 0755);
    add_cache(arm, 0, "1", "Data", "64K");
    add_cache(arm, 1, "1", "Instruction", "64K");
    add_cache(arm, 2, "2", "Unified", "1M");
    add_cache(arm, 3, "3", "Instruction", "8M");
    add_cache(arm, 4, "4", "Unified", "");
    r = hb::read_llc(arm);
    CHECK(r.bytes == 1048576 && r.sys_level == 2, "bytes %llu level %d", (unsigned long long)r.bytes, r.sys_level);

    // No /sys folder: sysconf's figure (whatever this machine's is), and the source says so.
    r = hb::read_llc(root + "/absent");
    CHECK(r.sys_bytes == 0 && r.bytes == (r.sysconf_bytes ? r.sysconf_bytes : r.cpuid_bytes),
          "bytes %llu sysconf %llu cpuid %llu", (unsigned long long)r.bytes, (unsigned long long)r.sysconf_bytes,
          (unsigned long long)r.cpuid_bytes);
    CHECK(r.source.find("no cache sizes in " + root + "/absent") != std::string::npos, "source '%s'", r.source.c_str());
    long sc = sysconf(_SC_LEVEL3_CACHE_SIZE);
    CHECK(sc <= 0 || r.sysconf_bytes != 0, "sysconf level 3 says %ld, the report %llu", sc,
          (unsigned long long)r.sysconf_bytes);
    remove_tree(root);

    // The context: /sys's 48 MiB is llc_bytes; a hypervisor's 320 MiB through sysconf is recorded
    // beside it, and only when it differs.
    hb::llc_report vm_report;
    vm_report.bytes = vm_report.sys_bytes = 50331648;
    vm_report.sysconf_bytes = 335544320;
    vm_report.source = "48.0 MiB from /sys";
    auto keys = hb::llc_context(vm_report);
    CHECK(keys["llc_bytes"] == "50331648" && keys["llc_bytes_sysconf"] == "335544320" &&
              keys["llc_source"] == "48.0 MiB from /sys",
          "llc_bytes %s, llc_bytes_sysconf %s", keys["llc_bytes"].c_str(), keys["llc_bytes_sysconf"].c_str());
    vm_report.sysconf_bytes = 50331648;
    CHECK(hb::llc_context(vm_report).count("llc_bytes_sysconf") == 0, "llc_bytes_sysconf when sysconf agrees");
    vm_report.sysconf_bytes = 0;
    CHECK(hb::llc_context(vm_report).count("llc_bytes_sysconf") == 0, "llc_bytes_sysconf when sysconf has none");
}

void test_midr_names()
{
    static const struct {
        std::uint64_t midr;
        const char *model;
    } known[] = {
        {0x410fd034, "ARM Cortex-A53 r0p4"},           // Raspberry Pi 3, qemu -cpu cortex-a53
        {0x410fd083, "ARM Cortex-A72 r0p3"},           // Raspberry Pi 4
        {0x413fd0c1, "ARM Neoverse-N1 r3p1"},          // Ampere Altra, Graviton2
        {0x411fd401, "ARM Neoverse-V1 r1p1"},          // Graviton3
        {0x410fd4f1, "ARM Neoverse-V2 r0p1"},          // Graviton4, Grace
        {0x410fd490, "ARM Neoverse-N2 r0p0"},          //
        {0x610f0230, "Apple Firestorm (M1) r0p0"},     // Asahi Linux on an M1
        {0xc00fac30, "Ampere AmpereOne r0p0"},         //
        {0x000f0510, "Software (qemu -cpu max) r0p0"}, // qemu's own CPU
        {0x410fd990, "ARM part 0xd99 r0p0"},           // a part the table lacks
        {0x4b0f0010, "implementer 0x4b part 0x001 r0p0"},
    };
    for (const auto &k : known) {
        std::string model = hb::arm_cpu_model(hb::midr_from_value(k.midr, "test"));
        CHECK(model == k.model, "MIDR %#llx: '%s', want '%s'", (unsigned long long)k.midr, model.c_str(), k.model);
    }
    CHECK(hb::arm_cpu_model(hb::arm_midr()) == "unknown AArch64 CPU", "unknown");

    // An AArch64 /proc/cpuinfo (two Neoverse-N1 processors); only the first block counts.
    const char *cpuinfo = "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n"
                          "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\n"
                          "CPU revision\t: 1\n\nprocessor\t: 1\nCPU implementer\t: 0x61\nCPU part\t: 0x023\n";
    hb::arm_midr m = hb::midr_from_cpuinfo(cpuinfo);
    CHECK(m.known && hb::arm_cpu_model(m) == "ARM Neoverse-N1 r3p1", "cpuinfo: '%s'", hb::arm_cpu_model(m).c_str());
    // x86's cpuinfo (what qemu-user shows an AArch64 program) has no AArch64 fields.
    m = hb::midr_from_cpuinfo("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R)\n");
    CHECK(!m.known, "x86 cpuinfo read as AArch64");
}

void test_hwcap_names()
{
    // qemu -cpu cortex-a53 reports AT_HWCAP 0x8fb: fp asimd aes pmull sha1 sha2 crc32 cpuid.
    std::string names = hb::arm_feature_names(hb::arm_features_from_hwcaps(0x8fb, 0));
    CHECK(names == "fp asimd aes pmull sha1 sha2 crc32", "0x8fb: '%s'", names.c_str());
    hb::arm_features f = hb::arm_features_from_hwcaps(0x3, 0); // fp asimd only: no crypto, no CRC
    CHECK(f.fp && f.asimd && !f.aes && !f.pmull && !f.sha2 && !f.crc32, "0x3");
    // SVE in AT_HWCAP bit 22, SVE2 in AT_HWCAP2 bit 1, SHA3 17, SHA512 21.
    f = hb::arm_features_from_hwcaps((1u << 22) | (1u << 17) | (1u << 21), 1u << 1);
    CHECK(f.sve && f.sve2 && f.sha3 && f.sha512 && !f.aes, "sve sve2 sha3 sha512");
    CHECK(hb::arm_feature_names(hb::arm_features()).empty(), "none");
}

} // namespace

int main()
{
    test_llc_from_sys();
    test_midr_names();
    test_hwcap_names();
    if (hb_test::failures == 0)
        std::printf("machine_test: all checks passed\n");
    return hb_test::failures == 0 ? 0 : 1;
}

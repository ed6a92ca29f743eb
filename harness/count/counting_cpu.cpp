// counting_cpu.cpp — the vendor and brand from CPUID leaves 0 and 0x80000002-4 (x86-64); the
// kernel's view of the core elsewhere.
#include "counting_cpu.h"

#include <cstring>

#include "hb_hash.h"
#include "machine.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace hb {

namespace {

std::string trimmed(const char *text)
{
    std::string s = text;
    std::size_t first = s.find_first_not_of(' ');
    std::size_t last = s.find_last_not_of(' ');
    return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

std::string vendor()
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return "unknown";
    char text[13];
    std::memcpy(text, &b, 4);
    std::memcpy(text + 4, &d, 4);
    std::memcpy(text + 8, &c, 4);
    text[12] = '\0';
    return text;
#else
    return "";
#endif
}

} // namespace

std::string counting_cpu_model()
{
#if defined(__x86_64__)
    unsigned regs[12];
    if (unsigned(__get_cpuid_max(0x80000000, nullptr)) < 0x80000004)
        return "unknown";
    for (unsigned i = 0; i < 3; i++)
        __get_cpuid(0x80000002 + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
    char brand[49];
    std::memcpy(brand, regs, 48);
    brand[48] = '\0';
    std::string model = trimmed(brand);
    return model.empty() ? "unknown" : model;
#else
    return cpu_model();
#endif
}

std::string counting_cpu()
{
    std::string v = vendor();
    return (v.empty() ? "" : v + ", ") + counting_cpu_model() + "; features: " + cpu_feature_names();
}

} // namespace hb

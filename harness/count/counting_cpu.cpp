// counting_cpu.cpp — the vendor from CPUID leaf 0 and the brand from the machine layer's CPUID
// query (x86-64); the kernel's view of the core elsewhere.
#include "counting_cpu.h"

#include <cstring>

#include "hb_hash.h"
#include "machine.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace hb {

namespace {

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
    std::string model = cpuid_brand();
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

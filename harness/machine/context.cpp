// context.cpp — provenance keys: build, CPU, run parameters, and each library's version and linkage.
#include "context.h"

#include <cctype>
#include <cstdio>

#include <benchmark/benchmark.h>

#include "hb_build_info.h"
#include "hb_version.h"
#include "arm_cpu.h"
#include "hb_hash_cli.h"
#include "machine.h"

namespace hb {

namespace {

// "lib_openssl" for "OpenSSL 3.0.19 ...", "lib_xxhash" for "libxxhash 0.8.1" and "xxhash.h 0.8.1";
// "" for our own code (builtin linkage).
std::string provider_key(const hb_hash *h)
{
    if (h->linkage == HB_LINK_BUILTIN)
        return "";
    std::string word = h->version();
    word = word.substr(0, word.find(' '));
    std::string key;
    for (char c : word)
        key += char(std::tolower(static_cast<unsigned char>(c)));
    if (key.size() > 2 && key.compare(key.size() - 2, 2, ".h") == 0)
        key.erase(key.size() - 2); // a header library: "xxhash.h"
    if (key.size() > 3 && key.compare(0, 3, "lib") == 0)
        key.erase(0, 3); // "libxxhash"
    std::string clean;
    for (char c : key)
        if (std::isalnum(static_cast<unsigned char>(c)))
            clean += c;
    return "lib_" + clean;
}

} // namespace

void add_provider_versions(std::map<std::string, std::string> &context, const std::vector<const hb_hash *> &entries)
{
    for (const hb_hash *h : entries) {
        std::string key = provider_key(h);
        if (key.empty())
            continue;
        std::string text = std::string(h->version()) + "; " + hb_linkage_name(h->linkage);
        std::string &value = context[key];
        if (value.find(text) == std::string::npos)
            value += (value.empty() ? "" : " | ") + text;
    }
}

namespace {

std::string number(double v, const char *format)
{
    char text[48];
    std::snprintf(text, sizeof text, format, v);
    return text;
}

} // namespace

std::map<std::string, std::string> provenance(const run_facts &facts, const std::vector<const hb_hash *> &entries)
{
    char tsc[32];
    std::snprintf(tsc, sizeof tsc, "%.0f", facts.tsc_hz);
    std::map<std::string, std::string> context = {
        {"hashbench_version", HB_VERSION},
        {"hashbench_schema", std::to_string(hashbench_schema)},
        {"compiler", HB_C_COMPILER},
        {"cxx_compiler", HB_CXX_COMPILER},
        {"c_flags", HB_C_FLAGS},
        {"cxx_flags", HB_CXX_FLAGS},
        {"build_type", HB_BUILD_TYPE},
        {"sanitizers", HB_SANITIZERS[0] != '\0' ? HB_SANITIZERS : "none"},
        {"cpu_model", cpu_model()},
        {"cpu_features", cpu_feature_names()},
        {"ram_pool_bytes", std::to_string(facts.ram_pool_bytes)},
        {"tsc_hz", tsc},
        {"invariant_tsc", facts.clock.invariant_tsc},
        {"cycle_counter", facts.clock.counter},
        {"counter_hz", number(facts.clock.counter_hz, "%.0f")},
        {"core_hz", number(facts.clock.hz, "%.0f")},
        {"core_hz_spread", number(100 * facts.clock.spread, "%.2f%%") + " over " + std::to_string(facts.clock.windows) +
                               " windows, interquartile range / median"},
        {"cycles_source", facts.clock.source},
        {"cycles_unit", "core cycles: real time x core_hz"},
        {"rate_clock", "real time: bytes_per_second, cycles/B and cycles/hash come from the real time of the "
                       "row's timed loop, as real_time does"},
        {"input_align", facts.align < 0 ? "rotating 0-63" : std::to_string(facts.align)},
        {"time_per_iteration", "one hash"},
    };
    for (const auto &kv : llc_context(llc()))
        context[kv.first] = kv.second;
    if (facts.clock.counter_nominal_hz > 0)
        context["counter_nominal_hz"] = number(facts.clock.counter_nominal_hz, "%.0f");
#if defined(__aarch64__)
    // The core and the features as the kernel reports them (cpu_model is built from the former).
    arm_midr midr = read_arm_cpu();
    if (midr.known) {
        char text[96];
        std::snprintf(text, sizeof text, "implementer 0x%02x, variant 0x%x, part 0x%03x, revision 0x%x",
                      midr.implementer, midr.variant, midr.part, midr.revision);
        context["cpu_midr"] = std::string(text) + " (" + midr.source + ")";
    }
    context["arm_features"] = arm_feature_names(read_arm_features());
#endif
    add_provider_versions(context, entries);
    return context;
}

void add_provenance_context(const run_facts &facts, const std::vector<const hb_hash *> &entries)
{
    for (const auto &kv : provenance(facts, entries))
        benchmark::AddCustomContext(kv.first, kv.second);
}

} // namespace hb

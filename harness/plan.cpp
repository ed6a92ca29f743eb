// plan.cpp — naming, the CPU guard, and the filter.
#include "plan.h"

#include <regex>

namespace hb {

std::string benchmark_name(suite s, const hb_hash *h, const std::vector<std::pair<std::string, std::string>> &keys)
{
    std::string name = std::string(suite_name(s)) + "/algo:" + h->name + "/impl:" + h->impl;
    for (const auto &kv : keys)
        name += "/" + kv.first + ":" + kv.second;
    return name;
}

std::function<void(benchmark::State &)> guarded(const hb_hash *h, std::function<void(benchmark::State &)> body)
{
    return [h, body](benchmark::State &state) {
        char why[128];
        if (!hb_can_run(h, why, sizeof why)) {
            std::string reason = std::string("skipped: this CPU cannot run ") + h->name + "/" + h->impl + " (" + why +
                                 ")";
            state.SkipWithError(reason.c_str());
            return;
        }
        body(state);
    };
}

plan filter_plan(const plan &all, const std::string &filter)
{
    std::string pattern = filter.empty() || filter == "all" ? "." : filter;
    bool negate = pattern[0] == '-';
    if (negate)
        pattern.erase(0, 1);
    std::regex re(pattern, std::regex::extended); // checked when the flag was parsed
    plan kept;
    for (const auto &b : all)
        if (std::regex_search(b.name, re) != negate)
            kept.push_back(b);
    return kept;
}

} // namespace hb

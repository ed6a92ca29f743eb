// plan_filter.cpp — --benchmark_filter applied to the plan, with Google Benchmark's rules.
#include "plan_filter.h"

#include <regex>

namespace hb {

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

std::string filter_pattern_error(const std::string &filter)
{
    std::string pattern = !filter.empty() && filter[0] == '-' ? filter.substr(1) : filter;
    try {
        std::regex re(pattern, std::regex::extended);
    } catch (const std::regex_error &e) {
        return e.what();
    }
    return "";
}

} // namespace hb

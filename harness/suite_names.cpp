// suite_names.cpp — suite names (the order of all_suites is the order suites are registered).
#include "suite_names.h"

namespace hb {

const char *suite_name(suite s)
{
    switch (s) {
    case suite::throughput: return "throughput";
    case suite::latency: return "latency";
    case suite::stream: return "stream";
    case suite::api: return "api";
    case suite::baseline: return "baseline";
    }
    return "?";
}

bool is_suite_name(const std::string &name)
{
    for (suite s : all_suites)
        if (name == suite_name(s))
            return true;
    return false;
}

suite suite_from_name(const std::string &name)
{
    for (suite s : all_suites)
        if (name == suite_name(s))
            return s;
    return suite::throughput;
}

std::string suite_name_list()
{
    std::string list;
    for (suite s : all_suites)
        list += (list.empty() ? "" : ", ") + std::string(suite_name(s));
    return list;
}

} // namespace hb

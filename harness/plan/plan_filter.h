/* plan_filter.h — --benchmark_filter, applied by the harness so that it can list and prepare only what runs. */
#ifndef HB_PLAN_FILTER_H
#define HB_PLAN_FILTER_H

#include <string>

#include "plan.h"

namespace hb {

// The benchmarks Google Benchmark's --benchmark_filter keeps, with its rules: POSIX extended
// regex, searched anywhere in the name; empty or "all" keeps everything; a leading '-' negates.
plan filter_plan(const plan &all, const std::string &filter);

// Why filter is not a pattern of that grammar (the leading '-' aside), "" when it is: for the
// command line, which checks the flag before any work. std::regex is long to compile, so this file
// is the harness's one use of it.
std::string filter_pattern_error(const std::string &filter);

} // namespace hb

#endif // HB_PLAN_FILTER_H

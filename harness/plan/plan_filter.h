/* plan_filter.h — --benchmark_filter, applied by the harness so that it can list and prepare only what runs. */
#ifndef HB_PLAN_FILTER_H
#define HB_PLAN_FILTER_H

#include <string>

#include "plan.h"

namespace hb {

// The benchmarks Google Benchmark's --benchmark_filter keeps, with its rules: POSIX extended
// regex, searched anywhere in the name; empty or "all" keeps everything; a leading '-' negates.
plan filter_plan(const plan &all, const std::string &filter);

} // namespace hb

#endif // HB_PLAN_FILTER_H

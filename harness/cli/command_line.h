/*
 * command_line.h — reading argv into the plan's options (plan_options.h), and the repetitions every
 * run uses unless its --benchmark_* flags say otherwise.
 */
#ifndef HB_COMMAND_LINE_H
#define HB_COMMAND_LINE_H

#include <string>

#include "plan_options.h"

namespace hb {

// The repetitions and the minimum time of each that every run uses unless its --benchmark_*
// flags say otherwise: many short repetitions, interleaved at random across all rows
// (docs/statistics.md, "The default run's repetitions"); --quick's first look.
constexpr int default_repetitions = 25;
constexpr double default_min_time = 0.016;
constexpr int quick_repetitions = 1;
constexpr double quick_min_time = 0.01;

// Parses argv (argv[0] excluded). Throws usage_error with one line naming the flag and the
// reason. --help and --version only set their fields; the caller acts on them.
options parse_command_line(int argc, char **argv);

// The value of a passed-through Google Benchmark flag ("benchmark_filter"), or "" if absent.
std::string gbench_flag_value(const options &opts, const std::string &name);
bool gbench_flag_given(const options &opts, const std::string &name);

} // namespace hb

#endif // HB_COMMAND_LINE_H

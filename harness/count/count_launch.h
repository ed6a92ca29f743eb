/*
 * count_launch.h — starting the counted process: hbcount itself again, under valgrind's callgrind
 * with instrumentation and collection off until the counted calls switch them on, its dumps in a
 * temporary folder removed afterwards.
 */
#ifndef HB_COUNT_LAUNCH_H
#define HB_COUNT_LAUNCH_H

#include <string>
#include <vector>

namespace hb {

// The path of "valgrind" on PATH, or "" when there is none.
std::string find_valgrind();

// Runs self (this program's path) with args under the valgrind at path; returns the exit status to
// give (the counted process's own, or 1 with a line on stderr when valgrind failed). Throws
// usage_error when valgrind is missing.
int run_under_valgrind(const std::string &valgrind, const std::vector<std::string> &args, bool cache_sim);

} // namespace hb

#endif // HB_COUNT_LAUNCH_H

/*
 * gbench_flags.h — the --benchmark_* flags of Google Benchmark 1.7.1, checked here because the
 * library itself answers a bad one with its own help text or exit status 1.
 */
#ifndef HB_GBENCH_FLAGS_H
#define HB_GBENCH_FLAGS_H

#include <string>

namespace hb {

// True when name (without "--") is a Google Benchmark 1.7.1 flag.
bool is_gbench_flag(const std::string &name);
// True when the flag may be given without a value (a boolean: "--benchmark_list_tests").
bool gbench_flag_is_boolean(const std::string &name);
// Checks value for flag name and returns "--name=value" with the value normalised (booleans become
// true/false). Throws usage_error naming the flag and the reason.
std::string check_gbench_flag(const std::string &name, const std::string &value);

} // namespace hb

#endif // HB_GBENCH_FLAGS_H

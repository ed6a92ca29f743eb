/*
 * suite_names.h — the five suites and their names, the first element of every benchmark name.
 */
#ifndef HB_SUITE_NAMES_H
#define HB_SUITE_NAMES_H

#include <string>

namespace hb {

enum class suite { throughput, latency, stream, api, baseline };

constexpr suite all_suites[] = {suite::throughput, suite::latency, suite::stream, suite::api, suite::baseline};

const char *suite_name(suite s);
bool is_suite_name(const std::string &name);
suite suite_from_name(const std::string &name); // pre-condition: is_suite_name(name)
std::string suite_name_list();                 // "throughput, latency, ..."

} // namespace hb

#endif // HB_SUITE_NAMES_H

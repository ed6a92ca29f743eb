/*
 * count_json.h — a counted run as Google Benchmark JSON (docs/counts.md): the context says
 * "hashbench_measure": "instructions" with the valgrind version and the CPU it presented; each
 * row is one iteration row whose counters instructions/op and instructions/B are exact counts,
 * and whose real_time and cpu_time are the wall time per call under valgrind.
 */
#ifndef HB_COUNT_JSON_H
#define HB_COUNT_JSON_H

#include <map>
#include <string>
#include <vector>

#include "count_run.h"

namespace hb {

// The document; context holds the keys beyond Google Benchmark's own.
std::string counted_json(const std::map<std::string, std::string> &context, const std::vector<counted_row> &rows);

} // namespace hb

#endif // HB_COUNT_JSON_H

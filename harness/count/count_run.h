/*
 * count_run.h — the counted process, running under valgrind's callgrind: every selected row's
 * calls counted alone (client requests around the loop of calls, nothing else), each count read
 * back from the dump callgrind writes for it, the rows written as Google Benchmark JSON.
 */
#ifndef HB_COUNT_RUN_H
#define HB_COUNT_RUN_H

#include <cstdint>
#include <string>
#include <vector>

#include "count_options.h"
#include "count_select.h"

namespace hb {

struct counted_row {
    std::string name;               // throughput/algo:X/impl:Y/size:N/load:cpu
    std::uint64_t calls = 0;        // counted calls
    std::uint64_t bytes = 0;        // hashed by them in all
    std::uint64_t instructions = 0; // Ir over the counted calls
    double seconds = 0;             // wall time of the counted calls under valgrind
    bool estimated = false;         // estimated_cycles set (--estimate-cycles)
    double estimated_cycles = 0;    // over the counted calls
};

// The rows of the selection, in registry order, each size in the order given. Throws
// usage_error when a named entry cannot run on the CPU valgrind presents.
std::vector<counted_row> count_rows(const count_options &opts, const count_selection &sel,
                                    std::vector<std::string> &notes, double &loop_instructions);

} // namespace hb

#endif // HB_COUNT_RUN_H

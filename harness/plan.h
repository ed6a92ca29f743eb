/*
 * plan.h — the benchmarks a run would register, each with its contract name, what it reads, and
 * its body. Building the plan first lets a run apply --benchmark_filter itself, prepare only the
 * inputs the remaining benchmarks read (no RAM pool, no stream file unless needed), and list them.
 */
#ifndef HB_PLAN_H
#define HB_PLAN_H

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "hb_hash.h"
#include "options.h"
#include "run_inputs.h"
#include "selection.h"

namespace hb {

struct planned_benchmark {
    std::string name;
    std::size_t hot_len = 0; // longest cache-resident input it reads
    std::size_t ram_len = 0; // longest RAM-pool input it reads; 0: it does not use the pool
    bool stream_file = false;
    std::function<void(benchmark::State &)> body;
};

using plan = std::vector<planned_benchmark>;

// "<suite>/algo:<name>/impl:<impl>/<key>:<value>..." with the keys in the order given.
std::string benchmark_name(suite s, const hb_hash *h, const std::vector<std::pair<std::string, std::string>> &keys);

// Wraps a body so that an entry this CPU cannot run becomes a row skipped with the reason.
std::function<void(benchmark::State &)> guarded(const hb_hash *h, std::function<void(benchmark::State &)> body);

// Every benchmark of the selection, suite by suite; bodies read inputs at run time.
plan make_plan(const selection &sel, const options &opts, run_inputs &inputs);

// The benchmarks Google Benchmark's --benchmark_filter keeps, with its rules: POSIX extended
// regex, searched anywhere in the name; empty or "all" keeps everything; a leading '-' negates.
plan filter_plan(const plan &all, const std::string &filter);

} // namespace hb

#endif // HB_PLAN_H

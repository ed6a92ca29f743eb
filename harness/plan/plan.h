/*
 * plan.h — the benchmarks a run would register, each with its contract name, what it reads, and
 * its body. Building the plan first lets a run apply --benchmark_filter itself, prepare only the
 * inputs the remaining benchmarks read (no RAM pool, no stream file unless needed), and list them.
 */
#ifndef HB_PLAN_H
#define HB_PLAN_H

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace hb {

struct options;
struct run_inputs;
struct selection;
struct key_inputs;

struct planned_benchmark {
    std::string name;
    std::size_t hot_len = 0; // longest cache-resident input it reads
    std::size_t ram_len = 0; // longest RAM-pool input it reads; 0: it does not use the pool
    bool stream_file = false;
    std::function<void(benchmark::State &)> body;
};

using plan = std::vector<planned_benchmark>;

// Every benchmark of the selection, suite by suite in the suite table's order; then, when keys
// is not null (--keys), the size:keys rows of the suites that have them. Bodies read inputs at
// run time.
plan make_plan(const selection &sel, const options &opts, run_inputs &inputs, const std::shared_ptr<key_inputs> &keys);

} // namespace hb

#endif // HB_PLAN_H

// memory_rows.cpp — independent calls over memory, the rows of the throughput and baseline suites.
#include "memory_rows.h"

#include "cpu_guard.h"
#include "loops.h"
#include "plan_options.h"
#include "row_name.h"
#include "run_inputs.h"

namespace hb {

std::vector<size_spec> memory_sizes()
{
    constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;
    return {{16, 16},           {64, 64}, {256, 256}, {1 * KiB, 1 * KiB}, {4 * KiB, 4 * KiB}, {64 * KiB, 64 * KiB},
            {1 * MiB, 1 * MiB}, {1, 32}};
}

void plan_memory_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out)
{
    run_inputs &inputs = in.inputs;
    for (const auto &c : in.cases) {
        planned_benchmark b;
        b.name = benchmark_name(s, h, {{"size", c.size.text()}, {"load", c.ram ? "ram" : "cpu"}});
        (c.ram ? b.ram_len : b.hot_len) = c.size.max;
        size_spec size = c.size;
        bool ram = c.ram;
        int align = in.opts.align;
        b.body = guarded(h, [&inputs, h, size, ram, align](benchmark::State &state) {
            slices src = ram ? inputs.ram_slices(size.max) : inputs.hot_slices();
            throughput_loop(state, h, src, size, align);
        });
        out.push_back(b);
    }
}

} // namespace hb

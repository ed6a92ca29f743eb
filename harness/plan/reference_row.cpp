// reference_row.cpp — the reference row: planned in the suite that measures baseline entries.
#include "reference_row.h"

#include "cpu_guard.h"
#include "loops.h"
#include "plan_options.h"
#include "reference.h"
#include "row_name.h"
#include "run_inputs.h"

namespace hb {

namespace {

constexpr std::size_t reference_size = 16;

std::string name_in(const suite &s)
{
    return benchmark_name(s, &hb_reference_entry, {{"size", std::to_string(reference_size)}, {"load", "cpu"}});
}

} // namespace

bool plans_reference_row(const suite &s)
{
    return s.applies(&hb_reference_entry) && suite_has_key(s, "size") && suite_has_key(s, "load");
}

void plan_reference_row(const suite &s, const suite_plan_inputs &in, plan &out)
{
    planned_benchmark b;
    b.name = name_in(s);
    b.hot_len = reference_size;
    run_inputs &inputs = in.inputs;
    int align = in.opts.align;
    const hb_hash *h = &hb_reference_entry;
    b.body = guarded(h, [&inputs, h, align](benchmark::State &state) {
        throughput_loop(state, h, inputs.hot_slices(), size_spec{reference_size, reference_size}, align);
    });
    out.push_back(b);
}

std::string reference_row_name(const suite_list &suites)
{
    for (const suite *s : suites)
        if (plans_reference_row(*s))
            return name_in(*s);
    return "";
}

} // namespace hb

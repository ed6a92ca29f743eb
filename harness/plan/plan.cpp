// plan.cpp — a run's rows: each selected suite's rows for every selected entry, as its row of the
// suite table plans them.
#include "plan.h"

#include "counters.h"
#include "reference_row.h"
#include "selection.h"

namespace hb {

namespace {

// The rows from first on belong to suite s: their cycles/hash counts s's hashes per iteration.
void count_hashes(const suite &s, plan &out, std::size_t first)
{
    if (s.hashes_per_iteration == 1)
        return;
    for (std::size_t i = first; i < out.size(); i++)
        out[i].body = per_hash_rates(s.hashes_per_iteration, out[i].body);
}

} // namespace

plan make_plan(const selection &sel, const options &opts, run_inputs &inputs, const std::shared_ptr<key_inputs> &keys)
{
    plan out;
    for (const auto &selected : sel.suites) {
        const suite &s = *selected.row;
        const suite_plan_inputs in{selected.cases, opts, inputs};
        const std::size_t first = out.size();
        bool any = false;
        for (const hb_hash *h : sel.entries)
            any = any || s.applies(h);
        if (any && s.plan_first != nullptr)
            s.plan_first(s, in, out);
        if (any && plans_reference_row(s))
            plan_reference_row(s, in, out);
        for (const hb_hash *h : sel.entries) {
            if (s.applies(h))
                s.plan_rows(s, h, in, out);
            else if (s.plan_not_applied != nullptr)
                s.plan_not_applied(s, h, out);
        }
        count_hashes(s, out, first);
    }
    if (keys == nullptr)
        return out;
    for (const auto &selected : sel.suites) {
        const suite &s = *selected.row;
        const std::size_t first = out.size();
        if (s.plan_key_rows != nullptr)
            for (const hb_hash *h : sel.entries)
                if (s.applies(h))
                    s.plan_key_rows(s, h, keys, out);
        count_hashes(s, out, first);
    }
    return out;
}

} // namespace hb

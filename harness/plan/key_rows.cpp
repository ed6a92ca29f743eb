// key_rows.cpp — the size:keys rows of a suite: the key loops over the walks keys.cpp laid out.
#include "key_rows.h"

#include "cpu_guard.h"
#include "row_name.h"

namespace hb {

void plan_independent_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out)
{
    for (bool ram : {false, true}) {
        if (ram && !keys->ram_row)
            continue;
        planned_benchmark b;
        b.name = benchmark_name(s, h, {{"size", "keys"}, {"load", ram ? "ram" : "cpu"}});
        const key_walk &walk = ram ? keys->ram_walk : keys->cache_walk;
        std::shared_ptr<key_inputs> hold = keys;
        b.body = guarded(h, [hold, h, &walk](benchmark::State &state) { key_throughput_loop(state, h, walk); });
        out.push_back(b);
    }
}

void plan_dependent_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out)
{
    planned_benchmark b;
    b.name = benchmark_name(s, h, {{"size", "keys"}});
    const key_walk &walk = keys->cache_walk;
    std::shared_ptr<key_inputs> hold = keys;
    b.body = guarded(h, [hold, h, &walk](benchmark::State &state) { key_latency_loop(state, h, walk); });
    out.push_back(b);
}

} // namespace hb

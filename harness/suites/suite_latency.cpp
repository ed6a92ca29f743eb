// suite_latency.cpp — the latency suite: each call's input address depends on the previous
// call's result, one row per size, and the floor row of noop.
#include "suite.h"

#include "cpu_guard.h"
#include "format_text.h"
#include "key_rows.h"
#include "loops.h"
#include "row_name.h"

namespace hb {

namespace {

bool applies(const hb_hash *h)
{
    return h->kind != HB_KIND_BASELINE;
}

void plan_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out)
{
    for (const auto &c : in.cases) {
        size_spec size = c.size;
        planned_benchmark b;
        b.name = benchmark_name(s, h, {{"size", size.text()}});
        b.body = guarded(h, [h, size](benchmark::State &state) { latency_loop(state, h, size); });
        out.push_back(b);
    }
}

// Every latency table has its floor: noop returns its seed through the same register path, so
// its row is what the chain itself costs.
void plan_floor(const suite &s, const suite_plan_inputs &in, plan &out)
{
    const hb_hash *noop = hb_lookup("noop/portable");
    if (noop != nullptr)
        plan_rows(s, noop, in, out);
}

std::string help(const suite &s)
{
    return format_text("  latency     each call's key starts (previous result mod 64) bytes into a cache-resident\n"
                       "              buffer, the only dependency (sizes %s); hashes return their first 8 bytes\n"
                       "              in a register (hash64), digests through memory. Every latency table has\n"
                       "              the floor row latency/algo:noop: what the chain itself costs\n",
                       default_sizes_text(s).c_str());
}

std::vector<size_spec> default_sizes()
{
    constexpr std::size_t KiB = 1024;
    return {{16, 16}, {64, 64}, {256, 256}, {1 * KiB, 1 * KiB}, {4 * KiB, 4 * KiB}, {1, 32}};
}

} // namespace

extern const suite latency_suite = {
    "latency",               // name
    {"size"},                // name keys
    1,                       // hashes per iteration
    applies,                 // entries it measures
    sized_by::size_flag,     // sizes from
    default_sizes(),         // default sizes
    false,                   // in the default run
    plan_rows,               // rows of an entry
    plan_floor,              // rows before the entries'
    nullptr,                 // rows of an entry it does not apply to
    plan_dependent_key_rows, // size:keys rows
    help,                    // --help lines
    {{16, 16}},              // the default run measures it at the key size (a hash table's need)
};

} // namespace hb

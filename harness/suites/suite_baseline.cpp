// suite_baseline.cpp — the baseline suite: noop and memread as throughput measures hashes, and
// the row of known cost that checks the core-clock calibration.
#include "suite.h"

#include "cpu_guard.h"
#include "help.h"
#include "key_rows.h"
#include "known_cost.h"
#include "loops.h"
#include "memory_rows.h"
#include "row_name.h"

namespace hb {

namespace {

bool applies(const hb_hash *h)
{
    return h->kind == HB_KIND_BASELINE;
}

// The row of known cost (known_cost.h), once per run of the baseline suite: 8 bytes through
// the latency loop, so calls cannot overlap and cycles/hash reads the chain's cost.
void plan_known_cost_row(const suite &s, const suite_plan_inputs &, plan &out)
{
    planned_benchmark b;
    const hb_hash *h = &hb_mulchain_entry;
    b.name = benchmark_name(s, h, {{"size", "8"}, {"load", "cpu"}});
    b.body = guarded(h, [h](benchmark::State &state) { latency_loop(state, h, size_spec{8, 8}); });
    out.push_back(b);
}

std::string help(const suite &)
{
    return format_text("  baseline    noop (the call overhead every row carries) and memread (the widest vector\n"
                       "              loads the CPU has, AVX-512 if present, tails with overlapping loads, over\n"
                       "              the same inputs: the ceiling at fixed sizes in cache; at randA-B sizes and\n"
                       "              load:ram the fastest hashes meet it, as the length's mispredictions and\n"
                       "              DRAM cost both alike; from DRAM ISA-L's CRCs read up to 7%% faster),\n"
                       "              size x load as in throughput;\n"
                       "              and mulchain/size:8, %d dependent multiplies in a chain: its\n"
                       "              cycles/hash must read %d core cycles (3 per multiply on current\n"
                       "              x86-64), a check of the core-clock calibration\n",
                       HB_MULCHAIN_MULS, 3 * HB_MULCHAIN_MULS);
}

} // namespace

extern const suite baseline_suite = {
    "baseline",                // name
    {"size", "load"},          // name keys
    1,                         // hashes per iteration
    applies,                   // entries it measures
    sized_by::size_flag,       // sizes from
    memory_sizes(),            // default sizes
    true,                      // in the default run
    plan_memory_rows,          // rows of an entry
    plan_known_cost_row,       // rows before the entries'
    nullptr,                   // rows of an entry it does not apply to
    plan_independent_key_rows, // size:keys rows
    help,                      // --help lines
};

} // namespace hb

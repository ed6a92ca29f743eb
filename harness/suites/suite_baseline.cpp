// suite_baseline.cpp — the baseline suite: the registry's baseline entries (noop, and memread in
// one entry per instruction set) as throughput measures hashes, and the row of known cost
// (mulchain) that checks the core-clock calibration.
#include "suite.h"

#include "cpu_guard.h"
#include "hb_baselines.h"
#include "format_text.h"
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

// A baseline of known cost gets its one row from plan_known_cost_rows; the others, size x load.
void plan_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out)
{
    if ((h->flags & HB_FLAG_KNOWN_COST) == 0)
        plan_memory_rows(s, h, in, out);
}

// The size:keys rows of a baseline that reads its input (not of the one of known cost).
void plan_key_rows(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out)
{
    if ((h->flags & HB_FLAG_KNOWN_COST) == 0)
        plan_independent_key_rows(s, h, keys, out);
}

// The rows of known cost (mulchain), once per run of the baseline suite whatever its entries: 8
// bytes through the latency loop, so calls cannot overlap and cycles/hash reads the chain's cost.
// The label says what that cost should be on this core, or that it is not known.
void plan_known_cost_rows(const suite &s, const suite_plan_inputs &, plan &out)
{
    for (std::size_t i = 0; i < hb_registry_len; i++) {
        const hb_hash *h = hb_registry[i];
        if (h->kind != HB_KIND_BASELINE || (h->flags & HB_FLAG_KNOWN_COST) == 0)
            continue;
        planned_benchmark b;
        b.name = benchmark_name(s, h, {{"size", "8"}, {"load", "cpu"}});
        std::string label = known_cost_label(mulchain_known_cost());
        b.body = guarded(h, [h, label](benchmark::State &state) {
            latency_loop(state, h, size_spec{8, 8});
            state.SetLabel(label);
        });
        out.push_back(b);
    }
}

std::string help(const suite &)
{
    return format_text("  baseline    noop (the call overhead every row carries) and memread (the widest vector\n"
                       "              loads of each instruction set the CPU has: AVX-512, AVX2, SSE2 on\n"
                       "              x86-64, the AVX-512 one's tails with overlapping loads; SVE, NEON on\n"
                       "              AArch64; over the same inputs: the ceiling at fixed sizes in cache; at\n"
                       "              randA-B sizes and load:ram the fastest hashes meet it, as the length's\n"
                       "              mispredictions and DRAM cost both alike; from DRAM ISA-L's CRCs read up\n"
                       "              to 7%% faster), size x load as in throughput;\n"
                       "              and mulchain/size:8, %d dependent multiplies in a chain: its\n"
                       "              cycles/hash must read %d times the core's 64-bit multiply latency (3 on\n"
                       "              x86-64; on AArch64 per core type, the row's label says which, or that\n"
                       "              it is not known), a check of the core-clock calibration\n",
                       HB_MULCHAIN_MULS, HB_MULCHAIN_MULS);
}

} // namespace

extern const suite baseline_suite = {
    "baseline",           // name
    {"size", "load"},     // name keys
    1,                    // hashes per iteration
    applies,              // entries it measures
    sized_by::size_flag,  // sizes from
    memory_sizes(),       // default sizes
    true,                 // in the default run
    plan_rows,            // rows of an entry
    plan_known_cost_rows, // rows before the entries'
    nullptr,              // rows of an entry it does not apply to
    plan_key_rows,        // size:keys rows
    help,                 // --help lines
};

} // namespace hb

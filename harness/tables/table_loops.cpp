// table_loops.cpp — the hashtable suite's loops (table_loops.h): each row handed to its design's
// instantiation of the loops (table_loops_impl.h).
#include "table_loops.h"

#include <new>
#include <stdexcept>

#include "table_loops_impl.h"

namespace hb {

extern const design_loops absl_loops, uthash_loops, open_addressing_loops, std_unordered_loops, boost_flat_loops,
    boost_flat_avalanching_loops, glib_loops;

// The one place a row of the table of designs meets its class's loops.
const design_loops &loops_of(hb_design d)
{
    switch (d) {
    case HB_DESIGN_ABSL: return absl_loops;
    case HB_DESIGN_UTHASH: return uthash_loops;
    case HB_DESIGN_OPEN_ADDRESSING: return open_addressing_loops;
    case HB_DESIGN_STD_UNORDERED: return std_unordered_loops;
    case HB_DESIGN_BOOST_FLAT: return boost_flat_loops;
    case HB_DESIGN_BOOST_FLAT_AVALANCHING: return boost_flat_avalanching_loops;
    case HB_DESIGN_GLIB: return glib_loops;
    case HB_DESIGNS: break;
    }
    throw std::invalid_argument("no such table design");
}

std::string table_build_verdict(const hb_hash *h, hb_design design, const table_keys &keys, unsigned cap)
{
    if (design >= HB_DESIGNS)
        return "unknown design";
    try {
        return loops_of(design).verdict(h, design, keys, cap);
    } catch (const std::bad_alloc &) {
        return std::string("out of memory: building the ") + hb_design_name(design) + " table";
    }
}

void table_loop(benchmark::State &state, const table_row &row)
{
    std::shared_ptr<const table_keys> keys = row.keys();
    if (keys->stored.empty()) {
        state.SkipWithError("skipped: no keys to store");
        return;
    }
    if (hb_hashtable_hash_folded(row.h))
        state.counters["folded_from_bits"] = double(row.h->out_bits);
    try {
        loops_of(row.design).run(state, row, *keys);
    } catch (const std::bad_alloc &) {
        state.SkipWithError("out of memory: building the table");
    }
}

bool table_finds(const hb_hash *h, hb_design design, const table_keys &keys, const std::vector<table_key> &queries,
                 std::vector<bool> &found)
{
    return design < HB_DESIGNS && loops_of(design).finds(h, keys, queries, found);
}

} // namespace hb

// table_loops.cpp — the hashtable suite's loops (table_loops.h): each row handed to its design's
// instantiation of the loops (table_loops_impl.h), on byte strings or, at the row's width, on keys
// held by value with the hasher of the row's entry.
#include "table_loops.h"

#include <new>
#include <stdexcept>

#include "table_loops_impl.h"

namespace hb {

extern const design_loops absl_loops, uthash_loops, open_addressing_loops, std_unordered_loops, boost_flat_loops,
    boost_flat_avalanching_loops, glib_loops;
extern const value_loops absl_value_loops_4, absl_value_loops_8, absl_value_loops_16, uthash_value_loops_4,
    uthash_value_loops_8, uthash_value_loops_16, open_addressing_value_loops_4, open_addressing_value_loops_8,
    open_addressing_value_loops_16, std_unordered_value_loops_4, std_unordered_value_loops_8,
    std_unordered_value_loops_16, boost_flat_value_loops_4, boost_flat_value_loops_8, boost_flat_value_loops_16,
    boost_flat_avalanching_value_loops_4, boost_flat_avalanching_value_loops_8, boost_flat_avalanching_value_loops_16,
    glib_value_loops_4, glib_value_loops_8, glib_value_loops_16;

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

const value_loops &value_loops_of(hb_design d, std::size_t width)
{
    using widths = const value_loops *const[HB_VALUE_WIDTHS];
    static widths absl_at = {&absl_value_loops_4, &absl_value_loops_8, &absl_value_loops_16},
                  uthash_at = {&uthash_value_loops_4, &uthash_value_loops_8, &uthash_value_loops_16},
                  open_addressing_at = {&open_addressing_value_loops_4, &open_addressing_value_loops_8,
                                        &open_addressing_value_loops_16},
                  std_unordered_at = {&std_unordered_value_loops_4, &std_unordered_value_loops_8,
                                      &std_unordered_value_loops_16},
                  boost_flat_at = {&boost_flat_value_loops_4, &boost_flat_value_loops_8, &boost_flat_value_loops_16},
                  boost_flat_avalanching_at = {&boost_flat_avalanching_value_loops_4,
                                               &boost_flat_avalanching_value_loops_8,
                                               &boost_flat_avalanching_value_loops_16},
                  glib_at = {&glib_value_loops_4, &glib_value_loops_8, &glib_value_loops_16};
    const int w = hb_value_width_index(width);
    if (w < 0)
        throw std::invalid_argument("keys of that width are not held by value");
    switch (d) {
    case HB_DESIGN_ABSL: return *absl_at[w];
    case HB_DESIGN_UTHASH: return *uthash_at[w];
    case HB_DESIGN_OPEN_ADDRESSING: return *open_addressing_at[w];
    case HB_DESIGN_STD_UNORDERED: return *std_unordered_at[w];
    case HB_DESIGN_BOOST_FLAT: return *boost_flat_at[w];
    case HB_DESIGN_BOOST_FLAT_AVALANCHING: return *boost_flat_avalanching_at[w];
    case HB_DESIGN_GLIB: return *glib_at[w];
    case HB_DESIGNS: break;
    }
    throw std::invalid_argument("no such table design");
}

std::size_t held_width(std::size_t width, const table_keys &keys)
{
    if (hb_value_width_index(width) < 0)
        return 0;
    for (const auto *list : {&keys.stored, &keys.queries, &keys.absent})
        for (const table_key &k : *list)
            if (k.n != width)
                return 0;
    return width;
}

namespace {

// The loops of a row of entry h (its value entry on keys held by value) on keys held at width.
const design_loops &loops_for(hb_design d, const hb_hash *h, std::size_t width)
{
    return width == 0 ? loops_of(d) : value_loops_of(d, width).of(h).loops;
}

} // namespace

const char *table_value_call(const hb_hash *h, std::size_t width)
{
    return value_loops_of(HB_DESIGN_ABSL, width).of(hb_value_entry(h, width)).call;
}

std::string table_build_verdict(const hb_hash *h, hb_design design, const table_keys &keys, unsigned cap,
                                std::size_t width)
{
    if (design >= HB_DESIGNS)
        return "unknown design";
    try {
        return loops_for(design, h, held_width(width, keys)).verdict(h, design, keys, cap);
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
        loops_for(row.design, row.h, held_width(row.width, *keys)).run(state, row, *keys);
    } catch (const std::bad_alloc &) {
        state.SkipWithError("out of memory: building the table");
    }
}

bool table_finds(const hb_hash *h, hb_design design, const table_keys &keys, const std::vector<table_key> &queries,
                 std::vector<bool> &found, std::size_t width)
{
    return design < HB_DESIGNS && loops_for(design, h, held_width(width, keys)).finds(h, keys, queries, found);
}

} // namespace hb

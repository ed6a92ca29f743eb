// table_loops_boost_flat.cpp — the hashtable suite's loops instantiated for the two boost-flat
// designs (Boost's mixer, and the hasher declared avalanching).
#include "design_boost_flat.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops boost_flat_loops = make_design_loops<boost_flat_mixed_table>();
extern const design_loops boost_flat_avalanching_loops = make_design_loops<boost_flat_avalanching_table>();

} // namespace hb

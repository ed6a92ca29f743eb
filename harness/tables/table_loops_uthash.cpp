// table_loops_uthash.cpp — the hashtable suite's loops instantiated for the uthash design.
#include "design_uthash.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops uthash_loops = make_design_loops<uthash_table>();

} // namespace hb

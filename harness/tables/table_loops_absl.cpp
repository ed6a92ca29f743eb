// table_loops_absl.cpp — the hashtable suite's loops instantiated for the absl design.
#include "design_absl.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops absl_loops = make_design_loops<absl_table>();

} // namespace hb

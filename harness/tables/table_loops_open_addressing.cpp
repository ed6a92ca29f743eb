// table_loops_open_addressing.cpp — the hashtable suite's loops instantiated for the open-addressing design.
#include "design_open_addressing.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops open_addressing_loops = make_design_loops<open_addressing_table>();

} // namespace hb

// table_loops_glib.cpp — the hashtable suite's loops instantiated for the glib design.
#include "design_glib.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops glib_loops = make_design_loops<glib_table>();

} // namespace hb

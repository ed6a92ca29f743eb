// table_loops_absl.cpp — the hashtable suite's loops instantiated for the absl design on
// byte strings (keys held by value: table_values.cpp.in).
#include "design_absl.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops absl_loops = make_design_loops<absl_table<table_key, entry_hasher>>();

} // namespace hb

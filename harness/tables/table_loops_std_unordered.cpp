// table_loops_std_unordered.cpp — the hashtable suite's loops instantiated for the std-unordered design on
// byte strings (keys held by value: table_values.cpp.in).
#include "design_std_unordered.h"
#include "table_loops_impl.h"

namespace hb {

extern const design_loops std_unordered_loops = make_design_loops<std_unordered_table<table_key, entry_hasher>>();

} // namespace hb

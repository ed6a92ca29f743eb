// tableref_std_unordered.cpp — std::unordered_set<uint64_t>, with std::hash<uint64_t> (the
// identity) or XXH3.
#include <unordered_set>

#include "tableref_set.h"

namespace tref {
const design std_unordered_design = set_design<std::unordered_set>("std-unordered", "std::hash<uint64_t>");
} // namespace tref

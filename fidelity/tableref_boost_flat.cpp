// tableref_boost_flat.cpp — boost::unordered_flat_set<uint64_t>, with boost::hash<uint64_t> (the
// identity, mixed by the set since it is not declared avalanching) or XXH3 (mixed as well).
#include <boost/unordered/unordered_flat_set.hpp>

#include "tableref_set.h"

namespace tref {
const design boost_flat_design = set_design<boost::unordered_flat_set>("boost-flat", "boost::hash<uint64_t>");
} // namespace tref

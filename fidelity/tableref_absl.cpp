// tableref_absl.cpp — absl::flat_hash_set<uint64_t>, with absl::Hash<uint64_t> or XXH3.
#include <absl/container/flat_hash_set.h>

#include "tableref_set.h"

namespace tref {
const design absl_design = set_design<absl::flat_hash_set>("absl", "absl::Hash<uint64_t>");
} // namespace tref

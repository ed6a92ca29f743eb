/*
 * count_select.h — the entries hbcount counts. A name/impl that valgrind cannot run is refused
 * (usage_error: "not countable under valgrind: needs avx512f"); a bare name, or no --algo at all,
 * selects the countable implementations and says on stderr which were left out and why.
 */
#ifndef HB_COUNT_SELECT_H
#define HB_COUNT_SELECT_H

#include <string>
#include <vector>

#include "hb_hash.h"

namespace hb {

struct count_selection {
    std::vector<const hb_hash *> entries; // registry order
    std::vector<bool> named;              // per entry: named as name/impl (refused, not skipped, if it cannot run)
    std::vector<std::string> notes;       // the lines for stderr: what was left out, and why
};

count_selection select_countable(const std::vector<std::string> &specs);

// The entries among these whose code picks its kernel at run time from the CPU it sees: under
// valgrind they run the path for the CPU valgrind presents, which the timed run on this machine
// may not take. "name/impl (why)" each, comma-separated; "" when none.
std::string dispatching_entries(const std::vector<const hb_hash *> &entries);

} // namespace hb

#endif // HB_COUNT_SELECT_H

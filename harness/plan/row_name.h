/* row_name.h — the name of a benchmark row, the one thing every tool downstream parses. */
#ifndef HB_ROW_NAME_H
#define HB_ROW_NAME_H

#include <string>
#include <utility>
#include <vector>

#include "hb_hash.h"

namespace hb {

struct suite;

// "<suite>/algo:<name>/impl:<impl>/<key>:<value>..." with the keys in the order given.
std::string benchmark_name(const suite &s, const hb_hash *h,
                           const std::vector<std::pair<std::string, std::string>> &keys);

} // namespace hb

#endif // HB_ROW_NAME_H

// split_list.h — a flag's comma-separated list, as hashbench and hbcount both take them.
#ifndef HB_SPLIT_LIST_H
#define HB_SPLIT_LIST_H

#include <string>
#include <vector>

namespace hb {

// The items of VALUE, split at commas; an empty item is a usage_error naming --FLAG.
std::vector<std::string> split_list(const std::string &flag, const std::string &value);

} // namespace hb

#endif

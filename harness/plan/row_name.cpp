// row_name.cpp — a row's name by the naming contract (docs/architecture.md).
#include "row_name.h"

#include "suite.h"

namespace hb {

std::string benchmark_name(const suite &s, const hb_hash *h,
                           const std::vector<std::pair<std::string, std::string>> &keys)
{
    std::string name = std::string(s.name) + "/algo:" + h->name + "/impl:" + h->impl;
    for (const auto &kv : keys)
        name += "/" + kv.first + ":" + kv.second;
    return name;
}

} // namespace hb

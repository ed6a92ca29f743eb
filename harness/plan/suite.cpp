// suite.cpp — what the plan asks of a suite's row: the keys its names carry, its default sizes.
#include "suite.h"

namespace hb {

bool suite_has_key(const suite &s, const std::string &key)
{
    for (const auto &k : s.name_keys)
        if (k == key)
            return true;
    return false;
}

std::string default_sizes_text(const suite &s)
{
    std::string text;
    for (const auto &size : s.default_sizes)
        text += (text.empty() ? "" : ",") + size.text();
    return text;
}

} // namespace hb

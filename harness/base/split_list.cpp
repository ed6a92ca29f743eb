// split_list.cpp — a flag's comma-separated list (split_list.h).
#include "split_list.h"

#include "usage_error.h"

namespace hb {

std::vector<std::string> split_list(const std::string &flag, const std::string &value)
{
    std::vector<std::string> items;
    std::size_t start = 0;
    while (true) {
        std::size_t comma = value.find(',', start);
        std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty())
            throw usage_error("--" + flag + ": empty item in list '" + value + "'");
        items.push_back(item);
        if (comma == std::string::npos)
            return items;
        start = comma + 1;
    }
}

} // namespace hb

// suite_table.cpp — the suite table: every suite hashbench has, one line each, in the order they
// are registered. A suite's row is defined in its own file.
#include "suite_table.h"

namespace hb {

// One line per suite, in registration order: X(name) stands for name_suite, the row defined in
// suite_<name>.cpp. Every line ends in a backslash, so a new suite is one line added.
#define HB_SUITE_TABLE(X)                                                                                              \
    X(throughput)                                                                                                      \
    X(latency)                                                                                                         \
    X(stream)                                                                                                          \
    X(api)                                                                                                             \
    X(baseline)                                                                                                        \
    X(hashtable)                                                                                                       \
    /* end of the table */

#define HB_DECLARE_SUITE(name) extern const suite name##_suite;
HB_SUITE_TABLE(HB_DECLARE_SUITE)

const suite_list &suite_table()
{
#define HB_SUITE_ADDRESS(name) &name##_suite,
    static const suite_list table = {HB_SUITE_TABLE(HB_SUITE_ADDRESS)};
    return table;
}

const suite *find_suite(const std::string &name)
{
    for (const suite *s : suite_table())
        if (name == s->name)
            return s;
    return nullptr;
}

std::string suite_name_list()
{
    std::string list;
    for (const suite *s : suite_table())
        list += (list.empty() ? "" : ", ") + std::string(s->name);
    return list;
}

} // namespace hb

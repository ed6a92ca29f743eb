/* suite_table.h — the suite table: every suite hashbench has, in registration order. */
#ifndef HB_SUITE_TABLE_H
#define HB_SUITE_TABLE_H

#include <string>

#include "suite.h"

namespace hb {

const suite_list &suite_table();
const suite *find_suite(const std::string &name); // nullptr when there is none
std::string suite_name_list();                    // "throughput, latency, ..."

} // namespace hb

#endif // HB_SUITE_TABLE_H

/* help.h — the text of hashbench --help; the suites' lines come from the suite table. */
#ifndef HB_HELP_H
#define HB_HELP_H

#include <cstdio>

namespace hb {

void print_help(std::FILE *to);

} // namespace hb

#endif // HB_HELP_H

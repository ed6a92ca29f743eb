/* help.h — the text of hashbench --help. */
#ifndef HB_HELP_H
#define HB_HELP_H

#include <cstdio>

namespace hb {

void print_help(std::FILE *to);

} // namespace hb

#endif // HB_HELP_H

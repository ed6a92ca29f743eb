/* help.h — the text of hashbench --help; the suites' lines come from the suite table. */
#ifndef HB_HELP_H
#define HB_HELP_H

#include <cstdio>
#include <string>

namespace hb {

void print_help(std::FILE *to);

// printf into a string, for the help lines each suite writes (suite.h).
std::string format_text(const char *format, ...) __attribute__((format(printf, 1, 2)));

} // namespace hb

#endif // HB_HELP_H

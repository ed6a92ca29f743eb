/*
 * count_options.h — what hbcount's command line asked for. The selection flags are hashbench's
 * (--algo, --size, --align; --suite and --load accept only the one suite and load counted), so
 * that a selection written for one reads the same to the other.
 */
#ifndef HB_COUNT_OPTIONS_H
#define HB_COUNT_OPTIONS_H

#include <string>
#include <vector>

#include "sizes.h"

namespace hb {

struct count_options {
    bool help = false, version = false, list = false;
    bool estimate_cycles = false;     // --estimate-cycles: callgrind's cache simulation too
    std::vector<std::string> algos;   // as typed; empty: every countable entry
    std::vector<size_spec> sizes;     // empty: the default sizes
    int align = -1;                   // -1: rotate over 0..63, as hashbench does
    std::size_t calls = 64;           // --calls: at least this many counted calls a row
    std::string out;                  // --benchmark_out: the JSON file; empty: none
    std::string under_valgrind;       // the folder callgrind dumps into: set only in the counted process
    std::vector<std::string> forward; // the arguments to hand the counted process, as given
};

// Default sizes: a key, a record and a block, in cache.
std::vector<size_spec> default_count_sizes();

// Parses argv (argv[0] excluded); throws usage_error with one line naming the flag.
count_options parse_count_command_line(int argc, char **argv);

} // namespace hb

#endif // HB_COUNT_OPTIONS_H

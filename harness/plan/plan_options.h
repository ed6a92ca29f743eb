/*
 * plan_options.h — what the command line asked for, after parsing and validation. Whether a list was
 * given at all matters (an absent --suite, --size and --load means the default run), so each list
 * is empty when its flag was not given. The command line (cli/command_line.h) fills it in; the
 * plan reads it.
 */
#ifndef HB_PLAN_OPTIONS_H
#define HB_PLAN_OPTIONS_H

#include <cstdint>
#include <string>
#include <vector>

#include "sizes.h"

namespace hb {

struct options {
    bool help = false, version = false, list = false, list_suites = false, list_designs = false, quick = false;
    std::vector<std::string> suites; // validated suite names
    std::vector<std::string> algos;  // as typed; resolved against the registry by selection
    std::vector<size_spec> sizes;
    std::vector<std::string> loads; // "cpu", "ram"
    std::vector<std::size_t> chunks;
    std::string file;                  // --file, checked readable; empty: generate one
    std::uint64_t ram_pool = 0;        // 0: max(512 MiB, 4 x LLC)
    int align = -1;                    // -1: rotate over 0..63
    int progress = -1;                 // --progress 1, --no-progress 0, -1: when stderr is a terminal
    std::string keys_file;             // --keys, checked readable; empty: no size:keys rows
    std::string keys_format = "lines"; // --keys-format: lines, nul or fixed:N
    bool keys_size = false;            // "keys" was among --size's values
    std::uint64_t table_cap = 0;       // --table-cap: probes per key; 0: the hashtable suite's default
    std::uint64_t process = 0;         // --process K: this process's index in a replicated run; 0: none
    std::vector<std::string> designs;  // --designs: validated design names; empty: every design
    // --benchmark_* flags, validated and normalised to "--benchmark_x=value", in order given.
    std::vector<std::string> gbench_flags;
};

} // namespace hb

#endif // HB_PLAN_OPTIONS_H

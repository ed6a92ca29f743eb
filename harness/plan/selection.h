/*
 * selection.h — what a run measures, decided from the options before anything is registered:
 * suites, entries, and the sizes, loads and chunks each suite takes. Without --suite, --size,
 * --load, --chunk and --file it is the default run (default_run_text() says what that is).
 */
#ifndef HB_SELECTION_H
#define HB_SELECTION_H

#include <string>
#include <vector>

#include "hb_hash.h"
#include "plan_options.h"
#include "sizes.h"
#include "suite.h"

namespace hb {

// A selected suite and its cases: its sizes (chunks for a suite sized by --chunk), crossed with
// the selected loads when its names carry a load (load:cpu first), else each with load cpu.
struct selected_suite {
    const suite *row;
    std::vector<size_load> cases;
};

struct selection {
    std::vector<selected_suite> suites;   // in the suite table's order
    std::vector<const hb_hash *> entries; // registry entries (the baselines among them), registry order
    bool default_run = false;
};

// The suites chosen among suites (the suite table), in its order. Throws usage_error for an
// unknown algorithm.
selection select_benchmarks(const options &opts, const suite_list &suites);

// The default run, for --help: "load cpu at 16,1024,65536; load ram at 65536".
std::string default_run_text();
// The suites the default run measures at sizes of their own, for --help: "latency at 16 bytes";
// "" when none does.
std::string default_run_extras_text(const suite_list &suites);

// The suites the default run has, for --help: "throughput and baseline".
std::string default_run_suites_text(const suite_list &suites);
// The suites sized by --chunk, as "a, b and c": the ones --file or --chunk selects.
std::string chunk_suites_text(const suite_list &suites);
// The suites that have size:keys rows, as "a, b and c": the ones --keys adds rows to.
std::string keys_suites_text(const suite_list &suites);

} // namespace hb

#endif // HB_SELECTION_H

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
#include "options.h"
#include "sizes.h"
#include "suite_names.h"

namespace hb {

// A throughput or baseline row's size and where its bytes come from.
struct size_load {
    size_spec size;
    bool ram = false;
};

struct selection {
    std::vector<suite> suites;
    std::vector<const hb_hash *> entries;      // registry entries and memread, registry order
    std::vector<size_load> memory_cases;       // throughput and baseline
    std::vector<size_spec> latency_sizes;
    std::vector<size_spec> api_sizes;
    std::vector<std::size_t> chunks;           // stream
    bool default_run = false;
};

// Throws usage_error for an unknown algorithm.
selection select_benchmarks(const options &opts);

// Whether suite s measures entry h at all (noop and memread only in baseline, streaming only
// for entries that stream, ...). Selected entries a suite does not apply to get no rows, except
// that an entry without streaming gets one stream row skipped with the reason (plan.cpp).
bool suite_applies(suite s, const hb_hash *h);

// The defaults, for --help.
std::string default_run_text();
std::string default_sizes_text(suite s);

} // namespace hb

#endif // HB_SELECTION_H

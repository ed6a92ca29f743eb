// suite_throughput.cpp — the throughput suite: independent calls, size x load.
#include "suite.h"

#include "format_text.h"
#include "key_rows.h"
#include "memory_rows.h"

namespace hb {

namespace {

bool applies(const hb_hash *h)
{
    return h->kind != HB_KIND_BASELINE;
}

std::string help(const suite &s)
{
    return format_text("  throughput  independent calls; size x load (sizes %s)\n"
                       "              load:cpu hashes the same cache-resident buffer every call; load:ram a slice\n"
                       "              of a RAM pool larger than every cache, visited in a fixed pseudo-random\n"
                       "              order, so each call waits on DRAM and no prefetcher runs ahead\n",
                       default_sizes_text(s).c_str());
}

} // namespace

extern const suite throughput_suite = {
    "throughput",              // name
    {"size", "load"},          // name keys
    1,                         // hashes per iteration
    applies,                   // entries it measures
    sized_by::size_flag,       // sizes from
    memory_sizes(),            // default sizes
    true,                      // in the default run
    plan_memory_rows,          // rows of an entry
    nullptr,                   // rows before the entries'
    nullptr,                   // rows of an entry it does not apply to
    plan_independent_key_rows, // size:keys rows
    help,                      // --help lines
};

} // namespace hb

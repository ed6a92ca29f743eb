/*
 * suite.h — a suite is one row of the suite table: its name (the first element of every
 * benchmark name it registers), the keys its names carry, which entries it measures, its default
 * sizes, how it plans its rows, its lines of --help and the hashes one iteration makes. Each suite
 * defines its row in its own file (suites/suite_<name>.cpp); suites/suite_table.cpp lists them.
 * Selection, planning, help, counters and --list-suites walk the table, so that nothing else names
 * a suite. The plan is given the table (a suite_list), so that it never calls up into suites/.
 */
#ifndef HB_SUITE_H
#define HB_SUITE_H

#include <memory>
#include <string>
#include <vector>

#include "hb_hash.h"
#include "plan.h"
#include "sizes.h"

namespace hb {

struct options;
struct run_inputs;
struct selection;
struct key_inputs;

// A size to measure and where its bytes come from (load:ram: the RAM pool, else the hot buffer).
struct size_load {
    size_spec size;
    bool ram = false;
};

// What a suite's planner reads: the selection's cases for this suite and the run's inputs.
struct suite_plan_inputs {
    const std::vector<size_load> &cases; // sizes (or chunks) x loads, as selected for this suite
    const options &opts;
    run_inputs &inputs;
};

// Which flag gives a suite's sizes: --size, or --chunk (a stream's chunk is its size key).
enum class sized_by { size_flag, chunk_flag };

struct suite {
    const char *name;
    // The <key>s of its rows' names after impl, in order, e.g. {"size", "load"}; "load" makes the
    // selection cross the sizes with the selected loads.
    std::vector<std::string> name_keys;
    // cycles/hash divides an iteration's cycles by this (a row hashing 8 keys per iteration: 8).
    unsigned hashes_per_iteration;
    bool (*applies)(const hb_hash *h); // whether the suite measures h at all
    sized_by sizes_from;
    std::vector<size_spec> default_sizes; // without --size (--chunk)
    bool in_default_run;                  // also runs when no --suite names suites
    // Appends h's rows, one per case (and more keys of the suite's own).
    void (*plan_rows)(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out);
    // Optional (nullptr: none). Rows planned once before the entries', when the suite applies to a
    // selected entry (the floor and calibration rows).
    void (*plan_first)(const suite &s, const suite_plan_inputs &in, plan &out);
    // Optional. The rows of a selected entry the suite does not apply to (a skipped row saying why).
    void (*plan_not_applied)(const suite &s, const hb_hash *h, plan &out);
    // Optional. The size:keys rows of h over the user's keys (--keys); suites with them are the
    // ones --keys selects.
    void (*plan_key_rows)(const suite &s, const hb_hash *h, const std::shared_ptr<key_inputs> &keys, plan &out);
    // Its lines of --help's "suites:" list, each ending in a newline.
    std::string (*help)(const suite &s);
    // Optional (empty: none). For a suite not in_default_run: the sizes at which the default run
    // proper (no --suite, --size, --load, --chunk or --file) measures it too, in cache.
    std::vector<size_spec> default_run_sizes{};
    // What default_run_sizes count, for --help ("bytes"; the hashtable suite counts keys).
    const char *default_run_unit = "bytes";
};

// Suites in registration order: the suite table (suites/suite_table.h) or a part of it.
using suite_list = std::vector<const suite *>;

// Whether a suite's names carry the key ("load", ...).
bool suite_has_key(const suite &s, const std::string &key);

// The default sizes (or chunks) as --help shows them: "16,64,...".
std::string default_sizes_text(const suite &s);

} // namespace hb

#endif // HB_SUITE_H

/*
 * context.h — the provenance every run's JSON context carries (docs/architecture.md), added
 * with benchmark::AddCustomContext before the run starts.
 */
#ifndef HB_CONTEXT_H
#define HB_CONTEXT_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hb_hash.h"
#include "machine.h"

namespace hb {

// Bumped whenever a benchmark name, counter or context key changes meaning.
constexpr int hashbench_schema = 2; // 2: cycles in core cycles, rates per real second

struct run_facts {
    double tsc_hz = 0;
    core_clock clock;
    std::uint64_t ram_pool_bytes = 0; // 0: no row read the pool
    int align = -1;                   // -1: rotating
};

// The key/value pairs, including one lib_<provider> per library behind the given entries.
std::map<std::string, std::string> provenance(const run_facts &facts, const std::vector<const hb_hash *> &entries);

// Adds one key per library behind the entries to context: "lib_openssl" for "OpenSSL 3.0.19 ...",
// "lib_xxhash" for "libxxhash 0.8.1" and "xxhash.h 0.8.1" (our own code, builtin linkage, has
// none), its value the version and linkage; a provider reached two ways (a static archive and
// its inlined header) lists both.
void add_provider_versions(std::map<std::string, std::string> &context, const std::vector<const hb_hash *> &entries);

// Adds provenance() to Google Benchmark's context.
void add_provenance_context(const run_facts &facts, const std::vector<const hb_hash *> &entries);

} // namespace hb

#endif // HB_CONTEXT_H

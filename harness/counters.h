/*
 * counters.h — the figures every row reports besides time: bytes_per_second, and cycles/B and
 * cycles/hash counted in TSC ticks (this harness has no hardware counters; the TSC runs at a fixed
 * rate, measured once at start-up, whatever the core's clock does).
 */
#ifndef HB_COUNTERS_H
#define HB_COUNTERS_H

#include <cstdint>

#include <benchmark/benchmark.h>

namespace hb {

// The TSC rate that cycles/B and cycles/hash are computed from; 0 leaves them out.
void set_tsc_hz(double hz);
double tsc_hz();

// After the loop: bytes hashed in total over state.iterations() hashes (one hash per iteration).
void report_rates(benchmark::State &state, std::uint64_t bytes);

} // namespace hb

#endif // HB_COUNTERS_H

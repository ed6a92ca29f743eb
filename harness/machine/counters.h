/*
 * counters.h — the figures every row reports besides time: bytes_per_second, and cycles/B and
 * cycles/hash in core cycles. All of them come from the real time of the row's timed loop, the
 * same span as the row's real_time (sec/op), read with CLOCK_MONOTONIC around the loop: Google
 * Benchmark's own rate counters would divide by CPU time, a second clock. Cycles are that real
 * time times the core clock calibrated at start-up (machine.h).
 */
#ifndef HB_COUNTERS_H
#define HB_COUNTERS_H

#include <cstdint>
#include <ctime>
#include <functional>

#include <benchmark/benchmark.h>

namespace hb {

// The core clock that cycles/B and cycles/hash are computed from; 0 leaves them out.
void set_core_hz(double hz);
double core_hz();

// Real seconds from construction to stop(): built just before `for (auto _ : state)`, stopped
// just after it (Google Benchmark's real-time span starts and ends within a microsecond of it).
class loop_clock {
  public:
    loop_clock()
    {
        clock_gettime(CLOCK_MONOTONIC, &start_);
    }
    double stop() const
    {
        struct timespec end;
        clock_gettime(CLOCK_MONOTONIC, &end);
        return double(end.tv_sec - start_.tv_sec) + double(end.tv_nsec - start_.tv_nsec) * 1e-9;
    }

  private:
    struct timespec start_;
};

// After the loop: bytes hashed in total over state.iterations() iterations in seconds of real
// time (loop_clock). cycles/hash is set per iteration here; per_hash_rates makes it per hash.
void report_rates(benchmark::State &state, std::uint64_t bytes, double seconds);

// Wraps a row's body whose iterations make hashes_per_iteration hashes each (the suite table's
// figure): after the loop, cycles/hash divides the iteration's cycles by it.
std::function<void(benchmark::State &)> per_hash_rates(unsigned hashes_per_iteration,
                                                       std::function<void(benchmark::State &)> body);

} // namespace hb

#endif // HB_COUNTERS_H

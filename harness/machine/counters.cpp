// counters.cpp — the rate counters, computed here from the loop's real time rather than left to
// Google Benchmark, whose kIsRate counters divide by CPU time.
#include "counters.h"

namespace hb {

namespace {
double measured_core_hz = 0;
}

void set_core_hz(double hz)
{
    measured_core_hz = hz;
}

double core_hz()
{
    return measured_core_hz;
}

void report_rates(benchmark::State &state, std::uint64_t bytes, double seconds)
{
    using benchmark::Counter;
    if (seconds <= 0 || state.iterations() == 0)
        return;
    state.counters["bytes_per_second"] = Counter(double(bytes) / seconds);
    if (measured_core_hz <= 0 || bytes == 0)
        return;
    state.counters["cycles/B"] = Counter(seconds * measured_core_hz / double(bytes));
    state.counters["cycles/hash"] = Counter(seconds * measured_core_hz / double(state.iterations()));
}

std::function<void(benchmark::State &)> per_hash_rates(unsigned hashes_per_iteration,
                                                       std::function<void(benchmark::State &)> body)
{
    return [hashes_per_iteration, body](benchmark::State &state) {
        body(state);
        auto cycles = state.counters.find("cycles/hash");
        if (cycles != state.counters.end())
            cycles->second.value /= double(hashes_per_iteration);
    };
}

} // namespace hb

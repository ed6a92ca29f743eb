// counters.cpp — rate counters. Google Benchmark divides kIsRate counters by the row's CPU time;
// kInvert then turns "units per second" into "seconds per unit", so a counter whose value is
// units / tsc_hz ends up as TSC ticks per unit.
#include "counters.h"

namespace hb {

namespace {
double measured_tsc_hz = 0;
}

void set_tsc_hz(double hz)
{
    measured_tsc_hz = hz;
}

double tsc_hz()
{
    return measured_tsc_hz;
}

void report_rates(benchmark::State &state, std::uint64_t bytes)
{
    using benchmark::Counter;
    state.SetBytesProcessed(std::int64_t(bytes));
    if (measured_tsc_hz <= 0 || bytes == 0 || state.iterations() == 0)
        return;
    auto ticks_per = [](double units) {
        return Counter(units / measured_tsc_hz, Counter::Flags(Counter::kIsRate | Counter::kInvert));
    };
    state.counters["cycles/B"] = ticks_per(double(bytes));
    state.counters["cycles/hash"] = ticks_per(double(state.iterations()));
}

} // namespace hb

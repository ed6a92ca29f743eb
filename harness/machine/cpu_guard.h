/* cpu_guard.h — rows of implementations this CPU cannot run stay in the output, skipped with the reason. */
#ifndef HB_CPU_GUARD_H
#define HB_CPU_GUARD_H

#include <functional>

#include <benchmark/benchmark.h>

#include "hb_hash.h"

namespace hb {

// Wraps a body so that an entry this CPU cannot run becomes a row skipped with the reason.
std::function<void(benchmark::State &)> guarded(const hb_hash *h, std::function<void(benchmark::State &)> body);

} // namespace hb

#endif // HB_CPU_GUARD_H

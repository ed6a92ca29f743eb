// loops_throughput.cpp — the throughput loop: independent calls over the slices, of the
// throughput and baseline suites.
#include "counters.h"
#include "loops.h"

namespace hb {

void throughput_loop(benchmark::State &state, const hb_hash *h, const slices &src, const size_spec &size, int align)
{
    loop_totals totals;
    if (h->hash64 != nullptr) {
        const hb_hash64_fn hash64 = h->hash64;
        totals = input_loop(state, src, size, align, [hash64](const std::uint8_t *p, std::size_t n, std::uint8_t *) {
            std::uint64_t v = hash64(p, n, 0);
            benchmark::DoNotOptimize(v);
        });
    } else {
        const hb_oneshot_fn oneshot = h->oneshot;
        totals =
            input_loop(state, src, size, align,
                       [oneshot](const std::uint8_t *p, std::size_t n, std::uint8_t *out) { oneshot(p, n, 0, out); });
    }
    report_rates(state, totals.bytes, totals.seconds);
}

} // namespace hb

// cpu_guard.cpp — a row whose implementation this CPU cannot run is skipped with the reason.
#include "cpu_guard.h"

#include <string>

namespace hb {

std::function<void(benchmark::State &)> guarded(const hb_hash *h, std::function<void(benchmark::State &)> body)
{
    return [h, body](benchmark::State &state) {
        char why[128];
        if (!hb_can_run(h, why, sizeof why)) {
            std::string reason =
                std::string("skipped: this CPU cannot run ") + h->name + "/" + h->impl + " (" + why + ")";
            state.SkipWithError(reason.c_str());
            return;
        }
        body(state);
    };
}

} // namespace hb

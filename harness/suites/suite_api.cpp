// suite_api.cpp — the api suite: the same hash through each API path, one row per size and path.
#include "suite.h"

#include "cpu_guard.h"
#include "format_text.h"
#include "loops.h"
#include "plan_options.h"
#include "row_name.h"
#include "run_inputs.h"

namespace hb {

namespace {

bool applies(const hb_hash *h)
{
    return h->kind != HB_KIND_BASELINE;
}

void plan_rows(const suite &s, const hb_hash *h, const suite_plan_inputs &in, plan &out)
{
    run_inputs &inputs = in.inputs;
    for (const auto &c : in.cases) {
        size_spec size = c.size;
        for (api_path path : all_api_paths) {
            if (!api_path_applies(path, h))
                continue;
            planned_benchmark b;
            b.name = benchmark_name(s, h, {{"size", size.text()}, {"path", api_path_name(path)}});
            b.hot_len = size.max;
            int align = in.opts.align;
            b.body = guarded(h, [&inputs, h, path, size, align](benchmark::State &state) {
                api_loop(state, h, path, inputs.hot_slices(), size, align);
            });
            out.push_back(b);
        }
    }
}

std::string help(const suite &s)
{
    return format_text("  api         the cost of the API path (sizes %s): path:oneshot, path:stream (caller's\n"
                       "              state), path:stream-heap (state allocated per hash); for OpenSSL also\n"
                       "              path:evp-prefetched, path:evp-ctx-reuse, path:evp-byname; B/op and allocs/op\n",
                       default_sizes_text(s).c_str());
}

} // namespace

extern const suite api_suite = {
    "api",                                            // name
    {"size", "path"},                                 // name keys
    1,                                                // hashes per iteration
    applies,                                          // entries it measures
    sized_by::size_flag,                              // sizes from
    {{31, 31}, {131, 131}, {517, 517}, {2041, 2041}}, // default sizes
    false,                                            // in the default run
    plan_rows,                                        // rows of an entry
    nullptr,                                          // rows before the entries'
    nullptr,                                          // rows of an entry it does not apply to
    nullptr,                                          // size:keys rows
    help,                                             // --help lines
};

} // namespace hb

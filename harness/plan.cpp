// plan.cpp — the rows of each suite: for every selected entry the suite applies to, one row per
// size and load (throughput, baseline), size (latency), size and path (api), chunk and io (stream).
#include "cpu_guard.h"
#include "known_cost.h"
#include "loops.h"
#include "plan.h"
#include "row_name.h"

namespace hb {

namespace {

void plan_memory_rows(suite s, const hb_hash *h, const selection &sel, const options &opts, run_inputs &inputs,
                      plan &out)
{
    for (const auto &c : sel.memory_cases) {
        planned_benchmark b;
        b.name = benchmark_name(s, h, {{"size", c.size.text()}, {"load", c.ram ? "ram" : "cpu"}});
        (c.ram ? b.ram_len : b.hot_len) = c.size.max;
        size_spec size = c.size;
        bool ram = c.ram;
        int align = opts.align;
        b.body = guarded(h, [&inputs, h, size, ram, align](benchmark::State &state) {
            slices src = ram ? inputs.ram_slices(size.max) : inputs.hot_slices();
            throughput_loop(state, h, src, size, align);
        });
        out.push_back(b);
    }
}

// The row of known cost (known_cost.h), once per run of the baseline suite: 8 bytes through
// the latency loop, so calls cannot overlap and cycles/hash reads the chain's cost.
void plan_known_cost_row(plan &out)
{
    planned_benchmark b;
    const hb_hash *h = &hb_mulchain_entry;
    b.name = benchmark_name(suite::baseline, h, {{"size", "8"}, {"load", "cpu"}});
    b.body = guarded(h, [h](benchmark::State &state) { latency_loop(state, h, size_spec{8, 8}); });
    out.push_back(b);
}

void plan_latency_rows(const hb_hash *h, const selection &sel, plan &out)
{
    for (const auto &size : sel.latency_sizes) {
        planned_benchmark b;
        b.name = benchmark_name(suite::latency, h, {{"size", size.text()}});
        b.body = guarded(h, [h, size](benchmark::State &state) { latency_loop(state, h, size); });
        out.push_back(b);
    }
}

void plan_api_rows(const hb_hash *h, const selection &sel, const options &opts, run_inputs &inputs, plan &out)
{
    for (const auto &size : sel.api_sizes) {
        for (api_path path : all_api_paths) {
            if (!api_path_applies(path, h))
                continue;
            planned_benchmark b;
            b.name = benchmark_name(suite::api, h, {{"size", size.text()}, {"path", api_path_name(path)}});
            b.hot_len = size.max;
            int align = opts.align;
            b.body = guarded(h, [&inputs, h, path, size, align](benchmark::State &state) {
                api_loop(state, h, path, inputs.hot_slices(), size, align);
            });
            out.push_back(b);
        }
    }
}

void plan_stream_rows(const hb_hash *h, const selection &sel, run_inputs &inputs, plan &out)
{
    for (bool mapped : {false, true}) {
        for (std::size_t chunk : sel.chunks) {
            planned_benchmark b;
            b.name = benchmark_name(suite::stream, h, {{"chunk", std::to_string(chunk)}, {"io", mapped ? "mmap" : "read"}});
            b.stream_file = true;
            b.body = guarded(h, [&inputs, h, chunk, mapped](benchmark::State &state) {
                (mapped ? stream_mmap_loop : stream_read_loop)(state, h, inputs.stream_path, chunk);
            });
            out.push_back(b);
        }
    }
}

// An entry without a streaming interface gets one stream row, skipped with the reason, so a
// stream run that selected it says why it has no figures instead of leaving it out silently.
void plan_oneshot_only_row(const hb_hash *h, plan &out)
{
    planned_benchmark b;
    b.name = benchmark_name(suite::stream, h, {});
    // the summary of a one-shot-only entry says so and why
    std::string reason = std::string("skipped: ") + h->name + "/" + h->impl + " does not stream: " + h->summary;
    b.body = [reason](benchmark::State &state) { state.SkipWithError(reason.c_str()); };
    out.push_back(b);
}

} // namespace

plan make_plan(const selection &sel, const options &opts, run_inputs &inputs)
{
    plan out;
    for (suite s : sel.suites) {
        bool any = false;
        for (const hb_hash *h : sel.entries)
            any = any || suite_applies(s, h);
        // Every latency table has its floor: noop returns its seed through the same register
        // path, so its row is what the chain itself costs.
        const hb_hash *noop = hb_lookup("noop/portable");
        if (s == suite::latency && any && noop != nullptr)
            plan_latency_rows(noop, sel, out);
        if (s == suite::baseline && any)
            plan_known_cost_row(out);
        for (const hb_hash *h : sel.entries) {
            if (!suite_applies(s, h)) {
                if (s == suite::stream && h->kind != HB_KIND_BASELINE)
                    plan_oneshot_only_row(h, out);
                continue;
            }
            switch (s) {
            case suite::throughput:
            case suite::baseline: plan_memory_rows(s, h, sel, opts, inputs, out); break;
            case suite::latency: plan_latency_rows(h, sel, out); break;
            case suite::api: plan_api_rows(h, sel, opts, inputs, out); break;
            case suite::stream: plan_stream_rows(h, sel, inputs, out); break;
            }
        }
    }
    return out;
}

} // namespace hb

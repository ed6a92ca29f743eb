// count_run.cpp — counting the rows. A row's calls walk the same (misalignment, length) steps as
// hashbench's throughput loop over the same fixed-seed bytes, a whole number of times; one
// uncounted pass first, so that lazy binding and a library's first-call set-up are not counted.
#include "count_run.h"

#include <cstdio>
#include <ctime>

#include <valgrind/callgrind.h>

#include "callgrind_dump.h"
#include "input_loop.h"
#include "row_name.h"
#include "run_inputs.h"
#include "suite_table.h"
#include "usage_error.h"

namespace hb {

namespace {

volatile std::uint64_t sink; // what the calls computed, so that no call is left out

// The calls of one row. Not inlined: the counted span is this loop and the calls it makes.
__attribute__((noinline)) void call_loop(const hb_hash *h, const std::uint8_t *base, const input_step *steps,
                                         std::size_t step_mask, std::uint64_t calls)
{
    std::uint64_t acc = 0;
    if (h->hash64 != nullptr) {
        const hb_hash64_fn hash64 = h->hash64;
        for (std::uint64_t i = 0; i < calls; i++) {
            const input_step s = steps[i & step_mask];
            acc ^= hash64(base + s.offset, s.length, 0);
        }
    } else {
        std::uint8_t out[HB_MAX_OUT_BYTES];
        const hb_oneshot_fn oneshot = h->oneshot;
        for (std::uint64_t i = 0; i < calls; i++) {
            const input_step s = steps[i & step_mask];
            oneshot(base + s.offset, s.length, 0, out);
            acc ^= out[0];
        }
    }
    sink = acc;
}

__attribute__((noinline)) std::uint64_t empty_hash64(const void *, std::size_t, std::uint64_t)
{
    return 0;
}

double now()
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// callgrind's cycle estimate (its documentation's, as KCachegrind computes it): an instruction
// fetch is a cycle, a first-level miss 10, a last-level miss 100.
double estimate_cycles(const hb_callgrind_dump &dump)
{
    const struct {
        const char *event;
        double weight;
    } weights[] = {{"Ir", 1}, {"I1mr", 10}, {"D1mr", 10}, {"D1mw", 10}, {"ILmr", 100}, {"DLmr", 100}, {"DLmw", 100}};
    double total = 0;
    for (const auto &w : weights) {
        std::uint64_t v = 0;
        if (hb_callgrind_dump_total(&dump, w.event, &v))
            total += w.weight * double(v);
    }
    return total;
}

class dumps {
  public:
    explicit dumps(const std::string &dir) : dir_(dir)
    {}

    // Counts calls of h over steps from base under the label name; reads the dump back.
    hb_callgrind_dump count(const std::string &name, const hb_hash *h, const std::uint8_t *base,
                            const std::vector<input_step> &steps, std::uint64_t calls, double &seconds)
    {
        call_loop(h, base, steps.data(), steps.size() - 1, steps.size()); // the uncounted pass
        CALLGRIND_START_INSTRUMENTATION;
        double start = now();
        CALLGRIND_TOGGLE_COLLECT;
        call_loop(h, base, steps.data(), steps.size() - 1, calls);
        CALLGRIND_TOGGLE_COLLECT;
        seconds = now() - start;
        CALLGRIND_STOP_INSTRUMENTATION;
        CALLGRIND_DUMP_STATS_AT(name.c_str());
        // callgrind numbers the dumps of --callgrind-out-file=F as F.1, F.2, ...
        std::string path = dir_ + "/callgrind.out." + std::to_string(++dumped_);
        hb_callgrind_dump dump;
        char err[512];
        if (!hb_callgrind_dump_read(path.c_str(), &dump, err, sizeof err))
            throw std::runtime_error(err);
        if (std::string(dump.trigger) != "Client Request: " + name)
            throw std::runtime_error(path + " is the dump of '" + dump.trigger + "', not of " + name);
        return dump;
    }

  private:
    std::string dir_;
    unsigned dumped_ = 0;
};

} // namespace

std::vector<counted_row> count_rows(const count_options &opts, const count_selection &sel,
                                    std::vector<std::string> &notes, double &loop_instructions)
{
    std::vector<size_spec> sizes = opts.sizes.empty() ? default_count_sizes() : opts.sizes;
    std::size_t longest = 1;
    for (const auto &s : sizes)
        longest = std::max(longest, s.max);
    run_inputs inputs;
    prepare_hot_buffer(inputs, longest);
    const std::uint8_t *base = inputs.hot_slices().base;
    dumps counter(opts.under_valgrind);

    // The loop's own instructions per call: the same loop with an empty function in a hash's place.
    hb_hash empty = *sel.entries.front();
    empty.hash64 = empty_hash64;
    std::vector<input_step> one = input_steps({16, 16}, opts.align);
    double seconds = 0;
    std::uint64_t loop_ir = 0;
    hb_callgrind_dump d = counter.count("the loop alone", &empty, base, one, one.size() * 16, seconds);
    hb_callgrind_dump_total(&d, "Ir", &loop_ir);
    loop_instructions = double(loop_ir) / double(one.size() * 16);

    std::vector<counted_row> rows;
    for (std::size_t e = 0; e < sel.entries.size(); e++) {
        const hb_hash *h = sel.entries[e];
        char why[256];
        if (!hb_can_run(h, why, sizeof why)) {
            std::string id = std::string(h->name) + "/" + h->impl;
            std::string text = id + ": not countable here: the CPU valgrind presents " + why;
            if (sel.named[e])
                throw usage_error(text);
            notes.push_back(text + "; left out");
            continue;
        }
        for (const auto &size : sizes) {
            counted_row row;
            row.name = benchmark_name(*find_suite("throughput"), h, {{"size", size.text()}, {"load", "cpu"}});
            std::vector<input_step> steps = input_steps(size, opts.align);
            std::uint64_t cycles = (opts.calls + steps.size() - 1) / steps.size();
            row.calls = cycles * steps.size();
            row.bytes = bytes_hashed(steps, row.calls);
            hb_callgrind_dump dump = counter.count(row.name, h, base, steps, row.calls, row.seconds);
            if (!hb_callgrind_dump_total(&dump, "Ir", &row.instructions))
                throw std::runtime_error("callgrind counted no Ir (instructions) for " + row.name);
            if (opts.estimate_cycles) {
                row.estimated = true;
                row.estimated_cycles = estimate_cycles(dump);
            }
            rows.push_back(row);
        }
    }
    return rows;
}

} // namespace hb

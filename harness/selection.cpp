// selection.cpp — turning options into a selection: the per-suite default size lists (tables),
// the default run, and resolving --algo against the registry and memread.
#include "selection.h"

#include <algorithm>

#include "memread.h"
#include "usage_error.h"

namespace hb {

namespace {

constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;

const size_spec memory_sizes[] = {{16, 16}, {64, 64}, {256, 256}, {1 * KiB, 1 * KiB}, {4 * KiB, 4 * KiB},
                                  {64 * KiB, 64 * KiB}, {1 * MiB, 1 * MiB}, {1, 32}};
const size_spec latency_sizes[] = {{16, 16}, {64, 64}, {256, 256}, {1 * KiB, 1 * KiB}, {4 * KiB, 4 * KiB}, {1, 32}};
const size_spec api_sizes[] = {{31, 31}, {131, 131}, {517, 517}, {2041, 2041}};
const std::size_t stream_chunks[] = {4 * KiB, 8 * KiB, 32 * KiB, 64 * KiB, 1 * MiB};

// The default run: every entry at a key, a record and a block, in cache; the block again from
// DRAM. Throughput plus baseline, so every table has its floor (noop) and ceiling (memread).
const size_load default_run_cases[] = {
    {{16, 16}, false}, {{1 * KiB, 1 * KiB}, false}, {{64 * KiB, 64 * KiB}, false}, {{64 * KiB, 64 * KiB}, true}};
const suite default_run_suites[] = {suite::throughput, suite::baseline};

template <class T, std::size_t N>
std::vector<T> to_vector(const T (&table)[N])
{
    return std::vector<T>(table, table + N);
}

std::vector<const hb_hash *> every_entry()
{
    std::vector<const hb_hash *> all(hb_registry, hb_registry + hb_registry_len);
    all.insert(all.end(), hb_memread_entries, hb_memread_entries + hb_memread_entry_count);
    return all;
}

bool spec_matches(const hb_hash *h, const std::string &spec)
{
    std::size_t slash = spec.find('/');
    if (slash == std::string::npos)
        return spec == h->name;
    return spec.substr(0, slash) == h->name && spec.substr(slash + 1) == h->impl;
}

std::vector<const hb_hash *> resolve_algorithms(const std::vector<std::string> &specs)
{
    std::vector<const hb_hash *> all = every_entry();
    if (specs.empty())
        return all;
    std::vector<bool> chosen(all.size(), false);
    for (const auto &spec : specs) {
        bool found = false;
        for (std::size_t i = 0; i < all.size(); i++) {
            if (spec_matches(all[i], spec)) {
                chosen[i] = true;
                found = true;
            }
        }
        if (!found) {
            char close[512];
            hb_suggest(spec.c_str(), close, sizeof close);
            std::string hint = close[0] != '\0' ? std::string("did you mean: ") + close + "? " : "";
            throw usage_error("--algo: unknown algorithm '" + spec + "' (" + hint +
                              "hashbench --list shows the benchmarks; baselines: noop, memread)");
        }
    }
    std::vector<const hb_hash *> picked;
    for (std::size_t i = 0; i < all.size(); i++)
        if (chosen[i])
            picked.push_back(all[i]);
    return picked;
}

std::string join_sizes(const std::vector<size_spec> &sizes)
{
    std::string text;
    for (const auto &s : sizes)
        text += (text.empty() ? "" : ",") + s.text();
    return text;
}

} // namespace

bool suite_applies(suite s, const hb_hash *h)
{
    bool baseline = h->kind == HB_KIND_BASELINE;
    switch (s) {
    case suite::baseline: return baseline;
    case suite::stream: return !baseline && h->init != nullptr;
    case suite::throughput:
    case suite::latency:
    case suite::api: return !baseline;
    }
    return false;
}

selection select_benchmarks(const options &opts)
{
    selection sel;
    sel.entries = resolve_algorithms(opts.algos);
    sel.default_run = opts.suites.empty() && opts.sizes.empty() && opts.loads.empty() && opts.chunks.empty() &&
                      opts.file.empty();
    if (sel.default_run) {
        sel.suites = to_vector(default_run_suites);
        sel.memory_cases = to_vector(default_run_cases);
        return sel;
    }

    if (!opts.suites.empty()) {
        for (suite s : all_suites) // registration order, whatever order the flag gave
            if (std::find(opts.suites.begin(), opts.suites.end(), suite_name(s)) != opts.suites.end())
                sel.suites.push_back(s);
    } else if (!opts.chunks.empty() || !opts.file.empty()) {
        sel.suites = {suite::stream}; // --chunk and --file only mean something to the stream suite
        if (!opts.sizes.empty() || !opts.loads.empty())
            sel.suites = {suite::throughput, suite::stream, suite::baseline};
    } else {
        sel.suites = to_vector(default_run_suites);
    }

    std::vector<size_spec> memory = opts.sizes.empty() ? to_vector(memory_sizes) : opts.sizes;
    std::vector<std::string> loads = opts.loads.empty() ? std::vector<std::string>{"cpu", "ram"} : opts.loads;
    for (const auto &load : {std::string("cpu"), std::string("ram")})
        if (std::find(loads.begin(), loads.end(), load) != loads.end())
            for (const auto &size : memory)
                sel.memory_cases.push_back({size, load == "ram"});
    sel.latency_sizes = opts.sizes.empty() ? to_vector(latency_sizes) : opts.sizes;
    sel.api_sizes = opts.sizes.empty() ? to_vector(api_sizes) : opts.sizes;
    sel.chunks = opts.chunks.empty() ? to_vector(stream_chunks) : opts.chunks;
    return sel;
}

std::string default_run_text()
{
    std::string text;
    for (bool ram : {false, true}) {
        std::string sizes;
        for (const auto &c : default_run_cases)
            if (c.ram == ram)
                sizes += (sizes.empty() ? "" : ",") + c.size.text();
        text += (text.empty() ? "" : "; ") + std::string(ram ? "load ram at " : "load cpu at ") + sizes;
    }
    return text;
}

std::string default_sizes_text(suite s)
{
    switch (s) {
    case suite::throughput:
    case suite::baseline: return join_sizes(to_vector(memory_sizes));
    case suite::latency: return join_sizes(to_vector(latency_sizes));
    case suite::api: return join_sizes(to_vector(api_sizes));
    case suite::stream: {
        std::string text;
        for (std::size_t c : stream_chunks)
            text += (text.empty() ? "" : ",") + std::to_string(c);
        return text;
    }
    }
    return "";
}

} // namespace hb

// selection.cpp — turning options into a selection: the suites (from the suite table) and their
// cases, the default run, and resolving --algo against the registry.
#include "selection.h"

#include <algorithm>

#include "usage_error.h"
#include "hb_hash_cli.h"

namespace hb {

namespace {

constexpr std::size_t KiB = 1024;

// The default run: every entry at a key, a record and a block, in cache; the block again from
// DRAM, in each suite of the default run (throughput plus baseline, so every table has its floor,
// noop, and ceiling, memread).
const size_load default_run_cases[] = {
    {{16, 16}, false}, {{1 * KiB, 1 * KiB}, false}, {{64 * KiB, 64 * KiB}, false}, {{64 * KiB, 64 * KiB}, true}};

template <class T, std::size_t N> std::vector<T> to_vector(const T (&table)[N])
{
    return std::vector<T>(table, table + N);
}

std::vector<const hb_hash *> every_entry()
{
    return std::vector<const hb_hash *>(hb_registry, hb_registry + hb_registry_len);
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
            if (hb_spec_matches(all[i], spec.c_str())) {
                chosen[i] = true;
                found = true;
            }
        }
        if (!found) {
            char message[1024];
            hb_describe_unusable(spec.c_str(), nullptr,
                                 "hashbench --list shows the benchmarks; baselines: noop, memread, mulchain", message,
                                 sizeof message);
            throw usage_error(std::string("--algo: ") + message);
        }
    }
    std::vector<const hb_hash *> picked;
    for (std::size_t i = 0; i < all.size(); i++)
        if (chosen[i])
            picked.push_back(all[i]);
    return picked;
}

std::vector<size_load> suite_cases(const suite &s, const options &opts)
{
    std::vector<size_spec> sizes = s.default_sizes;
    if (s.sizes_from == sized_by::chunk_flag && !opts.chunks.empty()) {
        sizes.clear();
        for (std::size_t chunk : opts.chunks)
            sizes.push_back({chunk, chunk});
    } else if (s.sizes_from == sized_by::size_flag && !opts.sizes.empty()) {
        sizes = opts.sizes;
    }
    std::vector<size_load> cases;
    if (!suite_has_key(s, "load")) {
        for (const auto &size : sizes)
            cases.push_back({size, false});
        return cases;
    }
    std::vector<std::string> loads = opts.loads.empty() ? std::vector<std::string>{"cpu", "ram"} : opts.loads;
    for (const auto &load : {std::string("cpu"), std::string("ram")})
        if (std::find(loads.begin(), loads.end(), load) != loads.end())
            for (const auto &size : sizes)
                cases.push_back({size, load == "ram"});
    return cases;
}

} // namespace

selection select_benchmarks(const options &opts, const suite_list &suites)
{
    selection sel;
    sel.entries = resolve_algorithms(opts.algos);
    sel.default_run =
        opts.suites.empty() && opts.sizes.empty() && opts.loads.empty() && opts.chunks.empty() && opts.file.empty();
    // Without --suite: the default run's suites; those sized by --chunk instead when --file or
    // --chunk is given (they mean nothing to the others), and both when --size or --load is too.
    bool chunks = !opts.chunks.empty() || !opts.file.empty();
    bool sizes = !opts.sizes.empty() || !opts.loads.empty();
    for (const suite *s : suites) { // registration order, whatever order the flag gave
        bool by_chunk = s->sizes_from == sized_by::chunk_flag;
        bool chosen = !opts.suites.empty()
                          ? std::find(opts.suites.begin(), opts.suites.end(), s->name) != opts.suites.end()
                          : (s->in_default_run && (!chunks || sizes)) || (by_chunk && chunks);
        if (sel.default_run && !s->in_default_run && !s->default_run_sizes.empty()) {
            std::vector<size_load> cases;
            for (const auto &size : s->default_run_sizes)
                cases.push_back({size, false});
            sel.suites.push_back({s, cases});
            continue;
        }
        if (!chosen)
            continue;
        if (sel.default_run)
            sel.suites.push_back({s, to_vector(default_run_cases)});
        else
            sel.suites.push_back({s, suite_cases(*s, opts)});
    }
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

std::string default_run_extras_text(const suite_list &suites)
{
    std::string text;
    for (const suite *s : suites) {
        if (s->in_default_run || s->default_run_sizes.empty())
            continue;
        std::string sizes;
        for (const auto &size : s->default_run_sizes)
            sizes += (sizes.empty() ? "" : ",") + size.text();
        text += (text.empty() ? "" : "; ") + std::string(s->name) + " at " + sizes + " " + s->default_run_unit;
    }
    return text;
}

namespace {

// "a, b and c" of the suites for which keep(s) holds, in the table's order.
std::string suites_text(const suite_list &suites, bool (*keep)(const suite &s))
{
    std::vector<std::string> names;
    for (const suite *s : suites)
        if (keep(*s))
            names.push_back(s->name);
    std::string text;
    for (std::size_t i = 0; i < names.size(); i++)
        text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return text;
}

} // namespace

std::string default_run_suites_text(const suite_list &suites)
{
    return suites_text(suites, [](const suite &s) { return s.in_default_run; });
}

std::string chunk_suites_text(const suite_list &suites)
{
    return suites_text(suites, [](const suite &s) { return s.sizes_from == sized_by::chunk_flag; });
}

std::string keys_suites_text(const suite_list &suites)
{
    return suites_text(suites, [](const suite &s) { return s.plan_key_rows != nullptr; });
}

} // namespace hb

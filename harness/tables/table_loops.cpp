// table_loops.cpp — the hashtable suite's loops (table_loops.h).
#include "table_loops.h"

#include <cinttypes>
#include <cstdio>
#include <map>
#include <new>

#include "counters.h"

namespace hb {

namespace {

const char *design_name(table_design d)
{
    for (const auto &info : table_designs)
        if (info.design == d)
            return info.name;
    return "?";
}

template <class T> std::string checked_build(const hb_hash *h, table_design d, const table_keys &keys, unsigned cap)
{
    const std::size_t n = keys.stored.size();
    T t(h, n);
    if (!t.ok())
        return std::string("out of memory: an empty ") + design_name(d) + " table";
    const std::uint64_t budget = std::uint64_t(cap) * n;
    std::uint64_t probes = 0;
    for (std::size_t i = 0; i < n; i++) {
        std::size_t p = t.insert_counted(keys.stored[i]);
        if (p == 0)
            return std::string("out of memory: ") + design_name(d) + " table after " + std::to_string(i) + " keys";
        probes += p;
        if (probes > budget) {
            char text[320];
            std::snprintf(text, sizeof text,
                          "capped: building the %s table of %zu keys took more than %" PRIu64
                          " probes (the cap: %u per key, --table-cap) by key %zu; not timed",
                          design_name(d), n, budget, cap, i + 1);
            return text;
        }
    }
    if (t.size() != n)
        return "wrong: the " + std::string(design_name(d)) + " table holds " + std::to_string(t.size()) + " of " +
               std::to_string(n) + " distinct keys";
    return "";
}

std::string verdict_of(const table_row &row, const table_keys &keys)
{
    static std::map<std::string, std::string> verdicts;
    auto it = verdicts.find(row.table);
    if (it != verdicts.end())
        return it->second;
    std::string v = table_build_verdict(row.h, row.design, keys, row.cap);
    verdicts[row.table] = v;
    return v;
}

template <class T> void lookup_loop(benchmark::State &state, const hb_hash *h, const table_keys &keys, bool hits)
{
    T t(h, keys.stored.size());
    for (const auto &k : keys.stored)
        if (!t.ok() || t.insert(k) == 0) {
            state.SkipWithError("out of memory: building the table to look keys up in");
            return;
        }
    const std::vector<table_key> &q = hits ? keys.queries : keys.absent;
    const table_key *const first = q.data(), *const end = first + q.size();
    const table_key *k = first;
    std::uint64_t found = 0;
    const loop_clock clock;
    for (auto _ : state) {
        found += t.find(*k);
        if (++k == end)
            k = first;
    }
    double seconds = clock.stop();
    std::uint64_t iterations = std::uint64_t(state.iterations());
    if (found != (hits ? iterations : 0)) {
        std::string what = std::to_string(found) + " of " + std::to_string(iterations) + " lookups found their key";
        state.SkipWithError(("wrong: " + what + (hits ? ", all should" : ", none should")).c_str());
        return;
    }
    report_rates(state, walked_key_bytes(q, hits ? keys.query_bytes : keys.absent_bytes, iterations), seconds);
}

template <class T> void insert_loop(benchmark::State &state, const hb_hash *h, const table_keys &keys)
{
    const std::size_t n = keys.stored.size();
    const table_key *const first = keys.stored.data(), *const end = first + n;
    bool failed = false;
    std::uint64_t bytes_per_build = 0;
    for (const auto &k : keys.stored)
        bytes_per_build += k.n;
    const loop_clock clock;
    while (state.KeepRunningBatch(benchmark::IterationCount(n))) {
        T t(h, n);
        for (const table_key *k = first; k != end; k++)
            failed |= t.insert(*k) == 0;
        failed |= t.size() != n;
    }
    double seconds = clock.stop();
    if (failed) {
        state.SkipWithError("out of memory or wrong: a build did not hold every key");
        return;
    }
    report_rates(state, std::uint64_t(state.iterations()) / n * bytes_per_build, seconds);
}

template <class T> void run(benchmark::State &state, const table_row &row, const table_keys &keys)
{
    if (row.op == table_op::insert)
        insert_loop<T>(state, row.h, keys);
    else
        lookup_loop<T>(state, row.h, keys, row.op == table_op::hit);
}

} // namespace

std::string table_build_verdict(const hb_hash *h, table_design design, const table_keys &keys, unsigned cap)
{
    try {
        switch (design) {
        case table_design::absl: return checked_build<absl_table>(h, design, keys, cap);
        case table_design::uthash: return checked_build<uthash_table>(h, design, keys, cap);
        case table_design::open_addressing: return checked_build<open_addressing_table>(h, design, keys, cap);
        }
    } catch (const std::bad_alloc &) {
        return std::string("out of memory: building the ") + design_name(design) + " table";
    }
    return "unknown design";
}

void table_loop(benchmark::State &state, const table_row &row)
{
    std::shared_ptr<const table_keys> keys = row.keys();
    if (keys->stored.empty()) {
        state.SkipWithError("skipped: no keys to store");
        return;
    }
    std::string verdict = verdict_of(row, *keys);
    if (!verdict.empty()) {
        state.SkipWithError(verdict.c_str());
        return;
    }
    if (hb_table_hash_folded(row.h))
        state.counters["folded_from_bits"] = double(row.h->out_bits);
    try {
        switch (row.design) {
        case table_design::absl: return run<absl_table>(state, row, *keys);
        case table_design::uthash: return run<uthash_table>(state, row, *keys);
        case table_design::open_addressing: return run<open_addressing_table>(state, row, *keys);
        }
    } catch (const std::bad_alloc &) {
        state.SkipWithError("out of memory: building the table");
    }
}

namespace {

template <class T>
bool finds(const hb_hash *h, const table_keys &keys, const std::vector<table_key> &queries, std::vector<bool> &found)
{
    T t(h, keys.stored.size());
    for (const auto &k : keys.stored)
        if (!t.ok() || t.insert(k) == 0)
            return false;
    found.clear();
    for (const auto &q : queries)
        found.push_back(t.find(q));
    return t.size() == keys.stored.size();
}

} // namespace

bool table_finds(const hb_hash *h, table_design design, const table_keys &keys, const std::vector<table_key> &queries,
                 std::vector<bool> &found)
{
    switch (design) {
    case table_design::absl: return finds<absl_table>(h, keys, queries, found);
    case table_design::uthash: return finds<uthash_table>(h, keys, queries, found);
    case table_design::open_addressing: return finds<open_addressing_table>(h, keys, queries, found);
    }
    return false;
}

} // namespace hb

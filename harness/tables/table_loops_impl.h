// table_loops_impl.h — the hashtable suite's loops as templates over a design's class (its face in
// table_designs.h), instantiated once per design, each in its own translation unit
// (table_loops_<design>.cpp), so that the designs' libraries compile in parallel; table_loops.cpp
// picks a row's instantiation by its design.
#ifndef HB_TABLE_LOOPS_IMPL_H
#define HB_TABLE_LOOPS_IMPL_H

#include <cinttypes>
#include <cstdio>
#include <map>
#include <memory>
#include <new>
#include <string>

#include "counters.h"
#include "table_cache.h"
#include "table_loops.h"

namespace hb {

// A design's loops, one instantiation of the templates below.
struct design_loops {
    void (*run)(benchmark::State &state, const table_row &row, const table_keys &keys);
    std::string (*verdict)(const hb_hash *h, hb_design d, const table_keys &keys, unsigned cap);
    bool (*finds)(const hb_hash *h, const table_keys &keys, const std::vector<table_key> &queries,
                  std::vector<bool> &found);
};

// The loops of design d (table_loops.cpp).
const design_loops &loops_of(hb_design d);

namespace table_loops_impl {

// Fills an empty table with every stored key, counting probes: "" when within cap probes per key
// on average and the table holds exactly those keys, else the reason. A design whose library
// counts no probes (T::counts_probes false) is first held to the probes its keys' home groups
// imply (T::crowding), so that a degenerate hash is stopped before its build.
template <class T> std::string checked_fill(T &t, const hb_hash *h, hb_design d, const table_keys &keys, unsigned cap)
{
    const std::size_t n = keys.stored.size();
    if (!t.ok())
        return std::string("out of memory: an empty ") + hb_design_name(d) + " table";
    if constexpr (!T::counts_probes) {
        double crowding = T::crowding(h, keys.stored);
        if (crowding > cap) {
            char text[320];
            std::snprintf(text, sizeof text,
                          "capped: the %zu keys of the %s table crowd their home groups: %.0f probes per key on "
                          "average from that alone (the cap: %u per key, --table-cap); not timed",
                          n, hb_design_name(d), crowding, cap);
            return text;
        }
    }
    const std::uint64_t budget = std::uint64_t(cap) * n;
    std::uint64_t probes = 0;
    for (std::size_t i = 0; i < n; i++) {
        std::size_t p = t.insert_counted(keys.stored[i]);
        if (p == 0)
            return std::string("out of memory: ") + hb_design_name(d) + " table after " + std::to_string(i) + " keys";
        probes += p;
        if (probes > budget) {
            char text[320];
            std::snprintf(text, sizeof text,
                          "capped: building the %s table of %zu keys took more than %" PRIu64
                          " probes (the cap: %u per key, --table-cap) by key %zu; not timed",
                          hb_design_name(d), n, budget, cap, i + 1);
            return text;
        }
    }
    if (t.size() != n)
        return "wrong: the " + std::string(hb_design_name(d)) + " table holds " + std::to_string(t.size()) + " of " +
               std::to_string(n) + " distinct keys";
    return "";
}

// The verdict on a table built now, for tests.
template <class T> std::string fresh_verdict(const hb_hash *h, hb_design d, const table_keys &keys, unsigned cap)
{
    T t(h, keys.stored.size());
    return checked_fill(t, h, d, keys, cap);
}

// The verdict on row's table, worked out once by a counted build (kept for lookups when it passes).
template <class T> std::string verdict_of(const table_row &row, const table_keys &keys)
{
    const std::string *known = known_verdict(row.table);
    if (known != nullptr)
        return *known;
    auto t = std::make_shared<T>(row.h, keys.stored.size());
    std::string v = checked_fill(*t, row.h, row.design, keys, row.cap);
    remember_verdict(row.table, v);
    if (v.empty())
        keep(row.table, t, t->bytes());
    return v;
}

// Row's table with every stored key, from the cache or built now; nullptr when out of memory.
template <class T> std::shared_ptr<T> lookup_table(const table_row &row, const table_keys &keys)
{
    std::shared_ptr<T> t = std::static_pointer_cast<T>(cached_table(row.table));
    if (t != nullptr)
        return t;
    t = std::make_shared<T>(row.h, keys.stored.size());
    for (const auto &k : keys.stored)
        if (!t->ok() || t->insert(k) == 0)
            return nullptr;
    keep(row.table, t, t->bytes());
    return t;
}

template <class T> void lookup_loop(benchmark::State &state, const table_row &row, const table_keys &keys)
{
    std::shared_ptr<T> table = lookup_table<T>(row, keys);
    if (table == nullptr) {
        state.SkipWithError("out of memory: building the table to look keys up in");
        return;
    }
    const T &t = *table;
    const bool hits = row.op == table_op::hit;
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
    std::string verdict = verdict_of<T>(row, keys);
    if (!verdict.empty())
        state.SkipWithError(verdict.c_str());
    else if (row.op == table_op::insert)
        insert_loop<T>(state, row.h, keys);
    else
        lookup_loop<T>(state, row, keys);
}

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

} // namespace table_loops_impl

// The loops of class T, for its table_loops_<design>.cpp.
template <class T> constexpr design_loops make_design_loops()
{
    return {table_loops_impl::run<T>, table_loops_impl::fresh_verdict<T>, table_loops_impl::finds<T>};
}

} // namespace hb

#endif // HB_TABLE_LOOPS_IMPL_H

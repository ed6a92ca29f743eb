// table_loops.cpp — the hashtable suite's loops (table_loops.h).
#include "table_loops.h"

#include <cinttypes>
#include <cstdio>
#include <map>
#include <new>

#include "counters.h"

namespace hb {

namespace {

// Fills an empty table with every stored key, counting probes: "" when within cap probes per key
// on average and the table holds exactly those keys, else the reason.
template <class T> std::string checked_fill(T &t, hb_design d, const table_keys &keys, unsigned cap)
{
    const std::size_t n = keys.stored.size();
    if (!t.ok())
        return std::string("out of memory: an empty ") + hb_design_name(d) + " table";
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
    return checked_fill(t, d, keys, cap);
}

// Built tables kept for the lookups of later rows and repetitions of the same table (they only
// read it), up to table_cache_budget bytes, the least recently used dropped first.
struct cached_table {
    std::shared_ptr<void> table;
    std::size_t bytes;
    std::uint64_t used;
};
struct table_cache {
    std::map<std::string, cached_table> tables;
    std::size_t bytes = 0;
    std::uint64_t clock = 0;
};

table_cache &cache()
{
    static table_cache c;
    return c;
}

template <class T> std::shared_ptr<T> cached(const std::string &table)
{
    table_cache &c = cache();
    auto it = c.tables.find(table);
    if (it == c.tables.end())
        return nullptr;
    it->second.used = ++c.clock;
    return std::static_pointer_cast<T>(it->second.table);
}

void keep(const std::string &table, std::shared_ptr<void> t, std::size_t bytes)
{
    table_cache &c = cache();
    if (bytes > table_cache_budget)
        return;
    while (c.bytes + bytes > table_cache_budget && !c.tables.empty()) {
        auto oldest = c.tables.begin();
        for (auto it = c.tables.begin(); it != c.tables.end(); ++it)
            if (it->second.used < oldest->second.used)
                oldest = it;
        c.bytes -= oldest->second.bytes;
        c.tables.erase(oldest);
    }
    c.tables[table] = {std::move(t), bytes, ++c.clock};
    c.bytes += bytes;
}

// The verdict on row's table, worked out once by a counted build (kept for lookups when it passes).
template <class T> std::string verdict_of(const table_row &row, const table_keys &keys)
{
    static std::map<std::string, std::string> verdicts;
    auto it = verdicts.find(row.table);
    if (it != verdicts.end())
        return it->second;
    auto t = std::make_shared<T>(row.h, keys.stored.size());
    std::string v = checked_fill(*t, row.design, keys, row.cap);
    verdicts[row.table] = v;
    if (v.empty())
        keep(row.table, t, t->bytes());
    return v;
}

// Row's table with every stored key, from the cache or built now; nullptr when out of memory.
template <class T> std::shared_ptr<T> lookup_table(const table_row &row, const table_keys &keys)
{
    std::shared_ptr<T> t = cached<T>(row.table);
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

} // namespace

std::string table_build_verdict(const hb_hash *h, hb_design design, const table_keys &keys, unsigned cap)
{
    if (design >= HB_DESIGNS)
        return "unknown design";
    try {
        return with_design_class(design, [&](auto tag) {
            return fresh_verdict<typename decltype(tag)::type>(h, design, keys, cap);
        });
    } catch (const std::bad_alloc &) {
        return std::string("out of memory: building the ") + hb_design_name(design) + " table";
    }
}

void table_loop(benchmark::State &state, const table_row &row)
{
    std::shared_ptr<const table_keys> keys = row.keys();
    if (keys->stored.empty()) {
        state.SkipWithError("skipped: no keys to store");
        return;
    }
    if (hb_table_hash_folded(row.h))
        state.counters["folded_from_bits"] = double(row.h->out_bits);
    try {
        with_design_class(row.design, [&](auto tag) { run<typename decltype(tag)::type>(state, row, *keys); });
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

bool table_finds(const hb_hash *h, hb_design design, const table_keys &keys, const std::vector<table_key> &queries,
                 std::vector<bool> &found)
{
    return with_design_class(design,
                             [&](auto tag) { return finds<typename decltype(tag)::type>(h, keys, queries, found); });
}

} // namespace hb

// table_loops_impl.h — the hashtable suite's loops as templates over a design's class (its face in
// table_designs.h), instantiated once per design for byte strings (table_loops_<design>.cpp) and
// once per design, width and hasher for keys held by value (table_values.cpp.in, value_hashers.h),
// each design and width in its own translation unit, so that the designs' libraries compile in
// parallel; table_loops.cpp picks a row's instantiation by its design, width and entry.
#ifndef HB_TABLE_LOOPS_IMPL_H
#define HB_TABLE_LOOPS_IMPL_H

#include <cinttypes>
#include <cstdio>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <type_traits>

#include "counters.h"
#include "hb_value_key.h"
#include "table_cache.h"
#include "table_loops.h"
#include "value_hashers.h"

namespace hb {

// A design's loops, one instantiation of the templates below.
struct design_loops {
    void (*run)(benchmark::State &state, const table_row &row, const table_keys &keys);
    std::string (*verdict)(const hb_hash *h, hb_design d, const table_keys &keys, unsigned cap);
    bool (*finds)(const hb_hash *h, const table_keys &keys, const std::vector<table_key> &queries,
                  std::vector<bool> &found);
};

// A design's loops on keys held by value at one width: one instantiation per hasher
// (value_hashers<W>), the first whose is(h) holds serving entry h.
struct value_hasher_loops {
    bool (*is)(const hb_hash *h);
    const char *call; // how the hasher is called, in words
    design_loops loops;
};
struct value_loops {
    const value_hasher_loops *hashers;
    std::size_t n;
    const value_hasher_loops &of(const hb_hash *h) const
    {
        for (std::size_t i = 0; i + 1 < n; i++)
            if (hashers[i].is(h))
                return hashers[i];
        return hashers[n - 1]; // entry_choice: every entry
    }
};

// The loops of design d on byte strings, and at width (4, 8 or 16) on keys held by value
// (table_loops.cpp).
const design_loops &loops_of(hb_design d);
const value_loops &value_loops_of(hb_design d, std::size_t width);

namespace table_loops_impl {

// The keys of a key set as a table of Key holds them: the byte strings themselves (table_key), or
// each key's value (every key of the set has sizeof(Key) bytes: held_width).
template <class Key> class held_keys {
  public:
    explicit held_keys(const table_keys &k)
    {
        const std::vector<table_key> *from[3] = {&k.stored, &k.queries, &k.absent};
        for (int i = 0; i < 3; i++) {
            if constexpr (std::is_same_v<Key, table_key>)
                lists_[i] = from[i];
            else {
                own_[i].reserve(from[i]->size());
                for (const table_key &t : *from[i])
                    own_[i].push_back(load_value_key<sizeof(Key)>(t.p));
                lists_[i] = &own_[i];
            }
        }
    }
    held_keys(const held_keys &) = delete;
    held_keys &operator=(const held_keys &) = delete;
    const std::vector<Key> &stored() const
    {
        return *lists_[0];
    }
    const std::vector<Key> &queries() const
    {
        return *lists_[1];
    }
    const std::vector<Key> &absent() const
    {
        return *lists_[2];
    }

  private:
    std::vector<Key> own_[3];
    const std::vector<Key> *lists_[3] = {};
};

// Fills an empty table with every stored key, counting probes: "" when within cap probes per key
// on average and the table holds exactly those keys, else the reason. A design whose library
// counts no probes (T::counts_probes false) is first held to the probes its keys' home groups
// imply (crowding), so that a degenerate hash is stopped before its build.
template <class T>
std::string checked_fill(T &t, hb_design d, const std::vector<typename T::key_type> &stored, unsigned cap)
{
    const std::size_t n = stored.size();
    if (!t.ok())
        return std::string("out of memory: an empty ") + hb_design_name(d) + " table";
    if constexpr (!T::counts_probes) {
        double crowding = t.crowding(stored);
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
        std::size_t p = t.insert_counted(stored[i]);
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
    held_keys<typename T::key_type> held(keys);
    T t(h, held.stored().size());
    return checked_fill(t, d, held.stored(), cap);
}

// The verdict on row's table, worked out once by a counted build (kept for lookups when it passes).
template <class T> std::string verdict_of(const table_row &row, const held_keys<typename T::key_type> &held)
{
    const std::string *known = known_verdict(row.table);
    if (known != nullptr)
        return *known;
    auto t = std::make_shared<T>(row.h, held.stored().size());
    std::string v = checked_fill(*t, row.design, held.stored(), row.cap);
    remember_verdict(row.table, v);
    if (v.empty())
        keep(row.table, t, t->bytes());
    return v;
}

// Row's table with every stored key, from the cache or built now; nullptr when out of memory.
template <class T> std::shared_ptr<T> lookup_table(const table_row &row, const held_keys<typename T::key_type> &held)
{
    std::shared_ptr<T> t = std::static_pointer_cast<T>(cached_table(row.table));
    if (t != nullptr)
        return t;
    t = std::make_shared<T>(row.h, held.stored().size());
    for (const auto &k : held.stored())
        if (!t->ok() || t->insert(k) == 0)
            return nullptr;
    keep(row.table, t, t->bytes());
    return t;
}

template <class T>
void lookup_loop(benchmark::State &state, const table_row &row, const table_keys &keys,
                 const held_keys<typename T::key_type> &held)
{
    using Key = typename T::key_type;
    std::shared_ptr<T> table = lookup_table<T>(row, held);
    if (table == nullptr) {
        state.SkipWithError("out of memory: building the table to look keys up in");
        return;
    }
    const T &t = *table;
    const bool hits = row.op == table_op::hit;
    const std::vector<Key> &q = hits ? held.queries() : held.absent();
    const Key *const first = q.data(), *const end = first + q.size();
    const Key *k = first;
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
    report_rates(
        state,
        walked_key_bytes(hits ? keys.queries : keys.absent, hits ? keys.query_bytes : keys.absent_bytes, iterations),
        seconds);
}

template <class T>
void insert_loop(benchmark::State &state, const hb_hash *h, const table_keys &keys,
                 const held_keys<typename T::key_type> &held)
{
    using Key = typename T::key_type;
    const std::size_t n = held.stored().size();
    const Key *const first = held.stored().data(), *const end = first + n;
    bool failed = false;
    std::uint64_t bytes_per_build = 0;
    for (const auto &k : keys.stored)
        bytes_per_build += k.n;
    const loop_clock clock;
    while (state.KeepRunningBatch(benchmark::IterationCount(n))) {
        T t(h, n);
        for (const Key *k = first; k != end; k++)
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
    held_keys<typename T::key_type> held(keys);
    std::string verdict = verdict_of<T>(row, held);
    if (!verdict.empty())
        state.SkipWithError(verdict.c_str());
    else if (row.op == table_op::insert)
        insert_loop<T>(state, row.h, keys, held);
    else
        lookup_loop<T>(state, row, keys, held);
}

template <class T>
bool finds(const hb_hash *h, const table_keys &keys, const std::vector<table_key> &queries, std::vector<bool> &found)
{
    using Key = typename T::key_type;
    held_keys<Key> held(keys);
    T t(h, held.stored().size());
    for (const auto &k : held.stored())
        if (!t.ok() || t.insert(k) == 0)
            return false;
    found.clear();
    for (const auto &q : queries) {
        if constexpr (std::is_same_v<Key, table_key>)
            found.push_back(t.find(q));
        else // a query of another width is no key of the table
            found.push_back(q.n == sizeof(Key) && t.find(load_value_key<sizeof(Key)>(q.p)));
    }
    return t.size() == held.stored().size();
}

// The loops of each choice of hasher (value_hashers.h) for a design's class template Table at width W.
template <template <class, class> class Table, std::size_t W, class... Choices> struct value_loops_list {
    static constexpr value_hasher_loops list[] = {{Choices::is,
                                                   Choices::call,
                                                   {run<Table<value_key_t<W>, typename Choices::type>>,
                                                    fresh_verdict<Table<value_key_t<W>, typename Choices::type>>,
                                                    finds<Table<value_key_t<W>, typename Choices::type>>}}...};
};
template <template <class, class> class Table, std::size_t W, class... Choices>
constexpr value_loops value_loops_of_list(hasher_list<Choices...>)
{
    return {value_loops_list<Table, W, Choices...>::list, sizeof...(Choices)};
}

} // namespace table_loops_impl

// The loops of class T, for its table_loops_<design>.cpp.
template <class T> constexpr design_loops make_design_loops()
{
    return {table_loops_impl::run<T>, table_loops_impl::fresh_verdict<T>, table_loops_impl::finds<T>};
}

// The loops of class template Table on keys of W bytes held by value, one per hasher, for the
// design's table_values_<design>_<W>.cpp.
template <template <class, class> class Table, std::size_t W> constexpr value_loops make_value_loops()
{
    return table_loops_impl::value_loops_of_list<Table, W>(value_hashers<W>{});
}

} // namespace hb

#endif // HB_TABLE_LOOPS_IMPL_H

// table_cache.cpp — the verdicts and built tables kept between rows (table_cache.h).
#include "table_cache.h"

#include <cstdint>
#include <map>

#include "table_loops.h"

namespace hb {

namespace {

struct kept_table {
    std::shared_ptr<void> table;
    std::size_t bytes;
    std::uint64_t used;
};
struct table_cache {
    std::map<std::string, kept_table> tables;
    std::size_t bytes = 0;
    std::uint64_t clock = 0;
};

table_cache &cache()
{
    static table_cache c;
    return c;
}

std::map<std::string, std::string> &verdicts()
{
    static std::map<std::string, std::string> v;
    return v;
}

} // namespace

std::shared_ptr<void> cached_table(const std::string &table)
{
    table_cache &c = cache();
    auto it = c.tables.find(table);
    if (it == c.tables.end())
        return nullptr;
    it->second.used = ++c.clock;
    return it->second.table;
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

const std::string *known_verdict(const std::string &table)
{
    auto it = verdicts().find(table);
    return it == verdicts().end() ? nullptr : &it->second;
}

void remember_verdict(const std::string &table, const std::string &verdict)
{
    verdicts()[table] = verdict;
}

} // namespace hb

// table_cache.h — what the hashtable suite keeps between rows: the verdict of each table's counted
// build (so that it is worked out once a run), and built tables for the lookups of later rows and
// repetitions of the same table (they only read it), up to table_cache_budget bytes, the least
// recently used dropped first. A table is named by its row's `table` (table_loops.h).
#ifndef HB_TABLE_CACHE_H
#define HB_TABLE_CACHE_H

#include <cstddef>
#include <memory>
#include <string>

namespace hb {

// The verdict recorded for table, or nullptr.
const std::string *known_verdict(const std::string &table);
void remember_verdict(const std::string &table, const std::string &verdict);

// The built table kept under that name, or nullptr; keep() stores one (unless larger than the budget).
std::shared_ptr<void> cached_table(const std::string &table);
void keep(const std::string &table, std::shared_ptr<void> t, std::size_t bytes);

} // namespace hb

#endif // HB_TABLE_CACHE_H

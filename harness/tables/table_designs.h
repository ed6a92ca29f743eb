/*
 * table_designs.h — the face every design's class shows the loops (table_loops_impl.h), so that one
 * template of loops times them all; each class is in its own header (design_<name>.h) and its loops
 * in their own translation unit (table_loops_<name>.cpp). Each stores (pointer, length) keys that
 * outlive it and compares them with memcmp; each hashes a key with the entry through
 * hb_hashtable_hash. What each design is and which bits of the hash it consumes is its row in the table
 * of designs (c_hashes/hb_designs.h); table_loops.cpp maps a row to its loops.
 *
 * Every class: constructed empty for a number of keys to come; ok() false when that failed;
 * insert(k) adds k unless present and returns the probes it took (0: out of memory or full);
 * insert_counted(k) the same with every probe counted (for the cap); find(k); size(); bytes(), the
 * memory it holds besides the keys (roughly: what a cache of tables counts). counts_probes says
 * whether insert_counted counts; a class whose library cannot count them says false and gives
 * crowding(h, keys): the probes per key on average that the keys' home groups alone imply, so
 * that the cap stops a degenerate hash before the build.
 */
#ifndef HB_TABLE_DESIGNS_H
#define HB_TABLE_DESIGNS_H

#include <cstddef>
#include <cstring>

#include "hb_designs.h"
#include "table_hash.h"
#include "table_keys.h"

namespace hb {

// The entry as a C++ table's hasher, and keys compared as byte strings.
struct entry_hasher {
    const hb_hash *h;
    std::size_t operator()(const table_key &k) const
    {
        return std::size_t(hb_hashtable_hash(h, k.p, k.n));
    }
};
struct key_equal {
    bool operator()(const table_key &a, const table_key &b) const
    {
        return a.n == b.n && std::memcmp(a.p, b.p, a.n) == 0;
    }
};

} // namespace hb

#endif // HB_TABLE_DESIGNS_H

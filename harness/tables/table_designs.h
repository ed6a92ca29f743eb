/*
 * table_designs.h — the face every design's class shows the loops (table_loops_impl.h), so that one
 * template of loops times them all; each class is in its own header (design_<name>.h) and its loops
 * in their own translation units. A class holds keys of its key_type: table_key, a (pointer,
 * length) byte string that outlives it, compared with memcmp and hashed with the entry through
 * hb_hashtable_hash (entry_hasher); or a key of 4, 8 or 16 bytes held by value (value_key_t<W>,
 * hb_value_key.h), compared by value (the design's own comparison where its library has one) and
 * hashed by a hasher of value_hashers.h. What each design is and which bits of the hash it
 * consumes is its row in the table of designs (c_hashes/hb_designs.h); table_loops.cpp maps a row
 * to its loops.
 *
 * Every class: constructed empty for a number of keys to come, with the entry it hashes with (a
 * hasher that needs none ignores it); ok() false when that failed; insert(k) adds k unless present
 * and returns the probes it took (0: out of memory or full); insert_counted(k) the same with every
 * probe counted (for the cap); find(k); size(); bytes(), the memory it holds besides the keys
 * (roughly: what a cache of tables counts). counts_probes says whether insert_counted counts; a
 * class whose library cannot count them says false and gives crowding(keys): the probes per key on
 * average that the keys' home groups alone imply, so that the cap stops a degenerate hash before
 * the build.
 */
#ifndef HB_TABLE_DESIGNS_H
#define HB_TABLE_DESIGNS_H

#include <cstddef>
#include <cstring>
#include <functional>
#include <type_traits>

#include "hb_designs.h"
#include "table_hash.h"
#include "table_keys.h"

namespace hb {

// The entry as a C++ table's hasher of byte strings, and such keys compared as byte strings.
struct entry_hasher {
    const hb_hash *h;
    explicit entry_hasher(const hb_hash *entry) : h(entry)
    {}
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

// A C++ table's equality of its keys: byte strings' above, else the key's own ==.
template <class Key>
using key_equal_t = std::conditional_t<std::is_same_v<Key, table_key>, key_equal, std::equal_to<Key>>;

// The hasher of a table hashing with entry h: made from h when it takes one (entry_hasher, a hasher
// calling the entry), else as its type's default (a library's own functor).
template <class Hasher> Hasher hasher_for(const hb_hash *h)
{
    if constexpr (std::is_constructible_v<Hasher, const hb_hash *>)
        return Hasher(h);
    else {
        (void)h;
        return Hasher{};
    }
}

} // namespace hb

#endif // HB_TABLE_DESIGNS_H

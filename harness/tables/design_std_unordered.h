// design_std_unordered.h — the std-unordered design: libstdc++'s std::unordered_set of Key with
// Hasher, behind the face of table_designs.h. A bucket is the hash modulo the bucket count, a prime;
// nodes are chained, each caching its hash unless libstdc++ deems the hasher fast and it cannot
// throw: byte strings' nodes cache it (as std::hash of a string's do), keys held by value's do not
// (std::hash of an integer, and value_hashers.h's noexcept hashers); at most one key per bucket on
// average before it grows.
#ifndef HB_DESIGN_STD_UNORDERED_H
#define HB_DESIGN_STD_UNORDERED_H

#include <unordered_set>

#include "table_designs.h"

namespace hb {

template <class Key, class Hasher> class std_unordered_table {
  public:
    using key_type = Key;
    static constexpr bool counts_probes = true; // insert_counted counts them
    std_unordered_table(const hb_hash *h, std::size_t) : set_(0, hasher_for<Hasher>(h), key_equal_t<Key>{})
    {}
    bool ok() const
    {
        return true; // allocation failures throw std::bad_alloc
    }
    std::size_t insert(const Key &k)
    {
        set_.insert(k);
        return 1;
    }
    // The keys of the key's bucket its lookup walks, and the add.
    std::size_t insert_counted(const Key &k)
    {
        std::size_t chain = set_.bucket_count() > 0 ? set_.bucket_size(set_.bucket(k)) : 0;
        set_.insert(k);
        return chain + 1;
    }
    bool find(const Key &k) const
    {
        return set_.find(k) != set_.end();
    }
    std::size_t size() const
    {
        return set_.size();
    }
    std::size_t bytes() const
    {
        // the buckets' pointers, and a node per key: its link, the key and the cached hash (roughly)
        return set_.bucket_count() * sizeof(void *) + set_.size() * (sizeof(Key) + 2 * sizeof(void *));
    }

  private:
    std::unordered_set<Key, Hasher, key_equal_t<Key>> set_;
};

template <class Key, class Hasher> using std_unordered_value_table = std_unordered_table<Key, Hasher>;

} // namespace hb

#endif // HB_DESIGN_STD_UNORDERED_H

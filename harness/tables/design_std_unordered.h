// design_std_unordered.h — the std-unordered design: libstdc++'s std::unordered_set with the entry
// as its hasher, behind the face of table_designs.h. A bucket is the hash modulo the bucket count, a
// prime; nodes are chained, each caching its hash (libstdc++ caches it for a hasher not declared
// noexcept, as most programs' are); at most one key per bucket on average before it grows.
#ifndef HB_DESIGN_STD_UNORDERED_H
#define HB_DESIGN_STD_UNORDERED_H

#include <unordered_set>

#include "table_designs.h"

namespace hb {

class std_unordered_table {
  public:
    static constexpr bool counts_probes = true; // insert_counted counts them
    std_unordered_table(const hb_hash *h, std::size_t) : set_(0, entry_hasher{h}, key_equal{})
    {}
    bool ok() const
    {
        return true; // allocation failures throw std::bad_alloc
    }
    std::size_t insert(const table_key &k)
    {
        set_.insert(k);
        return 1;
    }
    // The keys of the key's bucket its lookup walks, and the add.
    std::size_t insert_counted(const table_key &k)
    {
        std::size_t chain = set_.bucket_count() > 0 ? set_.bucket_size(set_.bucket(k)) : 0;
        set_.insert(k);
        return chain + 1;
    }
    bool find(const table_key &k) const
    {
        return set_.find(k) != set_.end();
    }
    std::size_t size() const
    {
        return set_.size();
    }
    std::size_t bytes() const
    {
        // the buckets' pointers, and a node per key: its link, the key and the cached hash
        return set_.bucket_count() * sizeof(void *) + set_.size() * (sizeof(table_key) + 2 * sizeof(void *));
    }

  private:
    std::unordered_set<table_key, entry_hasher, key_equal> set_;
};

} // namespace hb

#endif // HB_DESIGN_STD_UNORDERED_H

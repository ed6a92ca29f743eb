// design_absl.h — the absl design: absl::flat_hash_set of Key with Hasher, behind the face of
// table_designs.h; insert_counted counts the groups a lookup visits with Abseil's debug hook.
#ifndef HB_DESIGN_ABSL_H
#define HB_DESIGN_ABSL_H

#include <absl/container/flat_hash_set.h>
#include <absl/container/internal/hashtable_debug.h>

#include "table_designs.h"

namespace hb {

template <class Key, class Hasher> class absl_table {
  public:
    using key_type = Key;
    static constexpr bool counts_probes = true; // insert_counted counts them
    absl_table(const hb_hash *h, std::size_t) : set_(0, hasher_for<Hasher>(h), key_equal_t<Key>{})
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
    // The groups the key's lookup now visits (1: its first), as Abseil's debug hook counts them.
    std::size_t insert_counted(const Key &k)
    {
        set_.insert(k);
        return 1 + absl::container_internal::GetHashtableDebugNumProbes(set_, k);
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
        return set_.capacity() * (sizeof(Key) + 1); // a slot and its control byte
    }

  private:
    absl::flat_hash_set<Key, Hasher, key_equal_t<Key>> set_;
};

template <class Key, class Hasher> using absl_value_table = absl_table<Key, Hasher>;

} // namespace hb

#endif // HB_DESIGN_ABSL_H

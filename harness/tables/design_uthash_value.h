// design_uthash_value.h — the uthash design on keys held by value, behind the face of
// table_designs.h: items holding the key by value, added and found by its bytes as uthash's manual
// has integer keys (HASH_ADD with the key's field and size, HASH_FIND with a pointer to a key and
// its size), uthash's HASH_FUNCTION the hasher (its 32-bit hashv: the value's low 32 bits) and
// its own comparison of the key's bytes. Items are preallocated, one per key to come. A translation
// unit that includes this includes uthash.h with these definitions, and no other uthash table.
#ifndef HB_DESIGN_UTHASH_VALUE_H
#define HB_DESIGN_UTHASH_VALUE_H

#include <cstddef>
#include <vector>

#include "table_designs.h"

// Expanded inside the class's members below: the hasher of the table, and its out-of-memory mark.
#define HASH_FUNCTION(keyptr, keylen, hashv) ((hashv) = hash_of(keyptr))
#define HASH_NONFATAL_OOM                    1
#define uthash_nonfatal_oom(obj)             (oom_ = true)
#include <uthash.h>

namespace hb {

template <class Key, class Hasher> class uthash_value_table {
    struct item {
        Key key;
        UT_hash_handle hh;
    };

  public:
    using key_type = Key;
    static constexpr bool counts_probes = true; // insert_counted counts them
    uthash_value_table(const hb_hash *h, std::size_t n) : hasher_(hasher_for<Hasher>(h)), items_(n ? n : 1)
    {}
    ~uthash_value_table()
    {
        HASH_CLEAR(hh, head_);
    }
    uthash_value_table(const uthash_value_table &) = delete;
    uthash_value_table &operator=(const uthash_value_table &) = delete;
    bool ok() const
    {
        return true; // the items' allocation throws std::bad_alloc
    }
    std::size_t insert(const Key &k)
    {
        return add(k, false);
    }
    // The chain length of the key's bucket plus one: the items its lookup may visit, and the add.
    std::size_t insert_counted(const Key &k)
    {
        return add(k, true);
    }
    bool find(const Key &k) const
    {
        item *found;
        HASH_FIND(hh, head_, &k, sizeof(Key), found);
        return found != nullptr;
    }
    std::size_t size() const
    {
        return HASH_CNT(hh, head_);
    }
    std::size_t bytes() const
    {
        std::size_t b = sizeof *this + items_.size() * sizeof(item);
        if (head_ != nullptr)
            b += sizeof(UT_hash_table) + head_->hh.tbl->num_buckets * sizeof(UT_hash_bucket);
        return b;
    }

  private:
    unsigned hash_of(const void *k) const
    {
        return unsigned(hasher_(*static_cast<const Key *>(k)));
    }
    // The insert, hashing the key once, as uthash_table.c's: the chain it searches counted when
    // count_chain is set (a timed insert does not read the bucket's count).
    std::size_t add(const Key &k, bool count_chain)
    {
        unsigned hashv;
        HASH_VALUE(&k, sizeof(Key), hashv);
        std::size_t chain = 0;
        if (count_chain && head_ != nullptr) {
            unsigned bucket;
            HASH_TO_BKT(hashv, head_->hh.tbl->num_buckets, bucket);
            chain = head_->hh.tbl->buckets[bucket].count;
        }
        item *found;
        HASH_FIND_BYHASHVALUE(hh, head_, &k, sizeof(Key), hashv, found);
        if (found != nullptr)
            return chain + 1;
        if (used_ == items_.size())
            return 0;
        item *it = &items_[used_];
        it->key = k;
        oom_ = false;
        HASH_ADD_BYHASHVALUE(hh, head_, key, sizeof(Key), hashv, it);
        if (oom_) // uthash took the item out again
            return 0;
        used_++;
        return chain + 1;
    }

    Hasher hasher_;
    std::vector<item> items_;
    item *head_ = nullptr; // uthash's table handle: null while empty
    std::size_t used_ = 0;
    bool oom_ = false;
};

} // namespace hb

#endif // HB_DESIGN_UTHASH_VALUE_H

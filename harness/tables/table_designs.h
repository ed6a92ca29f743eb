/*
 * table_designs.h — the table designs behind one C++ face, so that one template of loops
 * times them all: absl (absl::flat_hash_set, Debian's Abseil), uthash (uthash_table.h) and
 * open-addressing (open_addressing.h). Each stores (pointer, length) keys that outlive it and
 * compares them with memcmp; each hashes a key with the entry through hb_table_hash.
 *
 * What each design is and which bits of the hash it consumes is its row in the table of designs
 * (c_hashes/hb_designs.h); the switches of table_loops.cpp map a row to its class here.
 */
#ifndef HB_TABLE_DESIGNS_H
#define HB_TABLE_DESIGNS_H

#include <cstddef>
#include <cstring>

#include <absl/container/flat_hash_set.h>
#include <absl/container/internal/hashtable_debug.h>

#include "hb_designs.h"
#include "open_addressing.h"
#include "table_hash.h"
#include "table_keys.h"
#include "uthash_table.h"

namespace hb {

// Every wrapper: constructed empty for a number of keys to come; ok() false when that failed;
// insert(k) adds k unless present and returns the probes it took (0: out of memory or full);
// insert_counted(k) the same with every probe counted (for the cap); find(k); size(); bytes(), the
// memory it holds besides the keys (roughly: what a cache of tables counts).

class open_addressing_table {
  public:
    open_addressing_table(const hb_hash *h, std::size_t)
    {
        ok_ = hb_oa_init(&t_, h);
    }
    ~open_addressing_table()
    {
        hb_oa_free(&t_);
    }
    open_addressing_table(const open_addressing_table &) = delete;
    open_addressing_table &operator=(const open_addressing_table &) = delete;
    bool ok() const
    {
        return ok_;
    }
    std::size_t insert(const table_key &k)
    {
        return hb_oa_insert(&t_, k.p, k.n);
    }
    std::size_t insert_counted(const table_key &k)
    {
        return insert(k);
    }
    bool find(const table_key &k) const
    {
        return hb_oa_find(&t_, k.p, k.n);
    }
    std::size_t size() const
    {
        return t_.count;
    }
    std::size_t bytes() const
    {
        return (t_.mask + 1) * sizeof(hb_oa_slot);
    }

  private:
    hb_oa_table t_{};
    bool ok_ = false;
};

class uthash_table {
  public:
    uthash_table(const hb_hash *h, std::size_t keys) : t_(hb_ut_create(h, keys))
    {}
    ~uthash_table()
    {
        hb_ut_destroy(t_);
    }
    uthash_table(const uthash_table &) = delete;
    uthash_table &operator=(const uthash_table &) = delete;
    bool ok() const
    {
        return t_ != nullptr;
    }
    std::size_t insert(const table_key &k)
    {
        return hb_ut_insert(t_, k.p, k.n);
    }
    std::size_t insert_counted(const table_key &k)
    {
        return hb_ut_insert_counted(t_, k.p, k.n);
    }
    bool find(const table_key &k) const
    {
        return hb_ut_find(t_, k.p, k.n);
    }
    std::size_t size() const
    {
        return hb_ut_count(t_);
    }
    std::size_t bytes() const
    {
        return hb_ut_bytes(t_);
    }

  private:
    hb_ut_table *t_;
};

class absl_table {
  public:
    absl_table(const hb_hash *h, std::size_t) : set_(0, hasher{h}, equal{})
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
    // The groups the key's lookup now visits (1: its first), as Abseil's debug hook counts them.
    std::size_t insert_counted(const table_key &k)
    {
        set_.insert(k);
        return 1 + absl::container_internal::GetHashtableDebugNumProbes(set_, k);
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
        return set_.capacity() * (sizeof(table_key) + 1); // a slot and its control byte
    }

  private:
    struct hasher {
        const hb_hash *h;
        std::size_t operator()(const table_key &k) const
        {
            return std::size_t(hb_table_hash(h, k.p, k.n));
        }
    };
    struct equal {
        bool operator()(const table_key &a, const table_key &b) const
        {
            return a.n == b.n && std::memcmp(a.p, b.p, a.n) == 0;
        }
    };
    absl::flat_hash_set<table_key, hasher, equal> set_;
};

template <class T> struct design_class {
    using type = T;
};

// f(design_class<T>{}) with T the class of design d: the one place a row of the table of designs
// meets its class. For HB_DESIGNS (no design), f's result type default-constructed.
template <class F> auto with_design_class(hb_design d, F &&f)
{
    switch (d) {
    case HB_DESIGN_ABSL: return f(design_class<absl_table>{});
    case HB_DESIGN_UTHASH: return f(design_class<uthash_table>{});
    case HB_DESIGN_OPEN_ADDRESSING: return f(design_class<open_addressing_table>{});
    case HB_DESIGNS: break;
    }
    return decltype(f(design_class<absl_table>{}))();
}

} // namespace hb

#endif // HB_TABLE_DESIGNS_H

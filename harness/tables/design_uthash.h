// design_uthash.h — the uthash design on byte strings (uthash_table.h) behind the face of
// table_designs.h; on keys held by value: design_uthash_value.h.
#ifndef HB_DESIGN_UTHASH_H
#define HB_DESIGN_UTHASH_H

#include "table_designs.h"
#include "uthash_table.h"

namespace hb {

class uthash_table {
  public:
    using key_type = table_key;
    static constexpr bool counts_probes = true; // insert_counted counts them
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

} // namespace hb

#endif // HB_DESIGN_UTHASH_H

// design_open_addressing.h — the open-addressing design (open_addressing.h) behind the face of table_designs.h.
#ifndef HB_DESIGN_OPEN_ADDRESSING_H
#define HB_DESIGN_OPEN_ADDRESSING_H

#include "open_addressing.h"
#include "table_designs.h"

namespace hb {

class open_addressing_table {
  public:
    static constexpr bool counts_probes = true; // insert_counted counts them
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

} // namespace hb

#endif // HB_DESIGN_OPEN_ADDRESSING_H

// design_glib.h — the glib design (glib_table.h) behind the face of table_designs.h.
#ifndef HB_DESIGN_GLIB_H
#define HB_DESIGN_GLIB_H

#include <vector>

#include "glib_table.h"
#include "table_designs.h"

namespace hb {

static_assert(sizeof(table_key) == sizeof(hb_glib_key) && offsetof(table_key, n) == offsetof(hb_glib_key, n),
              "glib_table.c reads a table_key as an hb_glib_key");

class glib_table {
  public:
    static constexpr bool counts_probes = false;
    glib_table(const hb_hash *h, std::size_t) : t_(hb_glib_create(h))
    {}
    ~glib_table()
    {
        hb_glib_destroy(t_);
    }
    glib_table(const glib_table &) = delete;
    glib_table &operator=(const glib_table &) = delete;
    bool ok() const
    {
        return t_ != nullptr;
    }
    std::size_t insert(const table_key &k)
    {
        return hb_glib_insert(t_, as_glib(k));
    }
    std::size_t insert_counted(const table_key &k)
    {
        return insert(k);
    }
    bool find(const table_key &k) const
    {
        return hb_glib_find(t_, as_glib(k));
    }
    std::size_t size() const
    {
        return hb_glib_count(t_);
    }
    std::size_t bytes() const
    {
        return hb_glib_bytes(t_);
    }
    static double crowding(const hb_hash *h, const std::vector<table_key> &keys)
    {
        return hb_glib_crowding(h, keys.empty() ? nullptr : as_glib(keys[0]), keys.size());
    }

  private:
    static const hb_glib_key *as_glib(const table_key &k)
    {
        return reinterpret_cast<const hb_glib_key *>(&k);
    }
    hb_glib_table *t_;
};

} // namespace hb

#endif // HB_DESIGN_GLIB_H

// design_glib.h — the glib design behind the face of table_designs.h: on byte strings glib_table.h's
// table; on keys held by value a GHashTable of pointers to the keys, as GLib's manual keeps integer
// keys (the table copies them into an array of its own), with g_int_equal or g_int64_equal (an
// equality of its own for 16 bytes, which GLib has none for) and, for glib-hash, g_int_hash or
// g_int64_hash themselves; any other hasher is a GHashFunc calling it.
#ifndef HB_DESIGN_GLIB_H
#define HB_DESIGN_GLIB_H

#include <cstdint>
#include <type_traits>
#include <vector>

#include <glib.h>

#include "glib_table.h"
#include "hb_glib_value.h"
#include "table_designs.h"
#include "value_hashers.h"

namespace hb {

static_assert(sizeof(table_key) == sizeof(hb_glib_key) && offsetof(table_key, n) == offsetof(hb_glib_key, n),
              "glib_table.c reads a table_key as an hb_glib_key");

class glib_table {
  public:
    using key_type = table_key;
    static constexpr bool counts_probes = false;
    glib_table(const hb_hash *h, std::size_t) : h_(h), t_(hb_glib_create(h))
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
    double crowding(const std::vector<table_key> &keys) const
    {
        std::vector<std::uint32_t> hash32;
        hash32.reserve(keys.size());
        for (const table_key &k : keys)
            hash32.push_back(std::uint32_t(hb_hashtable_hash(h_, k.p, k.n)));
        return hb_glib_crowding(hash32.data(), hash32.size());
    }

  private:
    static const hb_glib_key *as_glib(const table_key &k)
    {
        return reinterpret_cast<const hb_glib_key *>(&k);
    }
    const hb_hash *h_;
    hb_glib_table *t_;
};

template <class Key, class Hasher> class glib_value_table {
  public:
    using key_type = Key;
    static constexpr bool counts_probes = false;
    glib_value_table(const hb_hash *h, std::size_t n) : hasher_(hasher_for<Hasher>(h))
    {
        keys_.reserve(n);
        GHashFunc hash = hash_key;
        GEqualFunc equal = equal_key;
        GHashFunc library_hash = nullptr;
        GEqualFunc library_equal = nullptr;
        if (hb_glib_value_funcs(sizeof(Key), &library_hash, &library_equal)) {
            equal = library_equal;
            if (std::is_same_v<Hasher, glib_default_hasher<sizeof(Key)>>)
                hash = library_hash;
        }
        set_ = g_hash_table_new(hash, equal);
    }
    ~glib_value_table()
    {
        g_hash_table_destroy(set_);
    }
    glib_value_table(const glib_value_table &) = delete;
    glib_value_table &operator=(const glib_value_table &) = delete;
    bool ok() const
    {
        return true; // GLib aborts when out of memory, the array throws std::bad_alloc
    }
    // Adds a copy of k (the array never grows past the keys the table was made for: 0 when full).
    std::size_t insert(const Key &k)
    {
        active_ = &hasher_;
        if (keys_.size() == keys_.capacity())
            return 0;
        keys_.push_back(k);
        g_hash_table_add(set_, &keys_.back());
        return 1;
    }
    std::size_t insert_counted(const Key &k)
    {
        return insert(k);
    }
    bool find(const Key &k) const
    {
        active_ = &hasher_;
        return g_hash_table_contains(set_, &k);
    }
    std::size_t size() const
    {
        return g_hash_table_size(set_);
    }
    std::size_t bytes() const
    {
        return hb_glib_bytes_for(size()) + keys_.capacity() * sizeof(Key);
    }
    double crowding(const std::vector<Key> &keys) const
    {
        std::vector<std::uint32_t> hash32;
        hash32.reserve(keys.size());
        for (const Key &k : keys)
            hash32.push_back(std::uint32_t(hasher_(k)));
        return hb_glib_crowding(hash32.data(), hash32.size());
    }

  private:
    // A GHashFunc takes the key alone, so the hasher of the table in use is set on the way in (one
    // thread uses the tables), as glib_table.c does.
    static inline const Hasher *active_ = nullptr;
    static guint hash_key(gconstpointer k)
    {
        return guint((*active_)(*static_cast<const Key *>(k)));
    }
    static gboolean equal_key(gconstpointer a, gconstpointer b)
    {
        return *static_cast<const Key *>(a) == *static_cast<const Key *>(b);
    }
    Hasher hasher_;
    std::vector<Key> keys_;
    GHashTable *set_ = nullptr;
};

} // namespace hb

#endif // HB_DESIGN_GLIB_H

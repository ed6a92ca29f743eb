// design_open_addressing.h — the open-addressing design behind the face of table_designs.h: on
// byte strings open_addressing.h's table; on keys held by value the same table of values, as a C
// program writes it: a power-of-two array of keys from 16 slots, the home slot the low bits of the
// hash, linear probing, doubled (every key rehashed) when an insert would fill more than 3/4 of it;
// the zero key marks an empty slot and is kept aside.
#ifndef HB_DESIGN_OPEN_ADDRESSING_H
#define HB_DESIGN_OPEN_ADDRESSING_H

#include <vector>

#include "open_addressing.h"
#include "table_designs.h"

namespace hb {

class open_addressing_table {
  public:
    using key_type = table_key;
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

template <class Key, class Hasher> class open_addressing_value_table {
  public:
    using key_type = Key;
    static constexpr bool counts_probes = true; // insert_counted counts them
    open_addressing_value_table(const hb_hash *h, std::size_t) : hasher_(hasher_for<Hasher>(h)), slots_(16, Key{})
    {}
    bool ok() const
    {
        return true; // the array's allocation throws std::bad_alloc
    }
    // The slots examined, those of growing the array included (at least 1).
    std::size_t insert(const Key &k)
    {
        if (empty(k)) {
            has_zero_ = true;
            return 1;
        }
        std::size_t probes = 0;
        if (4 * (used_ + 1) > 3 * slots_.size())
            probes = grow();
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hasher_(k) & mask;
        while (!empty(slots_[i])) {
            probes++;
            if (slots_[i] == k)
                return probes;
            i = (i + 1) & mask;
        }
        slots_[i] = k;
        used_++;
        return probes + 1;
    }
    std::size_t insert_counted(const Key &k)
    {
        return insert(k);
    }
    bool find(const Key &k) const
    {
        if (empty(k))
            return has_zero_;
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hasher_(k) & mask;
        while (!empty(slots_[i])) {
            if (slots_[i] == k)
                return true;
            i = (i + 1) & mask;
        }
        return false;
    }
    std::size_t size() const
    {
        return used_ + (has_zero_ ? 1 : 0);
    }
    std::size_t bytes() const
    {
        return slots_.size() * sizeof(Key);
    }

  private:
    static bool empty(const Key &k)
    {
        return k == Key{};
    }
    // Twice the slots, every key rehashed into them; the slots examined plus one.
    std::size_t grow()
    {
        std::vector<Key> old(2 * slots_.size(), Key{});
        old.swap(slots_);
        const std::size_t mask = slots_.size() - 1;
        std::size_t probes = 0;
        for (const Key &k : old)
            if (!empty(k)) {
                std::size_t i = hasher_(k) & mask;
                probes++;
                while (!empty(slots_[i])) {
                    i = (i + 1) & mask;
                    probes++;
                }
                slots_[i] = k;
            }
        return probes + 1;
    }

    Hasher hasher_;
    std::vector<Key> slots_;
    std::size_t used_ = 0;
    bool has_zero_ = false;
};

} // namespace hb

#endif // HB_DESIGN_OPEN_ADDRESSING_H

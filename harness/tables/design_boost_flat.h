// design_boost_flat.h — the boost-flat designs: boost::unordered_flat_set (Boost 1.81) of Key with
// Hasher, behind the face of table_designs.h, once as programs declare a hasher (Boost mixes its
// value first, with its xmx) and once with the hasher declared avalanching (is_avalanching: Boost
// uses the value as it is). The group of 15 slots is the high bits of the (mixed) value, the
// one-byte tag its low byte. Boost counts no probes: the cap holds a build to the crowding of the
// keys' home groups.
#ifndef HB_DESIGN_BOOST_FLAT_H
#define HB_DESIGN_BOOST_FLAT_H

#include <cstdint>
#include <type_traits>
#include <vector>

#include <boost/unordered/unordered_flat_set.hpp>

#include "table_designs.h"

namespace hb {

// Hasher declared avalanching: Boost skips its mixer.
template <class Hasher> struct avalanching : Hasher {
    using is_avalanching = void;
    explicit avalanching(const Hasher &h) : Hasher(h)
    {}
};

template <class Key, class Hasher, bool Avalanching> class boost_flat_table {
    using hasher = std::conditional_t<Avalanching, avalanching<Hasher>, Hasher>;
    using set = boost::unordered_flat_set<Key, hasher, key_equal_t<Key>>;
    static constexpr std::size_t group_slots = 15; // Boost 1.81's group15

  public:
    using key_type = Key;
    static constexpr bool counts_probes = false;
    boost_flat_table(const hb_hash *h, std::size_t) : set_(0, hasher(hasher_for<Hasher>(h)), key_equal_t<Key>{})
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
    std::size_t insert_counted(const Key &k)
    {
        return insert(k);
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
        return (set_.bucket_count() + 1) * (sizeof(Key) + 1); // a slot and its tag byte
    }
    // The groups an insert scans on average at least, from its home group's keys alone: a home of
    // c keys fills ceil(c / 15) groups, and its keys find room after 1, 2, ... of them, (ceil(c /
    // 15) + 1) / 2 on average; in the table Boost makes for these keys.
    double crowding(const std::vector<Key> &keys) const
    {
        if (keys.empty())
            return 0;
        set sizing(0, set_.hash_function(), key_equal_t<Key>{});
        sizing.reserve(keys.size());
        const std::size_t groups = (sizing.bucket_count() + 1) / group_slots;
        unsigned log2 = 1;
        while ((std::size_t(1) << log2) < groups)
            log2++;
        std::vector<std::uint32_t> home(keys.size()), count(std::size_t(1) << log2);
        const hasher hash = set_.hash_function();
        for (std::size_t i = 0; i < keys.size(); i++) {
            std::uint64_t v = hash(keys[i]);
            if (!Avalanching)
                v = boost::unordered::detail::xmx(std::size_t(v));
            home[i] = std::uint32_t(v >> (64 - log2));
            count[home[i]]++;
        }
        double scans = 0;
        for (std::uint32_t g : home)
            scans += (double((count[g] + group_slots - 1) / group_slots) + 1) / 2;
        return scans / double(keys.size());
    }

  private:
    set set_;
};

template <class Key, class Hasher> using boost_flat_value_table = boost_flat_table<Key, Hasher, false>;
template <class Key, class Hasher> using boost_flat_avalanching_value_table = boost_flat_table<Key, Hasher, true>;
using boost_flat_mixed_table = boost_flat_table<table_key, entry_hasher, false>;
using boost_flat_avalanching_table = boost_flat_table<table_key, entry_hasher, true>;

} // namespace hb

#endif // HB_DESIGN_BOOST_FLAT_H

// hb_value_key.h — the types a program holds keys of 4, 8 and 16 bytes in (hb_hash.h, "Keys held by
// value"), for C++: value_key_t<W> is std::uint32_t, std::uint64_t, or key16 (two std::uint64_t,
// the key's first 8 bytes then its last 8), with what Abseil and Boost need to hash a key16 as a
// program's struct of two integers does (AbslHashValue, hash_value: each member in turn). The
// registry's adapters (the default hashes' value code, libraries/) and the harness's tables use
// these same types, so that a design's default hasher is one type for both.
#ifndef HB_VALUE_KEY_H
#define HB_VALUE_KEY_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include <boost/container_hash/hash.hpp>

namespace hb {

struct key16 {
    std::uint64_t a, b;
    friend bool operator==(const key16 &x, const key16 &y)
    {
        return x.a == y.a && x.b == y.b;
    }
    template <class H> friend H AbslHashValue(H h, const key16 &k)
    {
        return H::combine(std::move(h), k.a, k.b);
    }
    friend std::size_t hash_value(const key16 &k)
    {
        std::size_t seed = 0;
        boost::hash_combine(seed, k.a);
        boost::hash_combine(seed, k.b);
        return seed;
    }
};
static_assert(sizeof(key16) == 16, "a 16-byte key is two 8-byte integers, no padding");

template <std::size_t W> struct value_key;
template <> struct value_key<4> {
    using type = std::uint32_t;
};
template <> struct value_key<8> {
    using type = std::uint64_t;
};
template <> struct value_key<16> {
    using type = key16;
};
template <std::size_t W> using value_key_t = typename value_key<W>::type;

// The key of W bytes at p, as a program's value (its bytes as the machine stores them).
template <std::size_t W> value_key_t<W> load_value_key(const void *p)
{
    value_key_t<W> k;
    std::memcpy(&k, p, W);
    return k;
}

} // namespace hb

#endif // HB_VALUE_KEY_H

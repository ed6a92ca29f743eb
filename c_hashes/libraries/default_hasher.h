// default_hasher.h — the code of an entry that is a C++ container library's default hasher (the
// adapters absl_hash_lib.cpp, std_hash_lib.cpp, boost_hash_lib.cpp): Hasher<Bytes> of a key's bytes,
// what a table of string keys calls, and Hasher<value_key_t<W>> of a key held by value (hb_hash.h,
// "Keys held by value"), what a table of integer or struct keys calls. Each returns the 64-bit
// integer the hasher gives (hash64, the value code's hash) and writes it big-endian (oneshot); the
// seed is ignored. The adapter names the library, its words and its properties.
#ifndef HB_DEFAULT_HASHER_H
#define HB_DEFAULT_HASHER_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "hb_internal.h"
#include "hb_value_key.h"

namespace hb {

template <template <class> class Hasher, class Bytes> struct default_hasher {
    static std::uint64_t hash64(const void *in, std::size_t len, std::uint64_t)
    {
        return Hasher<Bytes>{}(Bytes(static_cast<const char *>(in), len));
    }

    static void oneshot(const void *in, std::size_t len, std::uint64_t seed, std::uint8_t *out)
    {
        hb_store_be64(out, hash64(in, len, seed));
    }

    // A key of W bytes held by value: Hasher of its type.
    template <std::size_t W> static std::uint64_t value_of(const void *key)
    {
        return Hasher<value_key_t<W>>{}(load_value_key<W>(key));
    }

    // The value code's hash, for a width of 4, 8 or 16 bytes. A library without a hasher of the
    // 16-byte struct (std::hash: a disabled specialisation is not default-constructible) gets no
    // code for it, and its value code's words for 16 bytes are NULL.
    static std::uint64_t value(const void *key, std::size_t width, std::uint64_t)
    {
        if constexpr (std::is_default_constructible_v<Hasher<value_key_t<16>>>) {
            if (width == 16)
                return value_of<16>(key);
        }
        return width == 4 ? value_of<4>(key) : value_of<8>(key);
    }

    static void value_oneshot(const void *key, std::size_t width, std::uint64_t seed, std::uint8_t *out)
    {
        hb_store_be64(out, value(key, width, seed));
    }

    // The descriptor's fields every such entry shares (a non-cryptographic 64-bit integer without a
    // seed, hence HB_DOS_NONE), its functions and the adapter's value code; the adapter fills in the
    // rest.
    static constexpr hb_hash entry(const hb_value_code *value_code)
    {
        hb_hash h{};
        h.kind = HB_KIND_NONCRYPTO;
        h.out_bits = 64;
        h.seed_bits = 0;
        h.flags = HB_FLAG_INTEGER;
        h.dos = HB_DOS_NONE;
        h.oneshot = oneshot;
        h.hash64 = hash64;
        h.value = value_code;
        return h;
    }
};

} // namespace hb

#endif // HB_DEFAULT_HASHER_H

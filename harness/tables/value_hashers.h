// value_hashers.h — the hashers of a table of keys held by value (hb_hash.h, "Keys held by
// value"), each a type a design's class is instantiated with, so that its call is inlined or
// direct: a design's default is its library's own functor of the key's type (std::hash,
// absl::Hash, boost::hash; GLib's g_int_hash, g_int64_hash), each entry of hb_direct.h its direct
// function, and any other entry (the last choice) its value entry called through the registry's
// pointer. Each choice says in `call` how its hasher is called, and by is(h) whether it is what
// the tables of h call, h being the value entry of a row (hb_value_entry(entry, W));
// value_hashers<W> lists them in the order they are asked, and each design's loops are
// instantiated once per choice and width (table_values.cpp.in). Every call operator here is
// noexcept, as std::hash of an integer is and as C++ references write a hasher, so that
// libstdc++'s std::unordered_set caches no hash in its nodes.
#ifndef HB_VALUE_HASHERS_H
#define HB_VALUE_HASHERS_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>

#include <absl/hash/hash.h>
#include <boost/container_hash/hash.hpp>
#include <glib.h>

#include "hb_direct.h"
#include "hb_value_key.h"
#include "table_hash.h"

// The designs' defaults (c_hashes/libraries/).
extern "C" const hb_hash hb_std_hash_libstdcxx, hb_absl_hash_abseil, hb_boost_hash_boost, hb_glib_hash_glib;

namespace hb {

// std::hash has none for a struct: a program hashes its bytes, as std-hash's entry does.
struct std_bytes_hasher {
    std::size_t operator()(const key16 &k) const noexcept
    {
        return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char *>(&k), sizeof k));
    }
};
template <std::size_t W> struct std_default {
    using type = std::hash<value_key_t<W>>;
};
template <> struct std_default<16> {
    using type = std_bytes_hasher;
};

// GLib's functions for integers (hb_glib_value.h); for 16 bytes, which GLib has none for, g_str_hash
// of the bytes before the first NUL, as glib-hash's entry does.
template <std::size_t W> struct glib_default_hasher {
    std::size_t operator()(const value_key_t<W> &k) const noexcept
    {
        if constexpr (W == 4)
            return g_int_hash(&k);
        else if constexpr (W == 8)
            return g_int64_hash(&k);
        else {
            char text[W + 1];
            std::memcpy(text, &k, W);
            text[W] = '\0';
            return g_str_hash(text);
        }
    }
};

// A design's default for keys of W bytes: Functor, what the tables of entry E call.
template <std::size_t W, const hb_hash *E, class Functor> struct library_choice {
    using type = Functor;
    static constexpr const char *call = "its library's functor, inlined";
    static bool is(const hb_hash *h)
    {
        return h == hb_value_entry(E, W);
    }
};

// An entry of hb_direct.h: its direct function F on the key's bytes.
template <std::uint64_t (*F)(const void *, std::size_t), const hb_hash *E> struct direct_choice {
    static constexpr const char *call = "a direct call";
    struct type {
        template <class Key> std::size_t operator()(const Key &k) const noexcept
        {
            return std::size_t(F(&k, sizeof k));
        }
    };
    static bool is(const hb_hash *h)
    {
        return h == E;
    }
};

// Any other entry: its value entry through the registry's pointer.
struct entry_value_hasher {
    const hb_hash *h;
    explicit entry_value_hasher(const hb_hash *entry) : h(entry)
    {}
    template <class Key> std::size_t operator()(const Key &k) const noexcept
    {
        return std::size_t(hb_hashtable_hash(h, &k, sizeof k));
    }
};
struct entry_choice {
    using type = entry_value_hasher;
    static constexpr const char *call = "a call through the registry's pointer";
    static bool is(const hb_hash *)
    {
        return true;
    }
};

template <class... Choices> struct hasher_list {};

#define HB_DIRECT_CHOICE(entry) direct_choice<hb_##entry##_direct, &hb_##entry>,
template <std::size_t W>
using value_hashers = hasher_list<library_choice<W, &hb_std_hash_libstdcxx, typename std_default<W>::type>,
                                  library_choice<W, &hb_absl_hash_abseil, absl::Hash<value_key_t<W>>>,
                                  library_choice<W, &hb_boost_hash_boost, boost::hash<value_key_t<W>>>,
                                  library_choice<W, &hb_glib_hash_glib, glib_default_hasher<W>>,
                                  HB_DIRECT_ENTRIES(HB_DIRECT_CHOICE) entry_choice>;
#undef HB_DIRECT_CHOICE

} // namespace hb

#endif // HB_VALUE_HASHERS_H

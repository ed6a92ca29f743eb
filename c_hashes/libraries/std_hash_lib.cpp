/*
 * std_hash_lib.cpp — std::hash as libstdc++ computes it, the default hash of std::unordered_map and
 * std::unordered_set. On bytes it is std::hash<std::string_view>: libstdc++'s _Hash_bytes (a
 * MurmurHash2 derivative in libsupc++, exported by libstdc++.so) with the seed 0xc70f6907, what a
 * table of std::string keys calls. A table of integer or pointer keys held by value calls
 * std::hash<uint32_t> or std::hash<uint64_t>, the identity, instead: the entry's value code
 * (hb_hash.h); libstdc++ has no std::hash for a struct, so a 16-byte key has none. Unseeded;
 * libstdc++ promises no stability of the value across releases, so the output is versioned by its
 * release.
 */
#include "default_hasher.h"

#include <functional>
#include <string_view>

#define HB_STD_RELEASE "libstdc++ " HB_STRINGIFY(_GLIBCXX_RELEASE)

namespace {

using std_hasher = hb::default_hasher<std::hash, std::string_view>;

const char *std_hash_version()
{
    return HB_STD_RELEASE " (" HB_STRINGIFY(__GLIBCXX__) "), std::hash<std::string_view> (_Hash_bytes, shared object)";
}

// A key held by value: the identity of the integer, as std::hash of an integer type is.
constexpr hb_value_code std_hash_value_code = {
    std_hasher::value,
    std_hasher::value_oneshot,
    {"std::hash<uint32_t>: the identity", "std::hash<uint64_t>: the identity (of a pointer too)", nullptr},
    {true, true, false},
};

constexpr hb_hash make_entry()
{
    hb_hash h = std_hasher::entry(&std_hash_value_code);
    h.name = "std-hash";
    h.impl = "libstdcxx"; // libstdc++, spelled as registry names are ([a-z0-9-_])
    h.family = "std-hash";
    h.summary = "std::hash<std::string_view>, libstdc++'s _Hash_bytes (std::unordered_map's default on strings; "
                "integer keys held by value get the identity); one-shot only";
    h.output = HB_OUTPUT_VERSIONED;
    h.algo_version = HB_STD_RELEASE;
    h.linkage = HB_LINK_SHARED;
    h.version = std_hash_version;
    h.verification = 0xE81CCE50;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_std_hash_libstdcxx = make_entry();

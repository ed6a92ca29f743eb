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
#include "hb_internal.h"
#include "hb_value_key.h"

#include <functional>
#include <string_view>

namespace {

const char *std_hash_version()
{
    return "libstdc++ " HB_STRINGIFY(_GLIBCXX_RELEASE) " (" HB_STRINGIFY(
        __GLIBCXX__) "), std::hash<std::string_view> (_Hash_bytes, shared object)";
}

uint64_t std_hash_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return std::hash<std::string_view>{}(std::string_view(static_cast<const char *>(in), len));
}

void std_hash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, std_hash_hash64(in, len, seed));
}

// A key held by value: the identity of the integer, as std::hash of an integer type is.
uint64_t std_hash_value(const void *key, size_t width, uint64_t seed)
{
    (void)seed;
    if (width == 4)
        return std::hash<hb::value_key_t<4>>{}(hb::load_value_key<4>(key));
    return std::hash<hb::value_key_t<8>>{}(hb::load_value_key<8>(key));
}

void std_hash_value_oneshot(const void *key, size_t width, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, std_hash_value(key, width, seed));
}

constexpr hb_value_code std_hash_value_code = {
    std_hash_value,
    std_hash_value_oneshot,
    {"std::hash<uint32_t>: the identity", "std::hash<uint64_t>: the identity (of a pointer too)", nullptr},
    {true, true, false},
};

constexpr hb_hash make_entry()
{
    hb_hash h{};
    h.name = "std-hash";
    h.impl = "libstdcxx"; // libstdc++, spelled as registry names are ([a-z0-9-_])
    h.family = "std-hash";
    h.summary = "std::hash<std::string_view>, libstdc++'s _Hash_bytes (std::unordered_map's default on strings; "
                "integer keys held by value get the identity); one-shot only";
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = 64;
    h.seed_bits = 0;
    h.flags = HB_FLAG_INTEGER;
    h.dos = HB_DOS_NONE;
    h.output = HB_OUTPUT_VERSIONED;
    h.algo_version = "libstdc++ " HB_STRINGIFY(_GLIBCXX_RELEASE);
    h.linkage = HB_LINK_SHARED;
    h.version = std_hash_version;
    h.oneshot = std_hash_oneshot;
    h.hash64 = std_hash_hash64;
    h.value = &std_hash_value_code;
    h.verification = 0xE81CCE50;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_std_hash_libstdcxx = make_entry();

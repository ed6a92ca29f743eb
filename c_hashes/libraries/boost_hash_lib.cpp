/*
 * boost_hash_lib.cpp — boost::hash as Boost 1.81 computes it, the default hash of Boost's unordered
 * containers. On bytes it is boost::hash<std::string_view> (1.81's hash_range over chars, which Boost
 * declares avalanching, so unordered_flat_map uses it without its mixer), what a table of string keys
 * calls. A table of keys held by value calls boost::hash of the key's type instead: the entry's
 * value code (hb_hash.h), boost::hash<uint32_t> and <uint64_t> (the identity on a 64-bit platform;
 * not declared avalanching, so unordered_flat_map mixes it), and of a struct of two uint64_t
 * (hb::key16's hash_value: boost::hash_combine of each). Header-only (Debian's libboost1.81-dev);
 * unseeded; Boost changed the string hash in 1.81, so the output is versioned by release.
 */
#include "hb_internal.h"
#include "hb_value_key.h"

#include <string_view>

#include <boost/container_hash/hash.hpp>
#include <boost/version.hpp>

namespace {

const char *boost_hash_version()
{
    return "Boost " BOOST_LIB_VERSION " (headers), boost::hash<std::string_view>";
}

uint64_t boost_hash_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return boost::hash<std::string_view>{}(std::string_view(static_cast<const char *>(in), len));
}

void boost_hash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, boost_hash_hash64(in, len, seed));
}

// A key held by value: boost::hash of its type, what boost::unordered_flat_set<K> takes by default.
template <size_t W> uint64_t boost_hash_of(const void *key)
{
    return boost::hash<hb::value_key_t<W>>{}(hb::load_value_key<W>(key));
}

uint64_t boost_hash_value(const void *key, size_t width, uint64_t seed)
{
    (void)seed;
    return width == 4 ? boost_hash_of<4>(key) : width == 8 ? boost_hash_of<8>(key) : boost_hash_of<16>(key);
}

void boost_hash_value_oneshot(const void *key, size_t width, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, boost_hash_value(key, width, seed));
}

constexpr hb_value_code boost_hash_value_code = {
    boost_hash_value,
    boost_hash_value_oneshot,
    {"boost::hash<uint32_t>: the identity", "boost::hash<uint64_t>: the identity",
     "boost::hash of a struct of two uint64_t (boost::hash_combine of each)"},
    {true, true, false},
};

constexpr hb_hash make_entry()
{
    hb_hash h{};
    h.name = "boost-hash";
    h.impl = "boost";
    h.family = "boost-hash";
    h.summary = "boost::hash<std::string_view> (Boost's containers' default on strings; integer keys held by "
                "value get the identity); one-shot only";
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = 64;
    h.seed_bits = 0;
    h.flags = HB_FLAG_INTEGER;
    h.dos = HB_DOS_NONE;
    h.output = HB_OUTPUT_VERSIONED;
    h.algo_version = "Boost " BOOST_LIB_VERSION;
    h.linkage = HB_LINK_INLINE;
    h.version = boost_hash_version;
    h.oneshot = boost_hash_oneshot;
    h.hash64 = boost_hash_hash64;
    h.value = &boost_hash_value_code;
    h.verification = 0xF270C800;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_boost_hash_boost = make_entry();

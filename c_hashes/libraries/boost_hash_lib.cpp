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
#include "default_hasher.h"

#include <string_view>

#include <boost/container_hash/hash.hpp>
#include <boost/version.hpp>

#define HB_BOOST_RELEASE "Boost " BOOST_LIB_VERSION

namespace {

using boost_hasher = hb::default_hasher<boost::hash, std::string_view>;

const char *boost_hash_version()
{
    return HB_BOOST_RELEASE " (headers), boost::hash<std::string_view>";
}

// A key held by value: boost::hash of its type, what boost::unordered_flat_set<K> takes by default.
constexpr hb_value_code boost_hash_value_code = {
    boost_hasher::value,
    boost_hasher::value_oneshot,
    {"boost::hash<uint32_t>: the identity", "boost::hash<uint64_t>: the identity",
     "boost::hash of a struct of two uint64_t (boost::hash_combine of each)"},
    {true, true, false},
};

constexpr hb_hash make_entry()
{
    hb_hash h = boost_hasher::entry(&boost_hash_value_code);
    h.name = "boost-hash";
    h.impl = "boost";
    h.family = "boost-hash";
    h.summary = "boost::hash<std::string_view> (Boost's containers' default on strings; integer keys held by "
                "value get the identity); one-shot only";
    h.output = HB_OUTPUT_VERSIONED;
    h.algo_version = HB_BOOST_RELEASE;
    h.linkage = HB_LINK_INLINE;
    h.version = boost_hash_version;
    h.verification = 0xF270C800;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_boost_hash_boost = make_entry();

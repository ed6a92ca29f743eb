/*
 * boost_hash_lib.cpp — boost::hash as Boost 1.81 computes it, the default hash of Boost's unordered
 * containers. On bytes it is boost::hash<std::string_view> (1.81's hash_range over chars, which Boost
 * declares avalanching, so unordered_flat_map uses it without its mixer), what a table of string keys
 * calls. A table of 64-bit integer keys calls boost::hash<uint64_t>, the identity on a 64-bit
 * platform, instead: not a hash of the key's 8 bytes, and not what this entry computes. Header-only
 * (Debian's libboost1.81-dev); unseeded; Boost changed the string hash in 1.81, so the output is
 * versioned by release.
 */
#include "hb_internal.h"

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

constexpr hb_hash make_entry()
{
    hb_hash h{};
    h.name = "boost-hash";
    h.impl = "boost";
    h.family = "boost-hash";
    h.summary = "boost::hash<std::string_view> (Boost's containers' default on strings; integer keys get the "
                "identity); one-shot only";
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
    h.verification = 0xF270C800;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_boost_hash_boost = make_entry();

// test_table_defaults.cpp — property: each table design's default hash in the registry equals its
// library called directly, here, without the registry (an independent path), in this process:
// absl-hash against the hasher absl::flat_hash_set<std::string> takes by default (Abseil's
// StringHash, absl::Hash<absl::string_view>; salted per process: the same process gives both),
// std-hash against
// std::hash<std::string> and <std::string_view>, boost-hash against boost::hash<std::string>,
// glib-hash against g_str_hash on a NUL-terminated copy and against djb2 written out from GLib's
// documentation (h = h * 33 + c from 5381, each byte signed; its published values for "" and "a"),
// over fixed-seed random keys of lengths 0..300 and structured ones; one-shot and hash64 alike.
// glib-hash ends a key at its first NUL, as a C string does. Each design's default in the table of
// designs names one of these entries.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <boost/container_hash/hash.hpp>
#include <glib.h>

#include "hb_designs.h"
#include "hb_hash.h"
#include "hb_splitmix64.h"

namespace {

int failures = 0;

void fail(const char *what, const std::string &key)
{
    std::fprintf(stderr, "FAIL test_table_defaults: %s (key of %zu bytes, first byte %d)\n", what, key.size(),
                 key.empty() ? -1 : static_cast<unsigned char>(key[0]));
    failures++;
}

// The entry's value on key, through its one-shot (the integer read big-endian) and its hash64,
// which must agree.
std::uint64_t entry_value(const hb_hash *h, const std::string &key)
{
    std::uint8_t out[HB_MAX_OUT_BYTES];
    h->oneshot(key.data(), key.size(), 0, out);
    std::uint64_t v = 0;
    for (unsigned i = 0; i < h->out_bits / 8; i++)
        v = v << 8 | out[i];
    if (h->hash64 != nullptr && h->hash64(key.data(), key.size(), 0) != v)
        fail("hash64 differs from one-shot", key);
    return v;
}

// djb2 as GLib documents g_str_hash: from 5381, h = h * 33 + c for each byte c (signed), to the NUL.
std::uint32_t djb2(const std::string &key)
{
    std::uint32_t h = 5381;
    for (char c : key) {
        if (c == '\0')
            break;
        h = h * 33 + std::uint32_t(static_cast<signed char>(c));
    }
    return h;
}

std::vector<std::string> keys()
{
    std::vector<std::string> out = {"", "a", "user:1", "user:12345", std::string("ab\0cd", 5)};
    std::uint64_t rng = 0x7461626c65646566; // "tabledef": fixed, never changed
    for (std::size_t len = 0; len <= 300; len++) {
        std::string k(len, '\0');
        for (auto &c : k)
            c = char(hb_splitmix64_next(&rng) >> 56);
        out.push_back(k);
    }
    for (std::uint64_t i = 0; i < 64; i++) { // 8-byte integers, little-endian, 64 apart
        std::uint64_t v = UINT64_C(0x7f0000000000) + 64 * i;
        out.push_back(std::string(reinterpret_cast<const char *>(&v), 8));
    }
    return out;
}

const hb_hash *entry(const char *name)
{
    const hb_hash *h = hb_lookup(name);
    if (h == nullptr) {
        std::fprintf(stderr, "FAIL test_table_defaults: no registry entry '%s'\n", name);
        failures++;
    }
    return h;
}

} // namespace

int main()
{
    char err[256];
    if (!hb_init(err, sizeof err)) {
        std::fprintf(stderr, "test_table_defaults: %s\n", err);
        return 1;
    }
    const hb_hash *std_hash = entry("std-hash"), *boost_hash = entry("boost-hash"), *glib_hash = entry("glib-hash"),
                  *absl_hash = entry("absl-hash");
    if (failures)
        return 1;
    if (djb2("") != 5381 || djb2("a") != 177670)
        fail("djb2 written out here disagrees with its published values", "a");
    for (const std::string &k : keys()) {
        if (entry_value(std_hash, k) != std::hash<std::string>{}(k) ||
            entry_value(std_hash, k) != std::hash<std::string_view>{}(std::string_view(k)))
            fail("std-hash is not std::hash<std::string>", k);
        if (entry_value(absl_hash, k) != absl::flat_hash_set<std::string>::hasher{}(k))
            fail("absl-hash is not absl::flat_hash_set<std::string>'s default hasher", k);
        if (entry_value(boost_hash, k) != boost::hash<std::string>{}(k))
            fail("boost-hash is not boost::hash<std::string>", k);
        std::string c_string = k.substr(0, k.find('\0'));
        if (entry_value(glib_hash, k) != g_str_hash(c_string.c_str()) || entry_value(glib_hash, k) != djb2(k))
            fail("glib-hash is not g_str_hash of the C string", k);
    }
    if (entry_value(glib_hash, std::string("ab\0cd", 5)) != entry_value(glib_hash, "ab"))
        fail("glib-hash does not end a key at its first NUL", "ab");
    for (const auto &d : hb_designs)
        if (d.default_hash != nullptr && hb_lookup(d.default_hash) == nullptr)
            fail("a design's default is no registry entry", d.default_hash);
    if (failures == 0)
        std::printf("test_table_defaults: absl-hash, std-hash, boost-hash and glib-hash equal their libraries\n");
    return failures == 0 ? 0 : 1;
}

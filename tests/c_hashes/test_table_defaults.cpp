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
// designs names one of these entries. Keys held by value (4, 8, 16 bytes): each entry's value code
// against the library's hasher of the key's type called here (std::hash<uint32_t>, <uint64_t>;
// absl::Hash and boost::hash of uint32_t, uint64_t and a struct of two uint64_t; g_int_hash,
// g_int64_hash), the identity written out for std::hash, none where the library has none (std::hash
// and GLib for 16 bytes), its linearity claim against h(a)^h(b)^h(c) == h(a^b^c) on random keys,
// and an entry without value code hashing the key's bytes; the widths 4, 8 and 16 at indexes 0, 1
// and 2 of the value code's arrays, through hb_value_width and hb_value_width_index.
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
#include "hb_value_key.h"

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

// Fixed-seed random keys of width bytes, and i * 64 and i * 4096 above 0x7f0000000000 (their low
// bytes where the width is 4).
std::vector<std::vector<std::uint8_t>> value_keys(std::size_t width)
{
    std::vector<std::vector<std::uint8_t>> out;
    std::uint64_t rng = 0x76616c75656b6579; // "valuekey": fixed, never changed
    for (int i = 0; i < 200; i++) {
        std::vector<std::uint8_t> k(width);
        for (auto &c : k)
            c = std::uint8_t(hb_splitmix64_next(&rng) >> 56);
        out.push_back(k);
    }
    for (std::uint64_t i = 0; i < 64; i++)
        for (std::uint64_t stride : {64, 4096}) {
            std::uint64_t v[2] = {UINT64_C(0x7f0000000000) + stride * i, i};
            std::vector<std::uint8_t> k(width);
            std::memcpy(k.data(), v, width);
            out.push_back(k);
        }
    return out;
}

void value_fail(const hb_hash *h, std::size_t width, const char *what)
{
    std::fprintf(stderr, "FAIL test_table_defaults: %s on a key of %zu bytes held by value: %s\n", h->name, width,
                 what);
    failures++;
}

// h's value entry on keys of width bytes against want(key), the library called here: its hash64 and
// its output bytes (the integer big-endian) agree with it.
template <class Want> void check_value(const hb_hash *h, std::size_t width, Want want)
{
    const hb_hash *v = hb_value_entry(h, width);
    if (v == h || v->value != nullptr || std::strcmp(v->name, h->name) != 0 ||
        std::strcmp(hb_value_calls(h, width), v->summary) != 0) {
        value_fail(h, width, "no value entry of its name where its library has code");
        return;
    }
    for (const auto &k : value_keys(width)) {
        std::uint8_t out[HB_MAX_OUT_BYTES];
        v->oneshot(k.data(), width, 0, out);
        if (v->hash64(k.data(), width, 0) != want(k.data()) || hb_bucket_value(v, out) != want(k.data())) {
            value_fail(h, width, "differs from its library's hasher of the key's type");
            return;
        }
    }
}

// The value entry for keys of width bytes is GF(2)-affine exactly when its linear says.
void check_linearity(const hb_hash *h, std::size_t width)
{
    const hb_hash *v = hb_value_entry(h, width);
    std::uint64_t rng = 0x6c696e6561720000 + width; // "linear": fixed, never changed
    bool linear = true;
    for (int t = 0; t < 64 && linear; t++) {
        std::uint8_t a[16], b[16], c[16], d[16];
        for (std::size_t i = 0; i < 16; i++) {
            a[i] = std::uint8_t(hb_splitmix64_next(&rng));
            b[i] = std::uint8_t(hb_splitmix64_next(&rng));
            c[i] = std::uint8_t(hb_splitmix64_next(&rng));
            d[i] = std::uint8_t(a[i] ^ b[i] ^ c[i]);
        }
        linear = (v->hash64(a, width, 0) ^ v->hash64(b, width, 0) ^ v->hash64(c, width, 0)) == v->hash64(d, width, 0);
    }
    if (linear != v->linear)
        value_fail(h, width, linear ? "linear, but not said to be" : "said to be linear, but is not");
}

void check_values(const hb_hash *std_hash, const hb_hash *absl_hash, const hb_hash *boost_hash,
                  const hb_hash *glib_hash)
{
    using hb::load_value_key;
    using hb::value_key_t;
    // std::hash of an integer: the identity, written out, and libstdc++'s own
    check_value(std_hash, 4, [](const void *k) { return std::uint64_t(load_value_key<4>(k)); });
    check_value(std_hash, 8, [](const void *k) { return load_value_key<8>(k); });
    check_value(std_hash, 4, [](const void *k) { return std::hash<value_key_t<4>>{}(load_value_key<4>(k)); });
    check_value(std_hash, 8, [](const void *k) { return std::hash<value_key_t<8>>{}(load_value_key<8>(k)); });
    check_value(absl_hash, 4, [](const void *k) { return absl::Hash<std::uint32_t>{}(load_value_key<4>(k)); });
    check_value(absl_hash, 8, [](const void *k) { return absl::Hash<std::uint64_t>{}(load_value_key<8>(k)); });
    check_value(absl_hash, 16, [](const void *k) {
        hb::key16 v = load_value_key<16>(k);
        return absl::Hash<std::pair<std::uint64_t, std::uint64_t>>{}({v.a, v.b});
    });
    check_value(boost_hash, 4, [](const void *k) { return boost::hash<std::uint32_t>{}(load_value_key<4>(k)); });
    check_value(boost_hash, 8, [](const void *k) { return boost::hash<std::uint64_t>{}(load_value_key<8>(k)); });
    check_value(boost_hash, 16, [](const void *k) {
        hb::key16 v = load_value_key<16>(k);
        return boost::hash<std::pair<std::uint64_t, std::uint64_t>>{}({v.a, v.b});
    });
    check_value(glib_hash, 4, [](const void *k) { return std::uint64_t(g_int_hash(k)); });
    check_value(glib_hash, 8, [](const void *k) { return std::uint64_t(g_int64_hash(k)); });
    // no std::hash and no GLib function for a 16-byte struct: the entry itself, its hash of the bytes
    for (const hb_hash *h : {std_hash, glib_hash})
        if (hb_value_entry(h, 16) != h || std::strcmp(hb_value_calls(h, 16), "its hash of the key's bytes") != 0)
            value_fail(h, 16, "a value entry its library has no code for");
    for (const hb_hash *h : {std_hash, absl_hash, boost_hash, glib_hash})
        for (std::size_t width : {4, 8, 16})
            check_linearity(h, width);
    // the widths held by value, in the order of the value code's arrays, and back
    const std::size_t widths[HB_VALUE_WIDTHS] = {4, 8, 16};
    for (int w = 0; w < HB_VALUE_WIDTHS; w++)
        if (hb_value_width(w) != widths[w] || hb_value_width_index(widths[w]) != w) {
            std::fprintf(stderr, "FAIL test_table_defaults: width index %d is not %zu bytes both ways\n", w, widths[w]);
            failures++;
        }
    // an entry without value code is its own value entry; no entry has one at other widths
    const hb_hash *plain = hb_lookup("fnv1a-64");
    if (plain == nullptr || plain->value != nullptr) {
        std::fprintf(stderr, "FAIL test_table_defaults: fnv1a-64 is not an entry without value code\n");
        failures++;
        return;
    }
    for (std::size_t width : {4, 8, 16})
        if (hb_value_entry(plain, width) != plain)
            value_fail(plain, width, "a value entry without value code");
    for (const hb_hash *h : {plain, std_hash, absl_hash, boost_hash, glib_hash})
        for (std::size_t width : {0, 1, 7, 12, 32})
            if (hb_value_entry(h, width) != h || hb_value_calls(h, width) != nullptr)
                value_fail(h, width, "held by value at a width no program holds so");
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
    check_values(std_hash, absl_hash, boost_hash, glib_hash);
    if (entry_value(glib_hash, std::string("ab\0cd", 5)) != entry_value(glib_hash, "ab"))
        fail("glib-hash does not end a key at its first NUL", "ab");
    for (const auto &d : hb_designs)
        if (d.default_hash != nullptr && hb_lookup(d.default_hash) == nullptr)
            fail("a design's default is no registry entry", d.default_hash);
    if (failures == 0)
        std::printf("test_table_defaults: absl-hash, std-hash, boost-hash and glib-hash equal their libraries, on "
                    "strings and on keys held by value\n");
    return failures == 0 ? 0 : 1;
}

/*
 * absl_hash_lib.cpp — absl::Hash as Debian's Abseil computes it, the default hash of
 * absl::flat_hash_map. On bytes it is absl::Hash<absl::string_view>, what a table of std::string
 * keys calls (its default hasher, StringHash, hashes an absl::string_view, which Debian's Abseil
 * builds as its own class, not std::string_view; absl::Hash of std::string or std::string_view
 * gives other values). Abseil salts it per process (its state starts from the address of a variable in the shared
 * library, which address-space randomisation moves) and documents its values as unstable across
 * runs and releases: this entry's output agrees within one process only (output per-process), is
 * never recorded and never compared with another process's. A table of keys held by value calls
 * absl::Hash of the key's type instead, which mixes the integer itself, not its bytes as a string:
 * the entry's value code (hb_hash.h), absl::Hash<uint32_t>, <uint64_t>, and of a struct of two
 * uint64_t (hb::key16's AbslHashValue). Unseeded (the salt is not a seed a program chooses).
 */
#include "hb_internal.h"
#include "hb_value_key.h"

#include <absl/base/config.h>
#include <absl/hash/hash.h>
#include <absl/strings/string_view.h>

namespace {

const char *absl_hash_version()
{
    return "Abseil " HB_STRINGIFY(ABSL_LTS_RELEASE_VERSION) " (shared objects), absl::Hash<absl::string_view>";
}

uint64_t absl_hash_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return absl::Hash<absl::string_view>{}(absl::string_view(static_cast<const char *>(in), len));
}

void absl_hash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, absl_hash_hash64(in, len, seed));
}

// A key held by value: absl::Hash of its type, what absl::flat_hash_set<K> takes by default.
template <size_t W> uint64_t absl_hash_of(const void *key)
{
    return absl::Hash<hb::value_key_t<W>>{}(hb::load_value_key<W>(key));
}

uint64_t absl_hash_value(const void *key, size_t width, uint64_t seed)
{
    (void)seed;
    return width == 4 ? absl_hash_of<4>(key) : width == 8 ? absl_hash_of<8>(key) : absl_hash_of<16>(key);
}

void absl_hash_value_oneshot(const void *key, size_t width, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, absl_hash_value(key, width, seed));
}

constexpr hb_value_code absl_hash_value_code = {
    absl_hash_value,
    absl_hash_value_oneshot,
    {"absl::Hash<uint32_t>", "absl::Hash<uint64_t>", "absl::Hash of a struct of two uint64_t (each combined in turn)"},
    {false, false, false},
};

constexpr hb_hash make_entry()
{
    hb_hash h{};
    h.name = "absl-hash";
    h.impl = "abseil";
    h.family = "absl-hash";
    h.summary = "absl::Hash<absl::string_view> (absl::flat_hash_map's default on strings; absl::Hash of the "
                "integer for keys held by value; salted per process: values agree within one process only); "
                "one-shot only";
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = 64;
    h.seed_bits = 0;
    h.flags = HB_FLAG_INTEGER;
    h.dos = HB_DOS_NONE;
    h.output = HB_OUTPUT_PER_PROCESS;
    h.algo_version = "Abseil " HB_STRINGIFY(ABSL_LTS_RELEASE_VERSION);
    h.linkage = HB_LINK_SHARED;
    h.version = absl_hash_version;
    h.oneshot = absl_hash_oneshot;
    h.hash64 = absl_hash_hash64;
    h.value = &absl_hash_value_code;
    h.verification = 0;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_absl_hash_abseil = make_entry();

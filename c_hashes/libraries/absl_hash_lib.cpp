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
#include "default_hasher.h"

#include <absl/base/config.h>
#include <absl/hash/hash.h>
#include <absl/strings/string_view.h>

#define HB_ABSL_RELEASE "Abseil " HB_STRINGIFY(ABSL_LTS_RELEASE_VERSION)

namespace {

using absl_hasher = hb::default_hasher<absl::Hash, absl::string_view>;

const char *absl_hash_version()
{
    return HB_ABSL_RELEASE " (shared objects), absl::Hash<absl::string_view>";
}

// A key held by value: absl::Hash of its type, what absl::flat_hash_set<K> takes by default.
constexpr hb_value_code absl_hash_value_code = {
    absl_hasher::value,
    absl_hasher::value_oneshot,
    {"absl::Hash<uint32_t>", "absl::Hash<uint64_t>", "absl::Hash of a struct of two uint64_t (each combined in turn)"},
    {false, false, false},
};

constexpr hb_hash make_entry()
{
    hb_hash h = absl_hasher::entry(&absl_hash_value_code);
    h.name = "absl-hash";
    h.impl = "abseil";
    h.family = "absl-hash";
    h.summary = "absl::Hash<absl::string_view> (absl::flat_hash_map's default on strings; absl::Hash of the "
                "integer for keys held by value; salted per process: values agree within one process only); "
                "one-shot only";
    h.output = HB_OUTPUT_PER_PROCESS;
    h.algo_version = HB_ABSL_RELEASE;
    h.linkage = HB_LINK_SHARED;
    h.version = absl_hash_version;
    h.verification = 0;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_absl_hash_abseil = make_entry();

/*
 * metrohash_lib.cpp — MetroHash64 and MetroHash128 (Rogers) from Debian's libmetrohash-dev. Debian
 * ships only the shared object, so every call goes through the PLT (linkage shared), which the
 * small-input timings include. MetroHash's interface is C++ classes, hence this file: one-shot
 * through the static Hash(), streaming through an instance constructed in the caller's state
 * buffer. Seeds are 64-bit.
 *
 * Output bytes are the ones the library writes (its 64-bit words in host order, little-endian
 * here), which is how its authors publish their test vectors.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <new>

#include <metrohash/metrohash128.h>
#include <metrohash/metrohash64.h>

#include "hb_packages.h"

static_assert(sizeof(MetroHash64) <= HB_MAX_STATE_SIZE && alignof(MetroHash64) <= HB_STATE_ALIGN,
              "MetroHash64 fits a state buffer");
static_assert(sizeof(MetroHash128) <= HB_MAX_STATE_SIZE && alignof(MetroHash128) <= HB_STATE_ALIGN,
              "MetroHash128 fits a state buffer");

namespace {

const char *metrohash_version()
{
    return "libmetrohash " HB_METROHASH_PACKAGE_VERSION " (Debian, shared object)";
}

template <typename Metro> void metro_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    Metro::Hash(static_cast<const uint8_t *>(in), len, out, seed);
}

// hb_bucket_value() of the output: its first eight bytes read big-endian.
template <typename Metro> uint64_t metro_hash64(const void *in, size_t len, uint64_t seed)
{
    uint8_t out[Metro::bits / 8];
    Metro::Hash(static_cast<const uint8_t *>(in), len, out, seed);
    return __builtin_bswap64(hb_load_le64(out));
}

template <typename Metro> void metro_init(void *state, uint64_t seed)
{
    new (state) Metro(seed);
}

template <typename Metro> void metro_update(void *state, const void *in, size_t len)
{
    if (len > 0) // in may be NULL when len is 0, and the library would pass it to memcpy
        static_cast<Metro *>(state)->Update(static_cast<const uint8_t *>(in), len);
}

template <typename Metro> void metro_final(void *state, uint8_t *out)
{
    static_cast<Metro *>(state)->Finalize(out);
}

/* Properties. dos: seeded (no seed-independent collision is published). Output: frozen (MetroHash
 * 1.x has kept its values and its authors' test vectors since 2015). */
template <typename Metro> constexpr hb_hash metro_entry(const char *name, const char *summary, uint32_t verification)
{
    hb_hash h{};
    h.name = name;
    h.impl = "libmetrohash";
    h.family = "metrohash";
    h.summary = summary;
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = Metro::bits;
    h.seed_bits = 64;
    h.flags = HB_FLAG_SEEDED;
    h.dos = HB_DOS_SEEDED;
    h.output = HB_OUTPUT_FROZEN;
    h.linkage = HB_LINK_SHARED;
    h.version = metrohash_version;
    h.oneshot = metro_oneshot<Metro>;
    h.hash64 = metro_hash64<Metro>;
    h.state_size = sizeof(Metro);
    h.init = metro_init<Metro>;
    h.update = metro_update<Metro>;
    h.final = metro_final<Metro>;
    h.verification = verification;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_metrohash_64_libmetrohash =
    metro_entry<MetroHash64>("metrohash-64", "MetroHash64 (Rogers), libmetrohash shared object", 0x6FA828C9);
extern "C" const struct hb_hash hb_metrohash_128_libmetrohash =
    metro_entry<MetroHash128>("metrohash-128", "MetroHash128 (Rogers), libmetrohash shared object", 0x4A6673E7);

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(metrohash_64_libmetrohash, metro_hash64<MetroHash64>)

/*
 * farmhash_lib.cpp — FarmHash Fingerprint64 (Pike, Google) from Debian's libfarmhash-dev, linked
 * from its static archive. Fingerprint64 is FarmHash's frozen, portable 64-bit function (it is
 * farmhashna::Hash64, the same on every platform and in every release), unlike Hash64, which may
 * change between releases and CPUs. It takes no seed. FarmHash's interface is C++, hence this
 * file; it has no streaming interface, so the entry is one-shot only.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <farmhash.h>

#include "hb_packages.h"

namespace {

const char *farmhash_version()
{
    return "libfarmhash " HB_FARMHASH_PACKAGE_VERSION " (Debian), util::Fingerprint64";
}

uint64_t fingerprint64_hash64(const void *in, size_t len, uint64_t seed)
{
    (void)seed;
    return util::Fingerprint64(static_cast<const char *>(in), len);
}

void fingerprint64_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, fingerprint64_hash64(in, len, seed));
}

constexpr hb_hash make_entry()
{
    hb_hash h{};
    h.name = "farmhash-fp64";
    h.impl = "libfarmhash";
    h.family = "farmhash";
    h.summary = "FarmHash Fingerprint64 (Google; frozen, portable, unseeded); one-shot only";
    h.kind = HB_KIND_NONCRYPTO;
    h.out_bits = 64;
    h.seed_bits = 0;
    h.flags = HB_FLAG_INTEGER;
    h.dos = HB_DOS_NONE;
    h.output = HB_OUTPUT_FROZEN;
    h.linkage = HB_LINK_STATIC;
    h.version = farmhash_version;
    h.oneshot = fingerprint64_oneshot;
    h.hash64 = fingerprint64_hash64;
    h.verification = 0xCB67BCCB;
    return h;
}

} // namespace

extern "C" const struct hb_hash hb_farmhash_fp64_libfarmhash = make_entry();

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(farmhash_fp64_libfarmhash, fingerprint64_hash64)

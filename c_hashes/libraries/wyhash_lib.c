/*
 * wyhash_lib.c — wyhash from Debian's libwyhash-dev, a header-only package: wyhash.h is compiled
 * into this file (linkage inline). Debian's snapshot (October 2020) is the header that calls
 * itself "wyhash_final_version", the first of the "final" series: final 2 changed the bulk loop
 * and the secret (outputs above 16 bytes differ), and today's wyhash (final 4.2) differs even for
 * the empty input (its published vectors). It is used as packaged: WYHASH_CONDOM 1 (no reads
 * outside the input), the default secret _wyp, and the whole 64-bit seed.
 *
 * wyhash has no streaming interface (its result depends on where the input ends before the bulk
 * loop starts), so this entry is one-shot only.
 */
#include "hb_direct.h"
#include "hb_internal.h"

#include <wyhash/wyhash.h>

#include "hb_packages.h"

static const char *wyhash_version(void)
{
    return "wyhash \"final version\" (Debian libwyhash-dev " HB_WYHASH_PACKAGE_VERSION "), default secret";
}

static uint64_t wyhash_hash64(const void *in, size_t len, uint64_t seed)
{
    return wyhash(in, len, seed, _wyp);
}

static void wyhash_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    hb_store_be64(out, wyhash(in, len, seed, _wyp));
}

/* Properties. dos: seed-independent. The bulk loop multiplies (word ^ secret[k]) by (word ^ seed): a
 * word equal to the public default secret word makes the product 0 whatever the seed, so the state
 * loses the seed and the words beside it (a "blinding multiplication"; c_hashes/dos_evidence.c cites
 * where it was raised). tests/c_hashes/test_dos.c builds such pairs for this header with its default
 * secret and checks them under many seeds. Output: versioned; this is the 2020 "final version". */
const struct hb_hash hb_wyhash_libwyhash = {
    .name = "wyhash",
    .impl = "libwyhash",
    .family = "wyhash",
    .summary = "wyhash (Wang Yi), Debian's 2020 \"final version\" header, default secret; one-shot only",
    .kind = HB_KIND_NONCRYPTO,
    .out_bits = 64,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED | HB_FLAG_INTEGER,
    .dos = HB_DOS_SEED_INDEPENDENT,
    .output = HB_OUTPUT_VERSIONED,
    .algo_version = "final version (2020)",
    .linkage = HB_LINK_INLINE,
    .version = wyhash_version,
    .oneshot = wyhash_oneshot,
    .hash64 = wyhash_hash64,
    .verification = 0xEC8B4E99,
};

/* The direct call of a table of keys held by value (hb_direct.h). */
HB_DIRECT_DEFINE(wyhash_libwyhash, wyhash_hash64)

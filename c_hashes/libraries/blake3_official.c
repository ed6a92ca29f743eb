/*
 * blake3_official.c — BLAKE3 from the official C implementation that Debian's librust-blake3-dev
 * ships as source (c/ of the blake3 crate): the adapter around its blake3_hasher. This file is
 * compiled once per ISA path, together with a private build of the library limited to that path
 * (cmake/hb_blake3_official.cmake), whose symbols are then made local to the path's object, so
 * the library's names exist once per path without clashing. HB_B3_PATH_<PATH>, defined by that
 * build, selects the path's entry below; HB_B3_PATH_DISPATCH (the library as its users build it,
 * every path it has, its own CPUID dispatch) also defines the keyed entry. Each path's entry
 * requires the CPU features of that path: the library would otherwise fall back to a narrower
 * path without saying so, and the entry's name would not say what ran.
 * The streaming state is the library's blake3_hasher itself.
 */
#include "hb_internal.h"

#include <string.h>

#include "blake3.h"

_Static_assert(sizeof(blake3_hasher) <= HB_MAX_STATE_SIZE, "blake3_hasher fits the entry state");

#if defined(HB_B3_PATH_DISPATCH)
#define HB_B3_ENTRY   hb_blake3_official
#define HB_B3_IMPL    "official"
#define HB_B3_CPU_REQ 0
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C with its own run-time dispatch (Debian's sources)"
#define HB_B3_KEYED
#elif defined(HB_B3_PATH_AVX512)
#define HB_B3_ENTRY   hb_blake3_official_avx512
#define HB_B3_IMPL    "official-avx512"
#define HB_B3_CPU_REQ (HB_CPU_AVX512F | HB_CPU_AVX512VL)
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C's AVX-512 path (16 chunks side by side)"
#elif defined(HB_B3_PATH_AVX2)
#define HB_B3_ENTRY   hb_blake3_official_avx2
#define HB_B3_IMPL    "official-avx2"
#define HB_B3_CPU_REQ (HB_CPU_AVX2 | HB_CPU_SSE41)
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C's AVX2 path (8 chunks side by side; SSE4.1 for one)"
#elif defined(HB_B3_PATH_SSE41)
#define HB_B3_ENTRY   hb_blake3_official_sse41
#define HB_B3_IMPL    "official-sse41"
#define HB_B3_CPU_REQ HB_CPU_SSE41
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C's SSE4.1 path (4 chunks side by side)"
#elif defined(HB_B3_PATH_SSE2)
#define HB_B3_ENTRY   hb_blake3_official_sse2
#define HB_B3_IMPL    "official-sse2"
#define HB_B3_CPU_REQ HB_CPU_SSE2
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C's SSE2 path (4 chunks side by side)"
#elif defined(HB_B3_PATH_NEON)
#define HB_B3_ENTRY   hb_blake3_official_neon
#define HB_B3_IMPL    "official-neon"
#define HB_B3_CPU_REQ HB_CPU_ASIMD
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C's NEON path (4 chunks side by side)"
#elif defined(HB_B3_PATH_PORTABLE)
#define HB_B3_ENTRY   hb_blake3_official_portable
#define HB_B3_IMPL    "official-portable"
#define HB_B3_CPU_REQ 0
#define HB_B3_SUMMARY "BLAKE3, 256-bit, the official C's portable path (no SIMD)"
#else
#error "blake3_official.c: no HB_B3_PATH_<PATH> defined (cmake/hb_blake3_official.cmake sets it)"
#endif

static const char *b3_version(void)
{
    return "BLAKE3 official C " BLAKE3_VERSION_STRING " (Debian librust-blake3-dev sources), " HB_B3_IMPL " path";
}

static void b3_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    (void)seed;
    blake3_hasher h;
    blake3_hasher_init(&h);
    blake3_hasher_update(&h, in, len);
    blake3_hasher_finalize(&h, out, BLAKE3_OUT_LEN);
}

static void b3_init(void *state, uint64_t seed)
{
    (void)seed;
    blake3_hasher_init(state);
}

static void b3_update(void *state, const void *in, size_t len)
{
    blake3_hasher_update(state, in, len);
}

static void b3_final(void *state, uint8_t *out)
{
    blake3_hasher_finalize(state, out, BLAKE3_OUT_LEN);
}

/* Properties as blake3/portable (c_hashes/portable/blake3.c): unseeded, so no defence against
 * flooding; output frozen by the specification's test vectors. */
const struct hb_hash HB_B3_ENTRY = {
    .name = "blake3",
    .impl = HB_B3_IMPL,
    .family = "blake3",
    .summary = HB_B3_SUMMARY,
    .kind = HB_KIND_CRYPTO,
    .out_bits = 256,
    .seed_bits = 0,
    .flags = 0,
    .cpu_req = HB_B3_CPU_REQ,
    .dos = HB_DOS_NONE,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_STATIC,
    .version = b3_version,
    .oneshot = b3_oneshot,
    .state_size = sizeof(blake3_hasher),
    .init = b3_init,
    .update = b3_update,
    .final = b3_final,
    .verification = 0x170AB674,
};

#ifdef HB_B3_KEYED
/* The 32-byte key made from the 64-bit seed: the seed's 8 bytes little-endian, then 24 zero bytes
 * (the rule SipHash's entries follow for their 16-byte key). Enough to make every seed a distinct
 * key for measurement and tests; a real MAC key is 32 random bytes, which this interface cannot
 * carry. */
static void b3k_key(uint64_t seed, uint8_t key[BLAKE3_KEY_LEN])
{
    memset(key, 0, BLAKE3_KEY_LEN);
    hb_store_le64(key, seed);
}

static void b3k_init(void *state, uint64_t seed)
{
    uint8_t key[BLAKE3_KEY_LEN];
    b3k_key(seed, key);
    blake3_hasher_init_keyed(state, key);
}

static void b3k_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    blake3_hasher h;
    b3k_init(&h, seed);
    blake3_hasher_update(&h, in, len);
    blake3_hasher_finalize(&h, out, BLAKE3_OUT_LEN);
}

/* Properties. dos: prf — keyed BLAKE3 is a keyed pseudo-random function (the BLAKE3 paper's keyed
 * hash mode, a MAC), so it resists flooding with a secret key. Output: frozen (the specification's
 * keyed test vectors). */
const struct hb_hash hb_blake3_keyed_official = {
    .name = "blake3-keyed",
    .impl = "official",
    .family = "blake3",
    .summary = "BLAKE3 keyed hash mode (a MAC), 256-bit tag, key from the seed; official C, its own dispatch",
    .kind = HB_KIND_CRYPTO,
    .out_bits = 256,
    .seed_bits = 64,
    .key_bits = 256,
    .flags = HB_FLAG_SEEDED,
    .dos = HB_DOS_PRF,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_STATIC,
    .version = b3_version,
    .oneshot = b3k_oneshot,
    .state_size = sizeof(blake3_hasher),
    .init = b3k_init,
    .update = b3_update,
    .final = b3_final,
    .verification = 0x82633D56,
};
#endif

/*
 * openssl_adapter.c — the OpenSSL 3 EVP digests (libcrypto linked statically).
 *
 * Each EVP_MD is fetched once, at hb_init(): a fetch by name per call costs more than hashing a
 * short input. The one-shot path re-initialises one EVP_MD_CTX per thread and algorithm, the
 * fastest EVP path. It still allocates once per hash inside OpenSSL: 3.0 re-creates the digest's
 * provider context on every EVP_DigestInit_ex2 (and EVP_MD_CTX_copy_ex), so no EVP path is
 * allocation-free; the api suite shows the count. OpenSSL 3's EVP_MD_CTX is opaque, so the
 * streaming state holds a pointer to a context that init allocates and final frees; the api suite
 * counts those allocations. The other API paths (hb_openssl.h) are here too, so that nothing
 * outside c_hashes includes an OpenSSL header. OpenSSL's allocations are counted per thread by
 * memory functions installed before its first allocation.
 *
 * HMAC-SHA-256 (RFC 2104, FIPS 198-1) is here too, through EVP_MAC, as the mac need's keyed entry.
 * Its 256-bit key is made from the 64-bit seed: the seed's eight bytes, little-endian, four times
 * over (hb_hmac_sha256_key), so that a seed names one key and every tool can reproduce it.
 */
#include "hb_internal.h"
#include "hb_openssl.h"

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

enum openssl_algo { MD5, SHA1, SHA224, SHA256, SHA384, SHA512, SHA3_256, BLAKE2B_512, BLAKE2S_256, ALGO_COUNT };

/* OpenSSL's fetch names, in enum order. */
static const char *const fetch_names[ALGO_COUNT] = {
    "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-256", "BLAKE2B-512", "BLAKE2S-256",
};

static EVP_MD *fetched[ALGO_COUNT];
static EVP_MAC *hmac;
static _Thread_local EVP_MD_CTX *reused[ALGO_COUNT];
static _Thread_local uint64_t thread_allocs, thread_bytes;
static pthread_key_t context_key;
static pthread_once_t context_key_once = PTHREAD_ONCE_INIT;

/* A thread's reused contexts are freed when the thread exits: a thread-local pointer alone would
 * leak them with every worker thread a tool starts. */
static _Thread_local EVP_MAC_CTX *reused_hmac;
static _Thread_local uint64_t reused_hmac_seed;

static void free_thread_contexts(void *unused)
{
    (void)unused;
    for (int i = 0; i < ALGO_COUNT; i++) {
        EVP_MD_CTX_free(reused[i]);
        reused[i] = NULL;
    }
    EVP_MAC_CTX_free(reused_hmac);
    reused_hmac = NULL;
}

static void make_context_key(void)
{
    if (pthread_key_create(&context_key, free_thread_contexts) != 0)
        abort();
}

static void *counting_malloc(size_t n, const char *file, int line)
{
    (void)file;
    (void)line;
    void *p = malloc(n);
    if (p != NULL) {
        thread_allocs++;
        thread_bytes += n;
    }
    return p;
}

/* realloc(NULL, n) is an allocation; resizing a block counts only the bytes it grows by, since
 * the block was counted when it was allocated. */
static void *counting_realloc(void *old, size_t n, const char *file, int line)
{
    (void)file;
    (void)line;
    size_t had = old != NULL ? malloc_usable_size(old) : 0;
    void *p = realloc(old, n);
    if (p != NULL && old == NULL)
        thread_allocs++;
    if (p != NULL && n > had)
        thread_bytes += n - had;
    return p;
}

static void counting_free(void *p, const char *file, int line)
{
    (void)file;
    (void)line;
    free(p);
}

static const char *openssl_version_text(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

/* The family's PREPARE (c_hashes/CMakeLists.txt), run once by hb_init(): fetch the EVP_MDs and
 * install the counting memory functions, before anything else makes OpenSSL allocate. */
bool hb_openssl_prepare(char *err, size_t errlen)
{
    if (!CRYPTO_set_mem_functions(counting_malloc, counting_realloc, counting_free)) {
        snprintf(err, errlen, "OpenSSL allocated memory before hb_init(): cannot count its allocations");
        return false;
    }
    if ((hmac = EVP_MAC_fetch(NULL, "HMAC", NULL)) == NULL) {
        snprintf(err, errlen, "OpenSSL cannot fetch MAC HMAC: %s", ERR_reason_error_string(ERR_peek_last_error()));
        return false;
    }
    for (int i = 0; i < ALGO_COUNT; i++) {
        fetched[i] = EVP_MD_fetch(NULL, fetch_names[i], NULL);
        if (fetched[i] == NULL) {
            snprintf(err, errlen, "OpenSSL cannot fetch digest %s: %s", fetch_names[i],
                     ERR_reason_error_string(ERR_peek_last_error()));
            return false;
        }
    }
    return true;
}

/* Any EVP failure here means a broken OpenSSL installation: the digests were fetched at start-up
 * and the contexts are valid, so there is no caller to report to. */
static void evp_failed(const char *what)
{
    fprintf(stderr, "hashbench: OpenSSL %s failed: %s\n", what, ERR_reason_error_string(ERR_peek_last_error()));
    abort();
}

static void digest_reusing_context(enum openssl_algo a, const void *in, size_t len, uint8_t *out)
{
    EVP_MD_CTX *ctx = reused[a];
    if (ctx == NULL) {
        if ((ctx = reused[a] = EVP_MD_CTX_new()) == NULL)
            evp_failed("EVP_MD_CTX_new");
        pthread_once(&context_key_once, make_context_key);
        pthread_setspecific(context_key, reused); /* non-NULL, so the destructor runs */
    }
    if (!EVP_DigestInit_ex2(ctx, fetched[a], NULL) || !EVP_DigestUpdate(ctx, in, len) ||
        !EVP_DigestFinal_ex(ctx, out, NULL))
        evp_failed("digest");
}

static void evp_stream_init(enum openssl_algo a, void *state)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (ctx == NULL || !EVP_DigestInit_ex2(ctx, fetched[a], NULL))
        evp_failed("EVP_DigestInit_ex2");
    *(EVP_MD_CTX **)state = ctx;
}

static void evp_stream_update(void *state, const void *in, size_t len)
{
    if (!EVP_DigestUpdate(*(EVP_MD_CTX **)state, in, len))
        evp_failed("EVP_DigestUpdate");
}

static void evp_stream_final(void *state, uint8_t *out)
{
    EVP_MD_CTX *ctx = *(EVP_MD_CTX **)state;
    if (!EVP_DigestFinal_ex(ctx, out, NULL))
        evp_failed("EVP_DigestFinal_ex");
    EVP_MD_CTX_free(ctx);
}

#define OPENSSL_ENTRY(var, algo, name_, family_, kind_, bits, summary_, verification_)                                 \
    static void var##_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)                                 \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        digest_reusing_context(algo, in, len, out);                                                                    \
    }                                                                                                                  \
    static void var##_init(void *state, uint64_t seed)                                                                 \
    {                                                                                                                  \
        (void)seed;                                                                                                    \
        evp_stream_init(algo, state);                                                                                  \
    }                                                                                                                  \
    const struct hb_hash var = {                                                                                       \
        .name = name_,                                                                                                 \
        .impl = "openssl",                                                                                             \
        .family = family_,                                                                                             \
        .summary = summary_,                                                                                           \
        .kind = kind_,                                                                                                 \
        .out_bits = bits,                                                                                              \
        .seed_bits = 0,                                                                                                \
        .flags = 0,                                                                                                    \
        .dos = HB_DOS_NONE,                                                                                            \
        .output = HB_OUTPUT_FROZEN,                                                                                    \
        .linkage = HB_LINK_STATIC,                                                                                     \
        .version = openssl_version_text,                                                                               \
        .oneshot = var##_oneshot,                                                                                      \
        .state_size = sizeof(EVP_MD_CTX *),                                                                            \
        .init = var##_init,                                                                                            \
        .update = evp_stream_update,                                                                                   \
        .final = evp_stream_final,                                                                                     \
        .verification = verification_,                                                                                 \
    }

/* MD5 and SHA-1 are broken as cryptographic hashes; they stay "crypto" by design, and the README
 * says what they are still good for. */
OPENSSL_ENTRY(hb_md5_openssl, MD5, "md5", "md", HB_KIND_CRYPTO, 128, "MD5 (RFC 1321), OpenSSL EVP", 0x3008D5BF);
OPENSSL_ENTRY(hb_sha1_openssl, SHA1, "sha1", "sha1", HB_KIND_CRYPTO, 160, "SHA-1 (FIPS 180-4), OpenSSL EVP",
              0x6575EB18);
OPENSSL_ENTRY(hb_sha224_openssl, SHA224, "sha224", "sha2", HB_KIND_CRYPTO, 224, "SHA-224 (FIPS 180-4), OpenSSL EVP",
              0x9E4E5F48);
OPENSSL_ENTRY(hb_sha256_openssl, SHA256, "sha256", "sha2", HB_KIND_CRYPTO, 256, "SHA-256 (FIPS 180-4), OpenSSL EVP",
              0x11D13DB9);
OPENSSL_ENTRY(hb_sha384_openssl, SHA384, "sha384", "sha2", HB_KIND_CRYPTO, 384, "SHA-384 (FIPS 180-4), OpenSSL EVP",
              0x1560ABE1);
OPENSSL_ENTRY(hb_sha512_openssl, SHA512, "sha512", "sha2", HB_KIND_CRYPTO, 512, "SHA-512 (FIPS 180-4), OpenSSL EVP",
              0x4590E90F);
OPENSSL_ENTRY(hb_sha3_256_openssl, SHA3_256, "sha3-256", "sha3", HB_KIND_CRYPTO, 256,
              "SHA3-256 (FIPS 202), OpenSSL EVP", 0x1D223BAC);
OPENSSL_ENTRY(hb_blake2b_512_openssl, BLAKE2B_512, "blake2b-512", "blake2", HB_KIND_CRYPTO, 512,
              "BLAKE2b-512 (RFC 7693), OpenSSL EVP", 0xCCF30995);
OPENSSL_ENTRY(hb_blake2s_256_openssl, BLAKE2S_256, "blake2s-256", "blake2", HB_KIND_CRYPTO, 256,
              "BLAKE2s-256 (RFC 7693), OpenSSL EVP", 0x0AD2866D);

/* ---- HMAC-SHA-256 ---- */

void hb_hmac_sha256_key(uint64_t seed, uint8_t key[HB_HMAC_SHA256_KEY_BYTES])
{
    for (int i = 0; i < HB_HMAC_SHA256_KEY_BYTES; i++)
        key[i] = (uint8_t)(seed >> (8 * (i % 8)));
}

/* (Re)starts ctx with key, or with the key it already holds when key is NULL: HMAC's padded key
 * blocks are computed once per key, as a server keeps them per key. */
static void hmac_start(EVP_MAC_CTX *ctx, const void *key, size_t keylen)
{
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0),
                           OSSL_PARAM_construct_end()};
    if (!EVP_MAC_init(ctx, key, keylen, key ? params : NULL))
        evp_failed("EVP_MAC_init");
}

static EVP_MAC_CTX *hmac_new(void)
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(hmac);
    if (ctx == NULL)
        evp_failed("EVP_MAC_CTX_new");
    return ctx;
}

static void hmac_finish(EVP_MAC_CTX *ctx, uint8_t *out)
{
    size_t outlen = 0;
    if (!EVP_MAC_final(ctx, out, &outlen, 32) || outlen != 32)
        evp_failed("EVP_MAC_final");
}

void hb_hmac_sha256(const void *key, size_t keylen, const void *in, size_t len, uint8_t out[32])
{
    EVP_MAC_CTX *ctx = hmac_new();
    hmac_start(ctx, key, keylen);
    if (!EVP_MAC_update(ctx, in, len))
        evp_failed("EVP_MAC_update");
    hmac_finish(ctx, out);
    EVP_MAC_CTX_free(ctx);
}

static void hmac_sha256_oneshot(const void *in, size_t len, uint64_t seed, uint8_t *out)
{
    if (reused_hmac == NULL || seed != reused_hmac_seed) {
        uint8_t key[HB_HMAC_SHA256_KEY_BYTES];
        hb_hmac_sha256_key(seed, key);
        if (reused_hmac == NULL) {
            reused_hmac = hmac_new();
            pthread_once(&context_key_once, make_context_key);
            pthread_setspecific(context_key, reused); /* non-NULL, so the destructor runs */
        }
        hmac_start(reused_hmac, key, sizeof key);
        reused_hmac_seed = seed;
    } else {
        hmac_start(reused_hmac, NULL, 0);
    }
    if (!EVP_MAC_update(reused_hmac, in, len))
        evp_failed("EVP_MAC_update");
    hmac_finish(reused_hmac, out);
}

static void hmac_sha256_init(void *state, uint64_t seed)
{
    uint8_t key[HB_HMAC_SHA256_KEY_BYTES];
    hb_hmac_sha256_key(seed, key);
    EVP_MAC_CTX *ctx = hmac_new();
    hmac_start(ctx, key, sizeof key);
    *(EVP_MAC_CTX **)state = ctx;
}

static void hmac_sha256_update(void *state, const void *in, size_t len)
{
    if (!EVP_MAC_update(*(EVP_MAC_CTX **)state, in, len))
        evp_failed("EVP_MAC_update");
}

static void hmac_sha256_final(void *state, uint8_t *out)
{
    EVP_MAC_CTX *ctx = *(EVP_MAC_CTX **)state;
    hmac_finish(ctx, out);
    EVP_MAC_CTX_free(ctx);
}

/* A keyed pseudo-random function (HMAC is a PRF when its compression function is, Bellare 2006),
 * so dos is prf; its 256-bit tag keeps it out of the table needs by width. */
const struct hb_hash hb_hmac_sha256_openssl = {
    .name = "hmac-sha256",
    .impl = "openssl",
    .family = "hmac",
    .summary = "HMAC-SHA-256 (RFC 2104, FIPS 198-1), key from the seed, OpenSSL EVP_MAC",
    .kind = HB_KIND_CRYPTO,
    .out_bits = 256,
    .seed_bits = 64,
    .flags = HB_FLAG_SEEDED,
    .dos = HB_DOS_PRF,
    .output = HB_OUTPUT_FROZEN,
    .linkage = HB_LINK_STATIC,
    .version = openssl_version_text,
    .oneshot = hmac_sha256_oneshot,
    .state_size = sizeof(EVP_MAC_CTX *),
    .init = hmac_sha256_init,
    .update = hmac_sha256_update,
    .final = hmac_sha256_final,
    .verification = 0x0404BBAF,
};

static const struct hb_hash *const entries[ALGO_COUNT] = {
    &hb_md5_openssl,    &hb_sha1_openssl,     &hb_sha224_openssl,      &hb_sha256_openssl,      &hb_sha384_openssl,
    &hb_sha512_openssl, &hb_sha3_256_openssl, &hb_blake2b_512_openssl, &hb_blake2s_256_openssl,
};

static int algo_of(const struct hb_hash *h)
{
    for (int i = 0; i < ALGO_COUNT; i++)
        if (entries[i] == h)
            return i;
    return -1;
}

bool hb_openssl_owns(const struct hb_hash *h)
{
    return algo_of(h) >= 0;
}

void hb_openssl_digest(const struct hb_hash *h, enum hb_evp_path path, const void *in, size_t len, uint8_t *out)
{
    int a = algo_of(h);
    if (a < 0)
        abort(); /* pre-condition: hb_openssl_owns(h) */
    switch (path) {
    case HB_EVP_PREFETCHED:
        if (!EVP_Digest(in, len, out, NULL, fetched[a], NULL))
            evp_failed("EVP_Digest");
        break;
    case HB_EVP_CTX_REUSE: digest_reusing_context((enum openssl_algo)a, in, len, out); break;
    case HB_EVP_BYNAME:
        if (!EVP_Q_digest(NULL, fetch_names[a], NULL, in, len, out, NULL))
            evp_failed("EVP_Q_digest");
        break;
    }
}

void hb_openssl_alloc_stats(struct hb_alloc_stats *stats)
{
    stats->allocs = thread_allocs;
    stats->bytes = thread_bytes;
}

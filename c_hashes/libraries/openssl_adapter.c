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
 */
#include "hb_internal.h"
#include "hb_openssl.h"

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

enum openssl_algo { MD5, SHA1, SHA224, SHA256, SHA384, SHA512, SHA3_256, BLAKE2B_512, BLAKE2S_256, ALGO_COUNT };

/* OpenSSL's fetch names, in enum order. */
static const char *const fetch_names[ALGO_COUNT] = {
    "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-256", "BLAKE2B-512", "BLAKE2S-256",
};

static EVP_MD *fetched[ALGO_COUNT];
static _Thread_local EVP_MD_CTX *reused[ALGO_COUNT];
static _Thread_local uint64_t thread_allocs, thread_bytes;
static pthread_key_t context_key;
static pthread_once_t context_key_once = PTHREAD_ONCE_INIT;

/* A thread's reused contexts are freed when the thread exits: a thread-local pointer alone would
 * leak them with every worker thread a tool starts. */
static void free_thread_contexts(void *unused)
{
    (void)unused;
    for (int i = 0; i < ALGO_COUNT; i++) {
        EVP_MD_CTX_free(reused[i]);
        reused[i] = NULL;
    }
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

static void stream_init(enum openssl_algo a, void *state)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (ctx == NULL || !EVP_DigestInit_ex2(ctx, fetched[a], NULL))
        evp_failed("EVP_DigestInit_ex2");
    *(EVP_MD_CTX **)state = ctx;
}

static void stream_update(void *state, const void *in, size_t len)
{
    if (!EVP_DigestUpdate(*(EVP_MD_CTX **)state, in, len))
        evp_failed("EVP_DigestUpdate");
}

static void stream_final(void *state, uint8_t *out)
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
        stream_init(algo, state);                                                                                      \
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
        .update = stream_update,                                                                                       \
        .final = stream_final,                                                                                         \
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

/*
 * hb_openssl.h — the OpenSSL-specific API paths and allocation counts the harness's api suite
 * measures. They live in the OpenSSL adapter so that nothing outside c_hashes includes an
 * OpenSSL header.
 */
#ifndef HB_OPENSSL_H
#define HB_OPENSSL_H

#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

enum hb_evp_path {
    HB_EVP_PREFETCHED, /* EVP_Digest() with the EVP_MD fetched once at start-up */
    HB_EVP_CTX_REUSE,  /* one EVP_MD_CTX per thread and algorithm, re-initialised per hash */
    HB_EVP_BYNAME      /* EVP_Q_digest() by name: a fetch per call, as OpenSSL 3's SHA256() does */
};

/* HMAC-SHA-256 of len bytes of in under key (RFC 2104), one shot; hb_init() must have succeeded. */
void hb_hmac_sha256(const void *key, size_t keylen, const void *in, size_t len, uint8_t out[32]);
/* The key hmac-sha256/openssl uses for seed: its eight bytes little-endian, four times over. */
#define HB_HMAC_SHA256_KEY_BYTES 32
void hb_hmac_sha256_key(uint64_t seed, uint8_t key[HB_HMAC_SHA256_KEY_BYTES]);

/* True when h is one of the OpenSSL digest entries (impl "openssl", hmac-sha256 excepted: the api
 * suite's EVP paths are those of digests). */
bool hb_openssl_owns(const struct hb_hash *h);

/* Hash len bytes of in with the OpenSSL entry h through one EVP path; out gets the digest.
 * Pre-condition: hb_openssl_owns(h) and hb_init() succeeded. */
void hb_openssl_digest(const struct hb_hash *h, enum hb_evp_path path, const void *in, size_t len, uint8_t *out);

struct hb_alloc_stats {
    uint64_t allocs; /* blocks allocated: successful malloc and realloc(NULL) calls */
    uint64_t bytes;  /* bytes requested by them, plus what each resize grew a block by */
};

/* OpenSSL's allocations on the calling thread since it started, counted by the memory functions
 * hb_init() installs with CRYPTO_set_mem_functions (before OpenSSL allocates anything). */
void hb_openssl_alloc_stats(struct hb_alloc_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* HB_OPENSSL_H */

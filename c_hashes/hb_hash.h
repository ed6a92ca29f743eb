/*
 * hb_hash.h — the contract of c_hashes: the hash descriptor, the registry, CPU features. What the
 * command-line tools print about the registry (suggestions, names, hex) is in hb_hash_cli.h.
 *
 * Every algorithm x implementation is one `const struct hb_hash`, listed in the registry in
 * preference order: for each name, the first entry this CPU can run is the name's default
 * implementation. The registry is generated from the hb_hash_family() lines of
 * c_hashes/CMakeLists.txt (docs/architecture.md, "Adding a hash").
 *
 * Output bytes (what hbsum prints as hex, what `out` receives):
 *   - integer-valued hashes (HB_FLAG_INTEGER): the integer, big-endian, out_bits/8 bytes;
 *   - xxh3-128: XXH128_canonical_t (high 64 bits then low 64, each big-endian);
 *   - murmur3-128: h1 then h2, each little-endian, as the reference implementation writes them;
 *   - metrohash-64, metrohash-128: the bytes the library writes (its words little-endian), as its
 *     authors' test vectors list them;
 *   - cryptographic hashes: the digest bytes in order.
 */
#ifndef HB_HASH_H
#define HB_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest output of any entry (SHA-512), in bytes. */
#define HB_MAX_OUT_BYTES 64
/* Largest streaming state of any entry (BLAKE3's, with its stack of 54 subtree chaining values),
 * and the alignment every state buffer must have. */
#define HB_MAX_STATE_SIZE 2048
#define HB_STATE_ALIGN    64

enum hb_kind {
    HB_KIND_CHECKSUM,  /* error detection: crc32, crc32c, adler32 */
    HB_KIND_NONCRYPTO, /* hash tables, fingerprints: xxh*, murmur3, fnv1a, siphash, rapidhash */
    HB_KIND_CRYPTO,    /* cryptographic digests */
    HB_KIND_BASELINE   /* not a hash: the harness's noop, memread and mulchain */
};

/* How the code behind an entry reaches the binary. */
enum hb_linkage {
    HB_LINK_BUILTIN, /* our own C source */
    HB_LINK_INLINE,  /* a library's header compiled into our translation unit */
    HB_LINK_STATIC,  /* a library's static archive */
    HB_LINK_SHARED   /* a shared library, called through the PLT */
};

#define HB_FLAG_SEEDED     (1u << 0) /* the seed changes the output (seed_bits > 0) */
#define HB_FLAG_INTEGER    (1u << 2) /* integer-valued: out holds the integer, big-endian */
#define HB_FLAG_KNOWN_COST (1u << 3) /* a baseline of known cost (mulchain): measured once, not per size */

/* How an algorithm stands against hash flooding (HashDoS): an adversary choosing keys so that they
 * collide in a table. A property of the algorithm, the same for every implementation of a name;
 * c_hashes/dos_evidence.c says what every value rests on and cites it. */
enum hb_dos {
    HB_DOS_UNSET = 0,        /* never valid: hb_registry_check refuses an entry that does not say */
    HB_DOS_NONE,             /* no seed (or no key): colliding keys can be computed once, for everyone */
    HB_DOS_SEEDED,           /* takes a seed; no multicollision known that holds for every seed */
    HB_DOS_SEED_INDEPENDENT, /* seeded, but multicollisions hold for every seed (a report, or test_dos.c) */
    HB_DOS_PRF,              /* a keyed pseudo-random function designed against hash flooding */
};

/* Whether the algorithm's output is fixed, so that values computed today match tomorrow's and
 * another machine's (a checksum stored in a file, a fingerprint kept in a database). */
enum hb_output {
    HB_OUTPUT_UNSET = 0,   /* never valid */
    HB_OUTPUT_FROZEN,      /* fixed by a specification or by test vectors that have not changed */
    HB_OUTPUT_VERSIONED,   /* changed between releases of the algorithm; algo_version names ours */
    HB_OUTPUT_PER_PROCESS, /* salted per process (absl::Hash): values agree within one process only; also
                            * versioned (algo_version), never recorded (verification 0) or compared
                            * across processes */
};

/* CPU features an implementation may need (cpu_req) and the detector reports, in one space for
 * every architecture: an x86-64 CPU never reports an AArch64 bit and the reverse, so an entry of
 * the other architecture (were it built) would read "needs ...". Names as /proc/cpuinfo spells
 * them on the CPU's own architecture (hb_cpu_feature_name). */
#define HB_CPU_SSE2          (1u << 0)
#define HB_CPU_SSSE3         (1u << 1)
#define HB_CPU_SSE41         (1u << 2)
#define HB_CPU_SSE42         (1u << 3)
#define HB_CPU_PCLMULQDQ     (1u << 4)
#define HB_CPU_AVX           (1u << 5)
#define HB_CPU_AVX2          (1u << 6)
#define HB_CPU_BMI2          (1u << 7)
#define HB_CPU_AVX512F       (1u << 8)
#define HB_CPU_AVX512BW      (1u << 9)
#define HB_CPU_AVX512VL      (1u << 10)
#define HB_CPU_VPCLMULQDQ    (1u << 11)
#define HB_CPU_SHA_NI        (1u << 12)
#define HB_CPU_AES           (1u << 13) /* AES round instructions: AES-NI, or AArch64's FEAT_AES */
#define HB_CPU_ASIMD         (1u << 14) /* AArch64 Advanced SIMD (NEON) */
#define HB_CPU_CRC32         (1u << 15) /* AArch64 CRC32/CRC32C instructions */
#define HB_CPU_PMULL         (1u << 16) /* AArch64 64x64-bit carry-less multiply (PMULL, PMULL2) */
#define HB_CPU_SHA2          (1u << 17) /* AArch64 SHA-256 instructions */
#define HB_CPU_SHA3          (1u << 18) /* AArch64 SHA-3 instructions, among them EOR3 */
#define HB_CPU_SVE           (1u << 19) /* AArch64 Scalable Vector Extension */
#define HB_CPU_FEATURE_COUNT 20

typedef void (*hb_oneshot_fn)(const void *in, size_t len, uint64_t seed, uint8_t *out);
typedef uint64_t (*hb_hash64_fn)(const void *in, size_t len, uint64_t seed);
typedef void (*hb_init_fn)(void *state, uint64_t seed);
typedef void (*hb_update_fn)(void *state, const void *in, size_t len);
typedef void (*hb_final_fn)(void *state, uint8_t *out);

/* Keys held by value. A program whose keys are 4, 8 or 16 bytes holds each in the table's slot as
 * an integer or a small struct (uint32_t, uint64_t, a struct of two uint64_t), the key's bytes as
 * the machine stores them; longer or varying keys are strings. A table of such keys calls the
 * entry's hash of the key's bytes, unless the entry's value code (below) says what a program's
 * table calls instead: a table design's default hasher picks its code by the key's type
 * (std::hash<uint64_t> is the identity, not a hash of 8 bytes). hb_value_entry() gives that code
 * as an entry of the same name, which the hashtable suite, hbspread's integer keysets and the
 * battery hash such keys with, so that their verdicts are of the code the tables ran. */
enum { HB_VALUE_WIDTHS = 3 }; /* 4, 8 and 16 bytes, in that order */

struct hb_value_code {
    /* What a table calls for a key of len bytes held by value (len a width whose calls[] is set;
     * seed ignored): the integer, and oneshot's output, that integer big-endian in out_bits/8 */
    hb_hash64_fn hash;
    hb_oneshot_fn oneshot;
    /* per width 4, 8, 16: the code a program's table calls, in words ("std::hash<uint64_t>: the
     * identity"); NULL: the library has none for a key of that width, and a program hashes the
     * key's bytes (the entry itself) */
    const char *calls[HB_VALUE_WIDTHS];
    bool linear[HB_VALUE_WIDTHS]; /* per width: GF(2)-affine (the identity, a fold of halves) */
};

struct hb_hash {
    const char *name;    /* lowercase, e.g. "xxh3-64"; all impls of a name give identical output, baselines
                          * excepted (memread's fold the bytes in their own vector layout) */
    const char *impl;    /* "portable", "sse42", "inline-avx2", "libxxhash", "openssl", ... */
    const char *family;  /* "xxhash", "crc", "sha2", ... */
    const char *summary; /* one line for --list */
    enum hb_kind kind;
    unsigned out_bits;  /* output size; out receives out_bits/8 bytes */
    unsigned seed_bits; /* 0: unseeded (seed ignored); 32: low 32 bits of the seed used; 64 */
    unsigned key_bits;  /* the algorithm's own key when it is wider than the seed (SipHash's, HighwayHash's,
                         * keyed BLAKE3's), which the adapter fills from the seed in a documented way; 0 when
                         * the seed is the whole key. The advisor names it where a key is drawn. */
    unsigned flags;     /* HB_FLAG_* */
    uint32_t cpu_req;   /* HB_CPU_* that must all be present */

    /* Properties of the algorithm, equal for every implementation of the name (the advisor's rules
     * read them; hbsum --list shows them). */
    enum hb_dos dos;
    enum hb_output output;
    const char *algo_version; /* the release implemented ("V3"), unless the output is frozen; else NULL */
    const char *needs;        /* CPU features every implementation of the algorithm needs, on every
                               * architecture ("aes": GxHash is defined by AES rounds); else NULL */
    bool linear;              /* GF(2)-affine for keys of one length: h(a)^h(b)^h(c) == h(a^b^c) (every
                               * CRC; the baselines memread, an XOR of words, and noop, a constant).
                               * Keys with structure (aligned, strided) then fill a fraction of a
                               * table's buckets, whatever their number (docs/spread.md, the battery).
                               * hbspread's linearity probe checks it for every entry (a test). */

    enum hb_linkage linkage;
    const char *(*version)(void); /* the provider and its version, e.g. "OpenSSL 3.0.19" */

    /* Hash len bytes at in (in may be NULL when len is 0); write out_bits/8 bytes to out. */
    hb_oneshot_fn oneshot;

    /* Optional (NULL when absent): the same hash returning hb_bucket_value() of what oneshot
     * writes, in a register, the way a hash table calls `uint64_t hash(key, len)`. Timing loops
     * use it where it exists, so a short hash is not charged for storing a digest and reloading it. */
    hb_hash64_fn hash64;

    /* Optional (NULL for most entries): what a table calls for a key held by value, when that is
     * not this hash of the key's bytes (struct hb_value_code). Only an integer-valued entry of at
     * most 64 bits has one; hbsum, the verification code and the other suites hash bytes. */
    const struct hb_value_code *value;

    /* Streaming, all four set or all zero. state: state_size bytes, HB_STATE_ALIGN-aligned,
     * owned by the caller. Every init is followed by exactly one final (an adapter may hold a
     * library context between them). update may be called any number of times, len may be 0. */
    size_t state_size;
    hb_init_fn init;
    hb_update_fn update;
    hb_final_fn final;

    /* hb_verification() of this entry, recorded when its known-answer vectors passed; a change
     * means the output changed. */
    uint32_t verification;
};

/* The registry, in preference order. Entries whose code was not built (an instruction set switched
 * off or beyond the compiler or the CPU architecture, a library not found) are not in it;
 * hb_unbuilt_note() (hb_hash_cli.h) says which and why. */
extern const struct hb_hash *const hb_registry[];
extern const size_t hb_registry_len;

/* One-time start-up for every tool: detects CPU features, prepares library adapters (OpenSSL's
 * EVP_MD fetches), resolves run-time dispatch and runs hb_registry_check() on hb_registry.
 * Returns true, or false with a one-line reason in err. Safe to call more than once. */
bool hb_init(char *err, size_t errlen);

/* Checks a table of entries: unique name/impl, all-or-none streaming functions, out_bits a
 * positive multiple of 8 up to HB_MAX_OUT_BYTES*8, state_size within HB_MAX_STATE_SIZE,
 * seed_bits consistent with HB_FLAG_SEEDED, key_bits 0 or wider than seed_bits, name and impl lowercase, no hash64 on a
 * cryptographic digest, and hash64 (where set and this CPU runs the entry) equal to
 * hb_bucket_value() of oneshot's output on a few inputs; dos and output set, dos NONE exactly when
 * unseeded (baselines excepted), algo_version exactly when not frozen, verification 0 for a
 * per-process output, a value code only on an integer-valued entry of at most 64 bits, and the
 * algorithm's properties (dos, output, algo_version, needs, linear, key_bits) equal across the
 * implementations of a name. */
bool hb_registry_check(const struct hb_hash *const *table, size_t n, char *err, size_t errlen);

/* CPU features present (HB_CPU_* bits), detected once by hb_init(). */
uint32_t hb_cpu_features(void);
/* Name of one HB_CPU_* bit ("avx2"), or NULL. */
const char *hb_cpu_feature_name(uint32_t bit);
/* For tests: pretend only the features in mask are present (hb_cpu_features() & mask) and
 * re-resolve run-time dispatch; hb_cpu_restrict(UINT32_MAX) undoes it. */
void hb_cpu_restrict(uint32_t mask);

/* Whether this CPU can run h; if not, why_not (may be NULL) gets e.g. "needs avx512f avx512bw". */
bool hb_can_run(const struct hb_hash *h, char *why_not, size_t len);

/* Whether spec names h: "name" matches every implementation of the name, "name/impl" that one. */
bool hb_spec_matches(const struct hb_hash *h, const char *spec);

/* "name/impl" exactly (runnable or not), or "name": its default implementation (the first
 * runnable entry). NULL when nothing matches. */
const struct hb_hash *hb_lookup(const char *spec);
/* Every entry matching spec ("name": all its implementations, "name/impl": that one), in
 * registry order, up to cap; returns how many matched (may exceed cap). */
size_t hb_select(const char *spec, const struct hb_hash **out, size_t cap);
/* The 64-bit value of an output, what hash64 returns: the first min(8, out_bits/8) output bytes
 * read big-endian, zero-extended (for integer-valued hashes the integer itself). hbspread reduces
 * it to a bucket. */
uint64_t hb_bucket_value(const struct hb_hash *h, const uint8_t *out);

/* Keys held by value (hb_value_code): the index of width in its arrays (their order, HB_VALUE_WIDTHS
 * says), or -1 when keys of that width are not held by value. */
int hb_value_width_index(size_t width);
/* Its inverse: the width of keys at index (0 to HB_VALUE_WIDTHS - 1) in hb_value_code's arrays. */
size_t hb_value_width(int index);
/* The entry a table calls for keys of width bytes held by value: h itself when it has no value
 * code for that width (or width is not 4, 8 or 16), else an entry of the same name and impl whose
 * oneshot and hash64 are the value code's (for keys of that width only), linear as the code is,
 * without streaming, verification or value code. Made once per (h, width) and kept. */
const struct hb_hash *hb_value_entry(const struct hb_hash *h, size_t width);
/* What a table calls for a key of width bytes held by value, in words: the value code's text, or
 * "its hash of the key's bytes" (NULL when width is not 4, 8 or 16). */
const char *hb_value_calls(const struct hb_hash *h, size_t width);

/* SMHasher's verification scheme over our output bytes: for i in 0..255 hash the key
 * {0,1,...,i-1} (i bytes) with seed 256-i, concatenate the 256 outputs, hash that with seed 0,
 * and read the first 4 bytes of the result little-endian. */
uint32_t hb_verification(const struct hb_hash *h);

#ifdef __cplusplus
}
#endif

#endif /* HB_HASH_H */

/*
 * keysets.c — the key shapes hbspread measures, each built once into one buffer and then shared
 * read-only by every thread: sequential ids, little-endian integers, random keys, sparse bit
 * patterns, text keys and all-zero keys (file: keys are read by keyfile.c).
 *
 * Every keyset holds distinct keys, so that a collision is always the hash's doing.
 */
#include "spread.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hb_splitmix64.h"

/* Fixed seed of rand: keys. Never change it: runs must repeat bit for bit. */
#define RAND_SEED 0x72616e646b657973u
/* Key bytes a keyset may hold in memory. */
#define MAX_KEY_BYTES ((size_t)1 << 30)
#define WORD_ALPHABET "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#define WORD_CORE     4

static bool keyset_error(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

/* A decimal number in [lo, hi], all of text. */
static bool parse_number(const char *text, size_t lo, size_t hi, size_t *out)
{
    if (*text < '0' || *text > '9')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi)
        return false;
    *out = (size_t)v;
    return true;
}

/* Room for n keys; fixed-length keysets fill start/len themselves. */
static void allocate(struct hb_keyset *ks, size_t n, size_t bytes)
{
    ks->n = n;
    ks->storage = hb_xcalloc(bytes ? bytes : 1, 1);
    ks->bytes = ks->storage;
    ks->start = hb_xmalloc(n * sizeof *ks->start);
    ks->len = hb_xmalloc(n * sizeof *ks->len);
}

static void set_fixed_length(struct hb_keyset *ks, size_t key_bytes)
{
    for (size_t i = 0; i < ks->n; i++) {
        ks->start[i] = i * key_bytes;
        ks->len[i] = key_bytes;
    }
}

static void build_seq(struct hb_keyset *ks, const char *prefix, size_t n)
{
    size_t plen = strlen(prefix);
    /* n <= HB_MAX_KEYS has at most 8 digits; snprintf may want 21 bytes at the very end */
    allocate(ks, n, n * (plen + 8) + 21);
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        ks->start[i] = used;
        memcpy(ks->storage + used, prefix, plen);
        int digits = snprintf((char *)ks->storage + used + plen, 21, "%zu", i);
        ks->len[i] = plen + (size_t)digits;
        used += ks->len[i];
    }
}

static void build_ints(struct hb_keyset *ks, size_t width, size_t n)
{
    allocate(ks, n, n * width);
    set_fixed_length(ks, width);
    for (size_t i = 0; i < n; i++)
        for (size_t b = 0; b < width && b < 8; b++)
            ks->storage[i * width + b] = (uint8_t)((uint64_t)i >> (8 * b));
}

/* A bijection of the w-bit integers (8 <= w <= 64): odd multiplications and right xorshifts,
 * each invertible modulo 2^w, so distinct counters give distinct, random-looking keys. */
static uint64_t scramble(uint64_t x, unsigned w)
{
    uint64_t mask = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
    x = (x * 0x9e3779b97f4a7c15u + RAND_SEED) & mask;
    x ^= x >> (w / 2);
    x = (x * 0xbf58476d1ce4e5b9u) & mask;
    x ^= x >> (w / 2 - 1);
    x = (x * 0x94d049bb133111ebu) & mask;
    x ^= x >> (w / 2);
    return x;
}

static void build_rand(struct hb_keyset *ks, size_t length, size_t n)
{
    allocate(ks, n, n * length);
    set_fixed_length(ks, length);
    size_t head = length < 8 ? length : 8;
    uint64_t rng = RAND_SEED;
    for (size_t i = 0; i < n; i++) {
        uint8_t *key = ks->storage + i * length;
        /* the first bytes are distinct for every key, the rest are a random stream */
        uint64_t first = scramble(i, (unsigned)(8 * head));
        for (size_t b = 0; b < head; b++)
            key[b] = (uint8_t)(first >> (8 * b));
        for (size_t b = head; b < length; b += 8) {
            uint64_t r = hb_splitmix64_next(&rng);
            memcpy(key + b, &r, length - b < 8 ? length - b : 8);
        }
    }
}

/* Keys with at most max_set of bits bits set: sum of C(bits, j), or SIZE_MAX past HB_MAX_KEYS. */
static size_t sparse_count(size_t bits, size_t max_set)
{
    size_t total = 0, choose = 1; /* C(bits, j) */
    for (size_t j = 0; j <= max_set; j++) {
        if (j > 0) {
            /* C(bits, j) = C(bits, j-1) * (bits-j+1) / j, exact in this order */
            if (choose > HB_MAX_KEYS)
                return SIZE_MAX;
            choose = choose * (bits - j + 1) / j;
        }
        total += choose;
        if (total > HB_MAX_KEYS)
            return SIZE_MAX;
    }
    return total;
}

static void build_sparse(struct hb_keyset *ks, size_t bits, size_t max_set, size_t n)
{
    size_t width = bits / 8;
    allocate(ks, n, n * width);
    set_fixed_length(ks, width);
    size_t i = 1; /* key 0 has no bit set */
    size_t pos[64];
    for (size_t set = 1; set <= max_set; set++) {
        /* every `set`-subset of the bit positions, in lexicographic order */
        for (size_t j = 0; j < set; j++)
            pos[j] = j;
        for (;;) {
            uint8_t *key = ks->storage + i++ * width;
            for (size_t j = 0; j < set; j++)
                key[pos[j] / 8] |= (uint8_t)(1u << (pos[j] % 8));
            size_t j = set;
            while (j > 0 && pos[j - 1] == bits - set + (j - 1))
                j--;
            if (j == 0)
                break;
            pos[j - 1]++;
            for (size_t m = j; m < set; m++)
                pos[m] = pos[m - 1] + 1;
        }
    }
}

static void build_words(struct hb_keyset *ks, size_t n)
{
    static const char alphabet[] = WORD_ALPHABET;
    const size_t letters = sizeof alphabet - 1, width = 3 + WORD_CORE + 3;
    allocate(ks, n, n * width);
    set_fixed_length(ks, width);
    for (size_t i = 0; i < n; i++) {
        char *key = (char *)ks->storage + i * width;
        memcpy(key, "Foo", 3);
        size_t v = i;
        for (size_t c = WORD_CORE; c > 0; c--, v /= letters)
            key[3 + c - 1] = alphabet[v % letters];
        memcpy(key + 3 + WORD_CORE, "Bar", 3);
    }
}

static void build_zeros(struct hb_keyset *ks, size_t lengths)
{
    allocate(ks, lengths, lengths);
    for (size_t i = 0; i < lengths; i++) {
        ks->start[i] = 0;
        ks->len[i] = i;
    }
}

static size_t word_count_max(void)
{
    size_t m = 1;
    for (int c = 0; c < WORD_CORE; c++)
        m *= sizeof WORD_ALPHABET - 1;
    return m;
}

/* The width of a fixed-width keyset (arg, from 1 to max bytes): its n keys must fit in memory
 * and, when narrower than 8 bytes, n distinct ones must exist. */
static bool parse_width(const char *spec, const char *arg, size_t n, size_t max, const char *usage, size_t *width,
                        char *err, size_t errlen)
{
    if (arg == NULL || !parse_number(arg, 1, max, width))
        return keyset_error(err, errlen, "keyset '%s': expected %s", spec, usage);
    if (*width < 8 && n > ((size_t)1 << (8 * *width)))
        return keyset_error(err, errlen, "keyset '%s': %zu keys asked, but only %zu distinct %zu-byte keys exist", spec,
                            n, (size_t)1 << (8 * *width), *width);
    if (n * *width > MAX_KEY_BYTES)
        return keyset_error(err, errlen, "keyset '%s': %zu keys of %zu bytes exceed 1 GiB", spec, n, *width);
    return true;
}

/* Each kind: arg is the text after "name:" (NULL without a colon), n the key count asked
 * (--n, or HB_DEFAULT_KEYS), keys the --n value itself (0 when not given). */
typedef bool make_fn(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                     size_t errlen);

static bool make_seq(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                     size_t errlen)
{
    (void)keys;
    const char *prefix = arg ? arg : "user:";
    if (strlen(prefix) > 1024 || n * (strlen(prefix) + 8) > MAX_KEY_BYTES)
        return keyset_error(err, errlen, "keyset '%.40s': the prefix is over 1024 bytes or the keys over 1 GiB", spec);
    build_seq(ks, prefix, n);
    ks->title = hb_xasprintf("sequential keys \"%sN\"", prefix);
    return true;
}

static bool make_ints(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                      size_t errlen)
{
    (void)keys;
    size_t width;
    if (!parse_width(spec, arg, n, 64, "ints:W with W from 1 to 64 bytes", &width, err, errlen))
        return false;
    build_ints(ks, width, n);
    ks->value_width = hb_value_width_index(width) >= 0 ? width : 0;
    ks->title = hb_xasprintf("%zu-byte little-endian integer keys 0..%zu%s", width, n - 1,
                             ks->value_width ? ", held by value" : "");
    return true;
}

static bool make_rand(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                      size_t errlen)
{
    (void)keys;
    size_t length;
    if (!parse_width(spec, arg, n, 65536, "rand:L with L from 1 to 65536 bytes", &length, err, errlen))
        return false;
    build_rand(ks, length, n);
    ks->title = hb_xasprintf("random %zu-byte keys", length);
    return true;
}

static bool make_sparse(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                        size_t errlen)
{
    (void)n;
    (void)keys;
    size_t bits, max_set;
    const char *second = arg ? strchr(arg, ':') : NULL;
    char bits_text[32];
    if (second == NULL || (size_t)(second - arg) >= sizeof bits_text)
        return keyset_error(err, errlen, "keyset '%s': expected sparse:BITS:K", spec);
    memcpy(bits_text, arg, (size_t)(second - arg));
    bits_text[second - arg] = '\0';
    if (!parse_number(bits_text, 8, 8192, &bits) || bits % 8 != 0)
        return keyset_error(err, errlen, "keyset '%s': BITS must be a multiple of 8 from 8 to 8192", spec);
    if (!parse_number(second + 1, 0, 64, &max_set) || max_set > bits)
        return keyset_error(err, errlen, "keyset '%s': K must be from 0 to min(BITS, 64)", spec);
    size_t count = sparse_count(bits, max_set);
    if (count == SIZE_MAX || count * (bits / 8) > MAX_KEY_BYTES)
        return keyset_error(err, errlen, "keyset '%s': more than %zu keys or 1 GiB of keys", spec, HB_MAX_KEYS);
    build_sparse(ks, bits, max_set, count);
    ks->title = hb_xasprintf("%zu-bit keys with at most %zu bits set", bits, max_set);
    return true;
}

static bool make_words(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                       size_t errlen)
{
    (void)keys;
    if (arg != NULL)
        return keyset_error(err, errlen, "keyset '%s': words takes no argument", spec);
    if (n > word_count_max())
        return keyset_error(err, errlen, "keyset '%s': %zu keys asked, but there are %zu", spec, n, word_count_max());
    build_words(ks, n);
    ks->title = hb_xasprintf("text keys \"FooXXXXBar\" (XXXX over [a-zA-Z0-9])");
    return true;
}

static bool make_zeros(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                       size_t errlen)
{
    (void)n;
    size_t lengths = keys ? keys : HB_DEFAULT_ZERO_LENGTHS;
    if (arg != NULL)
        return keyset_error(err, errlen, "keyset '%s': zeros takes no argument (--n sets the number of lengths)", spec);
    if (lengths > HB_MAX_ZERO_LENGTHS)
        return keyset_error(err, errlen, "keyset '%s': --n %zu is more than the %zu lengths zeros allows", spec,
                            lengths, HB_MAX_ZERO_LENGTHS);
    build_zeros(ks, lengths);
    ks->title = hb_xasprintf("all-zero keys of lengths 0..%zu", lengths - 1);
    return true;
}

static bool make_file(struct hb_keyset *ks, const char *spec, const char *arg, size_t n, size_t keys, char *err,
                      size_t errlen)
{
    (void)n;
    (void)keys;
    if (arg == NULL || *arg == '\0')
        return keyset_error(err, errlen, "keyset '%s': expected file:PATH", spec);
    if (!hb_keyset_read_file(arg, ks, err, errlen))
        return false;
    ks->title = hb_xasprintf("keys from %s%s", arg, ks->value_width ? ", held by value" : "");
    return true;
}

static const struct {
    const char *name;
    enum hb_keyset_kind kind;
    make_fn *make;
} kinds[] = {
    {"seq", HB_KEYS_SEQ, make_seq},          {"ints", HB_KEYS_INTS, make_ints},    {"rand", HB_KEYS_RAND, make_rand},
    {"sparse", HB_KEYS_SPARSE, make_sparse}, {"words", HB_KEYS_WORDS, make_words}, {"zeros", HB_KEYS_ZEROS, make_zeros},
    {"file", HB_KEYS_FILE, make_file},
};

bool hb_keyset_build(const char *spec, size_t keys, struct hb_keyset *ks, char *err, size_t errlen)
{
    memset(ks, 0, sizeof *ks);
    const char *colon = strchr(spec, ':');
    size_t head = colon ? (size_t)(colon - spec) : strlen(spec);
    size_t n = keys ? keys : HB_DEFAULT_KEYS;
    if (n > HB_MAX_KEYS)
        return keyset_error(err, errlen, "keyset '%s': %zu keys is more than the %zu allowed", spec, n, HB_MAX_KEYS);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strlen(kinds[i].name) != head || strncmp(spec, kinds[i].name, head) != 0)
            continue;
        ks->kind = kinds[i].kind;
        if (!kinds[i].make(ks, spec, colon ? colon + 1 : NULL, n, keys, err, errlen))
            return false;
        ks->spec = hb_xstrdup(spec);
        return true;
    }
    return keyset_error(err, errlen,
                        "unknown keyset '%s' (seq[:PREFIX], ints:W, rand:L, sparse:BITS:K, words, zeros, file:PATH)",
                        spec);
}

void hb_keyset_free(struct hb_keyset *ks)
{
    free(ks->spec);
    free(ks->title);
    free(ks->start);
    free(ks->len);
    free(ks->storage);
    memset(ks, 0, sizeof *ks);
}

/*
 * user_keys.h — a file of the user's own keys, read the same way by hashbench (--keys) and
 * hbspread (file:), so that both measure the same keys. Formats: lines (one key per line; the
 * '\n' ends a key, a '\r' before it is removed and counted: CRLF files give the same keys as LF
 * files; an empty line is the empty key; a last line without '\n' is a key), nul (every key ends
 * with a NUL byte, or at the end of the file) and fixed:N (N-byte keys, binary; a short tail is
 * an error). Keys are bytes: no encoding is assumed, and keys that are not UTF-8 are counted.
 *
 * Memory is bounded: at most HB_USER_KEYS_MAX keys and HB_USER_KEYS_MAX_BYTES key bytes are kept.
 * A larger file is read twice, streamed, and a fixed-seed sample of its keys is kept (each key
 * with the same probability, chosen by its position), so every tool keeps the same sample.
 */
#ifndef HB_USER_KEYS_H
#define HB_USER_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HB_USER_KEYS_MAX       ((size_t)1 << 22)
#define HB_USER_KEYS_MAX_BYTES ((size_t)128 << 20)

enum hb_keys_format { HB_KEYS_FORMAT_LINES, HB_KEYS_FORMAT_NUL, HB_KEYS_FORMAT_FIXED };

struct hb_user_keys {
    uint8_t *bytes;          /* the kept keys, back to back, in file order */
    size_t *start, *len;     /* key i is len[i] bytes at bytes + start[i] */
    size_t n;                /* keys kept */
    size_t total_bytes;      /* bytes of the kept keys */
    uint64_t file_keys;      /* keys in the file */
    uint64_t file_key_bytes; /* their bytes, separators excluded */
    uint64_t empty;          /* empty keys in the file */
    uint64_t crlf;           /* lines that ended in "\r\n" (lines format) */
    uint64_t not_utf8;       /* keys that are not valid UTF-8 (or hold a NUL byte) */
    bool sampled;            /* n < file_keys: a sample was kept */
};

/* Parses "lines", "nul" or "fixed:N" (N 1..65536). Returns false on anything else. */
bool hb_keys_format_parse(const char *text, enum hb_keys_format *format, size_t *width);

/* Reads path. Returns false with one line in err (naming the file and the reason, no program
 * prefix) for a missing, unreadable, non-regular or empty file, a fixed:N file whose size is not
 * a multiple of N, or a key longer than HB_USER_KEYS_MAX_BYTES. */
bool hb_user_keys_read(const char *path, enum hb_keys_format format, size_t width, struct hb_user_keys *keys, char *err,
                       size_t errlen);
void hb_user_keys_free(struct hb_user_keys *keys);

/* Length statistics of the kept keys: min, median, 99th percentile (nearest rank), max. */
void hb_user_keys_lengths(const struct hb_user_keys *keys, size_t *min, size_t *median, size_t *p99, size_t *max);

/* How many kept keys equal an earlier kept key. */
size_t hb_user_keys_duplicates(const struct hb_user_keys *keys);

#ifdef __cplusplus
}
#endif

#endif /* HB_USER_KEYS_H */

/*
 * hb_hash_cli.h — what the command-line tools (hbsum, hashbench, hbspread) print about the
 * registry: the message for a name that does not resolve, close-name suggestions, what this build
 * left out, and the display names and hex of hb_hash.h's values.
 */
#ifndef HB_HASH_CLI_H
#define HB_HASH_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hb_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The one-line reason a tool gives when spec does not name an entry this CPU runs, without the
 * tool's prefix or a newline. h is what the tool's look-up found for spec (NULL: nothing):
 *   unknown algorithm 'sha265' (did you mean: sha224, sha256? see hbsum --list)
 *   unknown algorithm 'qqq' (see hbsum --list)
 *   xxh3-64/inline-avx512: this CPU cannot run it (needs avx512f)
 * where_to_look ends the parenthesis ("see hbsum --list"). Returns true with the reason in msg,
 * or false when h runs here (msg is then ""). */
bool hb_describe_unusable(const char *spec, const struct hb_hash *h, const char *where_to_look, char *msg, size_t len);

/* Registry names (or name/impl when spec has a '/') close to an unknown spec, comma-separated. */
void hb_suggest(const char *spec, char *buf, size_t len);

/* What this build left out and why, e.g. "crc32/isal, crc32c/isal: libisal not found at build
 * time; ...", generated from the hb_hash_family() lines; NULL when nothing was. */
const char *hb_unbuilt_note(void);

/* Lowercase hex of n bytes into hex (2n+1 bytes). */
void hb_hex(const uint8_t *bytes, size_t n, char *hex);

const char *hb_kind_name(enum hb_kind kind);       /* "checksum", "non-crypto", "crypto", "baseline" */
const char *hb_linkage_name(enum hb_linkage link); /* "builtin", "inline", "static", "shared" */
const char *hb_output_name(enum hb_output output); /* "frozen", "versioned", "per-process" */
const char *hb_dos_name(enum hb_dos dos);          /* "none", "seeded", "seed-independent", "prf" ("unset") */

#ifdef __cplusplus
}
#endif

#endif /* HB_HASH_CLI_H */

/*
 * hb_name_lookup.h — "unknown NAME, did you mean X?": which of a list of known names are close to
 * what the user typed. A name is close when it is within max(2, strlen(typed) / 3) edits
 * (Levenshtein: insert, delete or replace one byte), or when it contains typed and typed is at
 * least three bytes long ("sha" finds "sha256"). The caller owns the list and the message; a
 * caller with a closeness rule of its own (all implementations of a known name) passes it too.
 */
#ifndef HB_NAME_LOOKUP_H
#define HB_NAME_LOOKUP_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The Levenshtein distance of a and b, counted in bytes. */
size_t hb_edit_distance(const char *a, const char *b);

/* Whether candidate is close to typed, by the rule above. */
bool hb_name_is_close(const char *typed, const char *candidate);

/* An extra closeness rule of the caller's: whether candidate should be suggested for typed. */
typedef bool hb_also_close_fn(const char *typed, const char *candidate, void *arg);

/* Writes into buf (len bytes, len > 0) the names of names[0..count) close to typed (by the rule
 * above, or by also_close when it is not NULL), comma-separated as "a, b", in list order and each
 * distinct name once; names that would not fit are left out. buf is "" when none is close.
 * Returns the number of names written. */
size_t hb_suggest_names(const char *typed, const char *const *names, size_t count, hb_also_close_fn *also_close,
                        void *arg, char *buf, size_t len);

/* The one closest of names[0..count) among those close to typed: the smallest edit distance, the
 * earliest in the list on a tie; NULL when none is close. */
const char *hb_closest_name(const char *typed, const char *const *names, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* HB_NAME_LOOKUP_H */

/* intern.h — string and tuple interning: every name, unit, label and key hbstat handles becomes a
 * small integer id, so grouping samples is integer hashing and equality is id equality. */
#ifndef HB_INTERN_H
#define HB_INTERN_H

#include <stddef.h>
#include <stdint.h>

/* An interned string. Id 0 is always the empty string. */
typedef uint32_t hb_str;
/* An interned tuple of uint32 values (a key or a config list). Id 0 is always the empty tuple. */
typedef uint32_t hb_tuple;

struct hb_intern;

/* Creates an empty interner (aborts on allocation failure, as every allocator in hbstat does). */
struct hb_intern *hb_intern_new(void);
void hb_intern_free(struct hb_intern *in);

/* Returns the id of the len bytes at text (which need not be NUL-terminated); equal text, equal id. */
hb_str hb_intern_str(struct hb_intern *in, const char *text, size_t len);
/* Interns a benchmark name, keeping every byte: a NUL (which would cut the name wherever it is
 * printed) becomes the four characters \x00, so names that differ only after a NUL stay apart. */
hb_str hb_intern_name(struct hb_intern *in, const char *text, size_t len);
/* Same as hb_intern_str, for a NUL-terminated string. */
hb_str hb_intern_cstr(struct hb_intern *in, const char *text);
/* The NUL-terminated text of an id returned by this interner; valid until hb_intern_free. */
const char *hb_str_text(const struct hb_intern *in, hb_str id);
size_t hb_str_len(const struct hb_intern *in, hb_str id);

/* Returns the id of the tuple vals[0..n); equal contents, equal id. */
hb_tuple hb_intern_tuple(struct hb_intern *in, const uint32_t *vals, size_t n);
/* The elements of a tuple id; *n receives the count. Valid until hb_intern_free. */
const uint32_t *hb_tuple_vals(const struct hb_intern *in, hb_tuple id, size_t *n);

#endif

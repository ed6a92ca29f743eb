/* json_nonfinite.h — Google Benchmark writes bare NaN, Infinity and -Infinity, which are not JSON.
 * This lexical pass rewrites them, outside strings and in place, to same-length numbers yajl
 * accepts: Infinity -> 1E999999 (reads back as infinity) and NaN -> 0E0, a spelling Google
 * Benchmark never writes (it prints exponents in lower case), which the reader maps back to NaN. */
#ifndef HB_JSON_NONFINITE_H
#define HB_JSON_NONFINITE_H

#include <stdbool.h>
#include <stddef.h>

/* The raw number text the reader takes for NaN. */
#define HB_JSON_NAN_SPELLING "0E0"

struct hb_json_lexstate {
    bool in_string, escape_pending;
    size_t string_bytes; /* of the string open at the end of what was passed, so far */
};

/* Rewrites buf[0..len), continuing from *st. Returns how many bytes are final: a possible NaN or
 * Infinity token cut off at the end is held back (the caller passes it again, followed by the next
 * bytes) unless at_eof. Lengths never change, so byte offsets stay those of the file. */
size_t hb_json_rewrite_nonfinite(struct hb_json_lexstate *st, char *buf, size_t len, bool at_eof);

#endif

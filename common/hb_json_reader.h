/*
 * hb_json_reader.h — the one bounded JSON path reader, the twin of hb_json_writer.h: yajl's
 * streaming parser underneath, the path from the top to the current value kept on a stack of map
 * keys and array indexes, and each event handed to the caller with that path. Nothing but the
 * path is kept, so a reader holds only what it picks out of the document.
 *
 * Hostile input is refused with one line naming the file and why: nesting deeper than the
 * caller's limit, a string or key longer than its limit, malformed or truncated text. The caller
 * owns the bytes (a file read in chunks, hbstat's input) and feeds them in any split; the reader
 * holds the path stack, and yajl holds one token that spans two feeds. A string is measured once
 * yajl has it whole, and a number is not measured: a caller that must bound that buffer too
 * (hbstat) bounds the token left open at the end of what it feeds.
 */
#ifndef HB_JSON_READER_H
#define HB_JSON_READER_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes of a key a path step keeps: a longer key is cut to fit (key_len says how much was
 * kept), which no reader's member names come near. */
enum { HB_JSON_KEY_KEPT = 256 };

/* An array's element in hb_json_at's components. */
#define HB_JSON_ELEMENT "[]"

struct hb_json_step {
    bool is_map;
    size_t index;   /* in an array: the current element, from 0 */
    bool started;   /* in an array: it has had an element */
    size_t key_len; /* in a map: the current key, NUL-terminated, cut to HB_JSON_KEY_KEPT bytes */
    char key[HB_JSON_KEY_KEPT + 1];
};

/* The containers open around the current event, outermost first: steps[depth - 1] is the
 * innermost, holding the key (or index) of the value being read. */
struct hb_json_path {
    int depth;
    const struct hb_json_step *steps;
};

enum hb_json_event {
    /* Scalars, with text and len: "null", "true", "false", a number as written, a string's bytes
     * (which may hold NUL). The path ends at the value's key or index. */
    HB_JSON_NULL,
    HB_JSON_BOOL,
    HB_JSON_NUMBER,
    HB_JSON_STRING,
    /* A map's key, with text and len (uncut): the path's last step is that map, its key set. */
    HB_JSON_KEY,
    /* A container opening (before it is entered) or closing (after it is left): the path ends at
     * the container's own key or index, as a scalar's would. */
    HB_JSON_MAP_OPEN,
    HB_JSON_MAP_CLOSE,
    HB_JSON_ARRAY_OPEN,
    HB_JSON_ARRAY_CLOSE,
};

struct hb_json_reader;

/* The caller's handler: nonzero to go on, 0 to stop the document (with hb_json_fail, or with an
 * error of the caller's own). text is NULL for the container events. */
typedef int (*hb_json_handler)(void *arg, const struct hb_json_path *path, enum hb_json_event event, const char *text,
                               size_t len);

struct hb_json_limits {
    int max_depth;     /* containers open at once */
    size_t max_string; /* bytes of one string or key */
};

/* A reader of one document; path names it in every error (never NULL: allocation failure ends the
 * program, see hb_alloc.h). */
struct hb_json_reader *hb_json_reader_new(const char *path, struct hb_json_limits limits, hb_json_handler handler,
                                          void *arg);
void hb_json_reader_free(struct hb_json_reader *r);

/* Parses the next len bytes. Returns 0, or -1 when the document stopped (a handler's 0, a limit,
 * malformed text); the bytes of this call yajl took before it stopped are in consumed. */
int hb_json_reader_feed(struct hb_json_reader *r, const char *buf, size_t len, size_t *consumed);
/* Ends the document: -1 when it is incomplete (or a handler stopped it at the end). */
int hb_json_reader_finish(struct hb_json_reader *r);

/* Why the document stopped, one line for the caller to free: the reader's own error (a limit,
 * hb_json_fail's), else yajl's "PATH: malformed JSON: ..." or, after hb_json_reader_finish,
 * "PATH: truncated: the JSON text ends early (...)". where, when not NULL, says where in the file
 * ("line 4, column 62") and goes into the syntax messages. A handler that stopped the document
 * with an error of its own keeps it; this then says only "PATH: malformed". */
char *hb_json_reader_error(struct hb_json_reader *r, const char *where);

/* Whether the document stopped on malformed or truncated text (not a limit or a handler), the one
 * case where hb_json_reader_error uses where: a caller that finds it by reading the file again
 * does so only then. */
bool hb_json_reader_malformed(const struct hb_json_reader *r);

/* Records "PATH: " and the formatted reason as the reader's error (the first one wins) and
 * returns 0, for a handler to return. */
int hb_json_fail(struct hb_json_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether the path is exactly the n components given: map keys, or HB_JSON_ELEMENT for an
 * array's element. */
bool hb_json_at(const struct hb_json_path *path, int n, ...);

#ifdef __cplusplus
}
#endif

#endif /* HB_JSON_READER_H */

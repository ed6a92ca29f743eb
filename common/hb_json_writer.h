/*
 * hb_json_writer.h — the one JSON writer, built on yajl_gen, so that every tool escapes strings
 * and nests containers the same way, in one layout: yajl_gen's beautified document with a
 * two-space indent, every member and array element on its own line, and a final newline. Programs
 * read it with a JSON parser; a script that needs a value asks a tool for it instead (hbstat
 * -format tsv, -context).
 *
 * Strings are written as given, bytes above 0x7f unchanged (no UTF-8 validation); '"' and '\'
 * are escaped, as are the control characters (\b \f \n \r \t, the others and NUL as \u00XX).
 * A call out of place (a key outside a map, a value where a key belongs, closing what is not
 * open) is a caller's mistake: the writer then refuses the document (hb_json_writer_text).
 */
#ifndef HB_JSON_WRITER_H
#define HB_JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct hb_json_writer;

/* A writer for one document (never NULL: allocation failure ends the program, see hb_alloc.h). */
struct hb_json_writer *hb_json_writer_new(void);
void hb_json_writer_free(struct hb_json_writer *w);

void hb_json_map_open(struct hb_json_writer *w);
void hb_json_map_close(struct hb_json_writer *w);
void hb_json_array_open(struct hb_json_writer *w);
void hb_json_array_close(struct hb_json_writer *w);
/* A map's key; the next call writes its value. */
void hb_json_key(struct hb_json_writer *w, const char *key);
void hb_json_string(struct hb_json_writer *w, const char *s);
/* len bytes of s, which may hold NUL bytes. */
void hb_json_string_n(struct hb_json_writer *w, const char *s, size_t len);
/* A number the caller formatted (e.g. "%.17g"), written as it is: it must be valid JSON. */
void hb_json_number_text(struct hb_json_writer *w, const char *text);
void hb_json_uint64(struct hb_json_writer *w, uint64_t v);
void hb_json_int64(struct hb_json_writer *w, int64_t v);
void hb_json_bool(struct hb_json_writer *w, bool v);
void hb_json_null(struct hb_json_writer *w);

/* The finished document and its length (len may be NULL), owned by the writer; NULL when the
 * document is not complete or a call was out of place. */
const char *hb_json_writer_text(struct hb_json_writer *w, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* HB_JSON_WRITER_H */

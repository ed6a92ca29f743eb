/* chunked_file.h — reading one input file (or standard input for "-") in chunks, so that memory never
 * grows with the size of the text. */
#ifndef HB_CHUNKED_FILE_H
#define HB_CHUNKED_FILE_H

#include <stdbool.h>
#include <stddef.h>

enum { HB_INPUT_CHUNK = 1 << 20 };

struct hb_input {
    const char *path; /* as given, for messages */
    int fd;
    char *buf; /* buf[0..len) holds unconsumed bytes */
    size_t len, cap;
    size_t offset; /* file offset of buf[0] */
    bool eof;
    char *heap; /* the read buffer (buf points into it unless mapped) */
    char *map;  /* the current mapped window, if any */
    size_t map_len;
    size_t file_size; /* of a regular file, else 0 */
    bool regular;
    struct gzFile_s *gz; /* a gzip-compressed regular file is read through zlib, never mapped */
};

/* Opens path ("-" is standard input). A regular file that starts with gzip's magic bytes (1f 8b) is
 * decompressed as it is read, so every limit of the readers applies to its decompressed text.
 * Returns 0, or -1 with *error ("PATH: cannot open: reason"). */
int hb_input_open(struct hb_input *in, const char *path, char **error);
/* Appends up to HB_INPUT_CHUNK more bytes to buf. Returns the number read (0 at end of file, which
 * also sets eof), or -1 with *error ("PATH: cannot read: reason"). */
long hb_input_fill(struct hb_input *in, char **error);
/* Drops buf[0..n). */
void hb_input_consume(struct hb_input *in, size_t n);

/* Makes buf[0..len) the next stretch of input, starting with the bytes not consumed yet. A
 * regular file is mapped privately, HB_INPUT_WINDOW bytes at a time (writable, so a reader may
 * rewrite bytes in place; the file is never changed), which saves copying; other inputs are read
 * with hb_input_fill. Returns the number of new bytes (0 at end of input), or -1 with *error. */
long hb_input_advance(struct hb_input *in, char **error);
enum { HB_INPUT_WINDOW = 8 << 20 };
void hb_input_close(struct hb_input *in);

/* Writes where byte `offset` of the file at path is (in its decompressed text when it is gzipped),
 * as "line L, column C" (found by reading the file again: only errors need it, so reading stays
 * free of line counting), or as "byte offset N" for standard input or a file that cannot be read
 * again. */
void hb_input_describe_offset(const char *path, size_t offset, char *out, size_t size);
#endif

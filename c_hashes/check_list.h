/*
 * check_list.h — reading a checksum list ("<hex>  <name>" lines, as hbsum and sha256sum write
 * them) with a bound on the line length, so that an endless line (/dev/zero) stops at the bound.
 */
#ifndef HB_CHECK_LIST_H
#define HB_CHECK_LIST_H

#include <stdbool.h>
#include <stddef.h>

/* The longest line a list may hold, newline excluded: a 512-bit digest and a name of PATH_MAX
 * bytes, every byte escaped, fit with room to spare. */
#define HB_CHECK_MAX_LINE ((size_t)64 * 1024)

struct hb_line_reader {
    int fd;
    char *buf;         /* HB_CHECK_MAX_LINE + 2 bytes: a whole line, its newline and a NUL */
    size_t start, len; /* unconsumed bytes are buf[start..start+len) */
    bool eof;
    size_t line_number; /* of the line last returned */
};

/* Reads lines from fd (not closed by the reader). */
void hb_line_reader_init(struct hb_line_reader *r, int fd);
void hb_line_reader_free(struct hb_line_reader *r);

enum hb_line_result { HB_LINE_OK, HB_LINE_END, HB_LINE_TOO_LONG, HB_LINE_READ_ERROR };
/* The next line, '\n' removed, NUL-terminated in place (*len bytes, which may hold NULs).
 * HB_LINE_TOO_LONG as soon as a line passes HB_CHECK_MAX_LINE bytes; HB_LINE_READ_ERROR with
 * errno set. */
enum hb_line_result hb_line_next(struct hb_line_reader *r, char **line, size_t *len);

/* Parses "<hex>  <name>", "<hex> *<name>" or the escaped "\<hex>  <name>" form of line[0..len)
 * in place, for a digest of hex_len hex digits (lower-cased in place). Returns the name, or NULL
 * when the line is not in that form (a NUL byte in it included); *hex_out gets the digest. */
char *hb_check_line_parse(char *line, size_t len, size_t hex_len, char **hex_out);

#endif

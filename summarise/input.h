/* input.h — reading one input file (or standard input for "-") in chunks, so that memory never
 * grows with the size of the text. */
#ifndef HB_INPUT_H
#define HB_INPUT_H

#include <stdbool.h>
#include <stddef.h>

enum { HB_INPUT_CHUNK = 1 << 20 };

struct hb_input {
	const char *path; /* as given, for messages */
	int fd;
	char *buf;        /* buf[0..len) holds unconsumed bytes */
	size_t len, cap;
	size_t offset;    /* file offset of buf[0] */
	bool eof;
};

/* Opens path ("-" is standard input). Returns 0, or -1 with *error ("PATH: cannot open: reason"). */
int hb_input_open(struct hb_input *in, const char *path, char **error);
/* Appends up to HB_INPUT_CHUNK more bytes to buf. Returns the number read (0 at end of file, which
 * also sets eof), or -1 with *error ("PATH: cannot read: reason"). */
long hb_input_fill(struct hb_input *in, char **error);
/* Drops buf[0..n), moving the rest to the front. */
void hb_input_consume(struct hb_input *in, size_t n);
void hb_input_close(struct hb_input *in);

#endif

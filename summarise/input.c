/* input.c — buffered reads with read(2); the buffer holds at most one chunk plus what a reader
 * has not consumed yet (one unfinished line or token). */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xalloc.h"

int hb_input_open(struct hb_input *in, const char *path, char **error)
{
	*in = (struct hb_input){.path = path, .fd = -1};
	if (strcmp(path, "-") == 0) {
		in->fd = STDIN_FILENO;
		return 0;
	}
	in->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (in->fd < 0) {
		*error = hb_xasprintf("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

long hb_input_fill(struct hb_input *in, char **error)
{
	if (in->eof)
		return 0;
	hb_grow((void **)&in->buf, &in->cap, in->len + HB_INPUT_CHUNK, 1);
	ssize_t n;
	do
		n = read(in->fd, in->buf + in->len, HB_INPUT_CHUNK);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		*error = hb_xasprintf("%s: cannot read: %s", in->path, strerror(errno));
		return -1;
	}
	if (n == 0)
		in->eof = true;
	in->len += (size_t)n;
	return n;
}

void hb_input_consume(struct hb_input *in, size_t n)
{
	memmove(in->buf, in->buf + n, in->len - n);
	in->len -= n;
	in->offset += n;
}

void hb_input_close(struct hb_input *in)
{
	if (in->fd > STDIN_FILENO)
		close(in->fd);
	free(in->buf);
	in->buf = NULL;
}

/* read_path.c — one input from its path: open, tell the format from the first non-blank byte ('{'
 * or '[' is JSON, anything else Go text), and hand the stream to the JSON or Go text reader. */
#include <string.h>

#include "reader.h"
#include "xalloc.h"

int hb_read_path(const char *path, struct hb_read_context *ctx, char **error)
{
	struct hb_input in;
	if (hb_input_open(&in, path, error))
		return -1;
	int rc = -1;
	size_t first = 0;
	for (;;) {
		while (first < in.len && strchr(" \t\r\n", in.buf[first]))
			first++;
		if (first < in.len || in.eof)
			break;
		if (hb_input_fill(&in, error) < 0)
			goto done;
	}
	if (first == in.len) {
		*error = hb_xasprintf("%s: empty file", path);
		goto done;
	}
	bool json = in.buf[first] == '{' || in.buf[first] == '[';
	rc = json ? hb_read_gbench_json(&in, ctx, error) : hb_read_gotext(&in, ctx, error);
done:
	hb_input_close(&in);
	return rc;
}

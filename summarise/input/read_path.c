/* read_path.c — one input from its path: open, tell the format from the first non-blank byte ('{'
 * or '[' is JSON, anything else Go text), and hand the stream to the JSON or Go text reader. The
 * blank bytes skipped are consumed as they go, and at most HB_MAX_LEADING_BLANK of them are read,
 * so an endless blank stream (yes ' ') ends with an error instead of growing the buffer. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "xalloc.h"

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int hb_read_path(const char *path, struct hb_read_context *ctx, char **error)
{
    ctx->machine_variation = NAN;
    ctx->counted = false;
    struct hb_input in;
    if (hb_input_open(&in, path, error))
        return -1;
    int rc = -1;
    for (;;) {
        size_t first = 0;
        while (first < in.len && is_blank(in.buf[first]))
            first++;
        if (first)
            hb_input_consume(&in, first);
        if (in.len || in.eof)
            break;
        if (in.offset > HB_MAX_LEADING_BLANK) {
            *error = hb_xasprintf("%s: more than %d bytes of blank space before any content, the most allowed", path,
                                  HB_MAX_LEADING_BLANK);
            goto done;
        }
        if (hb_input_fill(&in, error) < 0)
            goto done;
    }
    if (in.len == 0) {
        *error = hb_xasprintf(in.offset ? "%s: empty file (only blank space)" : "%s: empty file", path);
        goto done;
    }
    bool json = in.buf[0] == '{' || in.buf[0] == '[';
    rc = json ? hb_read_gbench_json(&in, ctx, error) : hb_read_gotext(&in, ctx, error);
done:
    hb_input_close(&in);
    return rc;
}

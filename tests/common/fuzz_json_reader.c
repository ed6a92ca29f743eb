/* fuzz_json_reader.c — libFuzzer target for common's JSON path reader: the bytes after the first
 * are the document, fed in pieces whose size the first byte picks, under small limits. Checks what
 * must hold for any input: no event deeper than the depth limit, no string or key past the length
 * limit, no key kept past its bound, containers opened and closed in pairs on an accepted
 * document, and a refusal that is one line naming the file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hb_json_reader.h"

enum { MAX_DEPTH = 8 };

struct seen {
    int open;
};

static int check(void *arg, const struct hb_json_path *path, enum hb_json_event event, const char *text, size_t len)
{
    struct seen *s = arg;
    if (path->depth < 0 || path->depth > MAX_DEPTH)
        abort();
    for (int i = 0; i < path->depth; i++)
        if (path->steps[i].key_len > HB_JSON_KEY_KEPT || path->steps[i].key[path->steps[i].key_len] != '\0')
            abort();
    if ((event == HB_JSON_MAP_OPEN || event == HB_JSON_ARRAY_OPEN || event == HB_JSON_MAP_CLOSE ||
         event == HB_JSON_ARRAY_CLOSE) != (text == NULL))
        abort();
    if ((event == HB_JSON_STRING || event == HB_JSON_KEY) && len > 64)
        abort();
    s->open += event == HB_JSON_MAP_OPEN || event == HB_JSON_ARRAY_OPEN;
    s->open -= event == HB_JSON_MAP_CLOSE || event == HB_JSON_ARRAY_CLOSE;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t piece = (size_t)data[0] % 17 + 1;
    const char *doc = (const char *)data + 1;
    size_t len = size - 1;
    struct seen s = {0};
    struct hb_json_reader *r = hb_json_reader_new("fuzz.json", (struct hb_json_limits){MAX_DEPTH, 64}, check, &s);
    int rc = 0;
    for (size_t at = 0; at < len && rc == 0; at += piece)
        rc = hb_json_reader_feed(r, doc + at, len - at < piece ? len - at : piece, NULL);
    if (rc == 0)
        rc = hb_json_reader_finish(r);
    if (rc == 0 && s.open != 0)
        abort();
    if (rc != 0) {
        char *error = hb_json_reader_error(r, hb_json_reader_malformed(r) ? "line 1, column 1" : NULL);
        if (strncmp(error, "fuzz.json: ", 11) != 0 || strchr(error, '\n'))
            abort();
        free(error);
    }
    hb_json_reader_free(r);
    return 0;
}

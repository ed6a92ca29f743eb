/* json_nonfinite.c — strings are skipped with memchr (they are most of a Google Benchmark file);
 * the bytes between them are looked at one by one for 'N' and 'I'. */
#include "json_nonfinite.h"

#include <string.h>

/* Skips string content from buf[i]; returns the index after the closing quote, or len. */
static size_t skip_string(struct hb_json_lexstate *st, const char *buf, size_t i, size_t len)
{
	if (st->escape_pending && i < len) {
		st->escape_pending = false;
		i++;
	}
	while (i < len) {
		const char *quote = memchr(buf + i, '"', len - i);
		size_t end = quote ? (size_t)(quote - buf) : len;
		const char *backslash = memchr(buf + i, '\\', end - i);
		if (!backslash) {
			if (!quote)
				return len;
			st->in_string = false;
			return end + 1;
		}
		i = (size_t)(backslash - buf) + 2;
		if (i > len) {
			st->escape_pending = true;
			return len;
		}
	}
	return len;
}

size_t hb_json_rewrite_nonfinite(struct hb_json_lexstate *st, char *buf, size_t len, bool at_eof)
{
	size_t i = 0;
	while (i < len) {
		if (st->in_string) {
			i = skip_string(st, buf, i, len);
			continue;
		}
		char c = buf[i];
		if (c == '"') {
			st->in_string = true;
			i++;
		} else if (c == 'N' || c == 'I') {
			const char *word = c == 'N' ? "NaN" : "Infinity";
			const char *spelling = c == 'N' ? HB_JSON_NAN_SPELLING : "1E999999";
			size_t n = strlen(word);
			if (len - i < n && !at_eof)
				return i; /* may continue in the next chunk */
			if (len - i >= n && memcmp(buf + i, word, n) == 0) {
				memcpy(buf + i, spelling, n);
				i += n;
			} else {
				i++; /* not ours: yajl will report it */
			}
		} else {
			i++;
		}
	}
	return len;
}

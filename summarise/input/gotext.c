/* gotext.c — Go benchmark text (golang.org/design/14313-benchmark-format), line by line:
 * "key: value" lines set the file configuration from there on, "Benchmark<Name> <iterations>
 * <value> <unit>..." lines are results (units tidied to base units), everything else is ignored.
 * A malformed benchmark line is noted and skipped, as benchstat does. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parse_double.h"
#include "reader.h"
#include "units.h"
#include "xalloc.h"

struct text_state {
    struct hb_read_context *ctx;
    const char *path;
    size_t line_number;
    uint32_t *config; /* pairs, in order of first setting */
    size_t nconfig, config_cap;
    hb_tuple config_id;
    bool config_dirty;
    struct hb_value *values;
    size_t values_cap;
    size_t benchmark_lines, results, nonfinite;
};

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n';
}

/* Splits the next white-space-delimited field off *line (of *len bytes). */
static bool next_field(const char **line, size_t *len, const char **field, size_t *flen)
{
    const char *p = *line, *end = *line + *len;
    while (p < end && is_space(*p))
        p++;
    const char *start = p;
    while (p < end && !is_space(*p))
        p++;
    *field = start;
    *flen = (size_t)(p - start);
    *len = (size_t)(end - p);
    *line = p;
    return *flen > 0;
}

static void set_config(struct text_state *s, const char *key, size_t klen, const char *val, size_t vlen)
{
    struct hb_intern *in = s->ctx->in;
    hb_str k = hb_intern_str(in, key, klen);
    size_t i = 0;
    while (i < s->nconfig && s->config[i] != k)
        i += 2;
    if (vlen == 0) { /* "key:" alone deletes the key */
        if (i < s->nconfig) {
            memmove(&s->config[i], &s->config[i + 2], (s->nconfig - i - 2) * sizeof *s->config);
            s->nconfig -= 2;
        }
    } else if (i < s->nconfig) {
        s->config[i + 1] = hb_intern_str(in, val, vlen);
    } else {
        hb_grow((void **)&s->config, &s->config_cap, s->nconfig + 2, sizeof *s->config);
        s->config[s->nconfig++] = k;
        s->config[s->nconfig++] = hb_intern_str(in, val, vlen);
    }
    s->config_dirty = true;
}

/* "key: value": the key starts with a lower-case letter and holds no space or upper-case letter;
 * one or more blanks follow the colon unless the value is empty. */
static bool try_config_line(struct text_state *s, const char *line, size_t len)
{
    if (!len || !(islower((unsigned char)line[0]) || (unsigned char)line[0] >= 0x80))
        return false;
    size_t i = 0;
    for (; i < len && line[i] != ':'; i++)
        if (is_space(line[i]) || isupper((unsigned char)line[i]))
            return false;
    if (i == len || i == 0)
        return false;
    const char *val = line + i + 1;
    size_t vlen = len - i - 1;
    if (vlen && val[0] != ' ' && val[0] != '\t')
        return false;
    while (vlen && (val[0] == ' ' || val[0] == '\t')) {
        val++;
        vlen--;
    }
    set_config(s, line, i, val, vlen);
    return true;
}

static void note(struct text_state *s, const char *msg)
{
    fprintf(s->ctx->notes, "hbstat: %s:%zu: %s\n", s->path, s->line_number, msg);
}

/* A result line; 0, or -1 with *error for what no benchmark can have (a negative iteration count
 * or time), which would otherwise pass for a measurement. */
static int benchmark_line(struct text_state *s, const char *line, size_t len, char **error)
{
    struct hb_intern *in = s->ctx->in;
    s->benchmark_lines++;
    line += 9; /* "Benchmark" */
    len -= 9;
    const char *name, *field;
    size_t name_len, flen;
    next_field(&line, &len, &name, &name_len);
    if (!next_field(&line, &len, &field, &flen)) {
        note(s, "missing iteration count");
        return 0;
    }
    bool negative = flen > 1 && field[0] == '-';
    for (size_t i = negative; i < flen; i++) {
        if (!isdigit((unsigned char)field[i])) {
            note(s, "parsing iteration count: invalid syntax");
            return 0;
        }
    }
    hb_str name_id = hb_intern_name(in, name, name_len);
    if (negative) {
        *error = hb_xasprintf("%s:%zu: Benchmark%s: negative iteration count %.*s", s->path, s->line_number,
                              hb_str_text(in, name_id), (int)(flen < 40 ? flen : 40), field);
        return -1;
    }
    size_t n = 0;
    while (next_field(&line, &len, &field, &flen)) {
        double v;
        if (!hb_parse_double(field, flen, &v)) {
            note(s, "parsing measurement: invalid syntax");
            return 0;
        }
        const char *unit;
        size_t ulen;
        if (!next_field(&line, &len, &unit, &ulen)) {
            note(s, "missing units");
            return 0;
        }
        char tidy[256];
        double factor = hb_unit_tidy(unit, ulen, tidy, sizeof tidy);
        hb_str orig = hb_intern_str(in, unit, ulen);
        hb_str tidied = hb_intern_cstr(in, tidy);
        v *= factor;
        if (v < 0 && strcmp(tidy, "sec/op") == 0) {
            *error = hb_xasprintf("%s:%zu: Benchmark%s: negative time %.*s %.*s", s->path, s->line_number,
                                  hb_str_text(in, name_id), (int)(flen < 40 ? flen : 40), field,
                                  (int)(ulen < 40 ? ulen : 40), unit);
            return -1;
        }
        if (!isfinite(v)) {
            s->nonfinite++;
            continue;
        }
        hb_grow((void **)&s->values, &s->values_cap, n + 1, sizeof *s->values);
        s->values[n++] = (struct hb_value){v, tidied, orig == tidied ? 0 : orig};
    }
    if (!n) {
        note(s, "missing measurements");
        return 0;
    }
    if (s->config_dirty) {
        s->config_id = hb_intern_tuple(in, s->config, s->nconfig);
        s->config_dirty = false;
    }
    struct hb_origin o = {{hb_str_text(in, name_id), hb_str_len(in, name_id), true}, s->ctx->label, s->config_id};
    hb_collector_add(s->ctx->collector, &o, name_id, s->values, n);
    s->results++;
    return 0;
}

/* True when line[0..len) is valid UTF-8 (the format accepts nothing else). */
static bool valid_utf8(const unsigned char *p, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = p[i];
        size_t extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : 9;
        if (extra == 9 || i + extra >= len + (extra ? 0 : 1))
            return false;
        if (extra == 1 && c < 0xc2)
            return false;
        for (size_t k = 1; k <= extra; k++)
            if ((p[i + k] & 0xc0) != 0x80)
                return false;
        i += extra + 1;
    }
    return true;
}

static int handle_line(struct text_state *s, const char *line, size_t len, char **error)
{
    s->line_number++;
    if (len && line[len - 1] == '\r')
        len--;
    if (!valid_utf8((const unsigned char *)line, len)) {
        *error = hb_xasprintf("%s:%zu: not UTF-8 text (neither Go benchmark text nor Google Benchmark JSON)", s->path,
                              s->line_number);
        return -1;
    }
    if (len >= 9 && memcmp(line, "Benchmark", 9) == 0)
        return benchmark_line(s, line, len, error);
    else
        try_config_line(s, line, len);
    return 0;
}

/* The error for a line past HB_MAX_LINE bytes (its '\n' and a '\r' before it not counted). */
static int line_too_long(struct text_state *s, char **error)
{
    *error = hb_xasprintf("%s:%zu: line longer than %d bytes (1 MiB), the longest line allowed", s->path,
                          s->line_number + 1, HB_MAX_LINE);
    return -1;
}

int hb_read_gotext(struct hb_input *in, struct hb_read_context *ctx, char **error)
{
    struct text_state s = {.ctx = ctx, .path = in->path, .config_dirty = true};
    int rc = 0;
    for (;;) {
        size_t start = 0;
        for (;;) {
            const char *nl = memchr(in->buf + start, '\n', in->len - start);
            if (!nl)
                break;
            size_t end = (size_t)(nl - in->buf);
            size_t len = end - start - (end > start && in->buf[end - 1] == '\r');
            if (len > HB_MAX_LINE) {
                rc = line_too_long(&s, error);
                goto done;
            }
            if ((rc = handle_line(&s, in->buf + start, end - start, error)))
                goto done;
            start = end + 1;
        }
        hb_input_consume(in, start);
        /* What is left is one unfinished line: past the limit (a '\r' may still end it) it is an
		 * error now, before more of it is read. */
        if (in->len > HB_MAX_LINE + 1 || (in->len == HB_MAX_LINE + 1 && in->buf[HB_MAX_LINE] != '\r')) {
            rc = line_too_long(&s, error);
            goto done;
        }
        if (in->eof) {
            if (in->len && (rc = handle_line(&s, in->buf, in->len, error)))
                goto done;
            hb_input_consume(in, in->len);
            break;
        }
        if (hb_input_fill(in, error) < 0) {
            rc = -1;
            goto done;
        }
    }
    if (!s.benchmark_lines) {
        *error = hb_xasprintf("%s: neither Google Benchmark JSON nor Go benchmark text (no line starts with "
                              "\"Benchmark\")",
                              in->path);
        rc = -1;
    } else if (!s.results) {
        *error = hb_xasprintf("%s: no valid benchmark result in %zu \"Benchmark\" lines", in->path, s.benchmark_lines);
        rc = -1;
    } else if (s.nonfinite) {
        fprintf(ctx->notes, "hbstat: %s: %zu NaN or infinite values left out\n", in->path, s.nonfinite);
    }
done:
    free(s.config);
    free(s.values);
    return rc;
}

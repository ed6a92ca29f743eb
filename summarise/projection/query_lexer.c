/* query_lexer.c — benchstat's tokenizer for filter and projection queries. */
#include "query_lexer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hb_strbuf.h"
#include "xalloc.h"

static bool is_op(char c)
{
    return c == '(' || c == ')' || c == ':' || c == '@' || c == ',';
}

void hb_lex_fail(struct hb_lexer *lx, size_t off, const char *msg)
{
    if (!lx->error)
        lx->error = hb_xasprintf("%s: %s at offset %zu in \"%s\"", lx->flag, msg, off, lx->query);
}

static struct hb_token regexp_token(struct hb_lexer *lx, size_t i, size_t *after)
{
    const char *q = lx->query;
    /* Up to the first '/' outside brackets and parentheses, skipping escapes. */
    size_t j = i + 1;
    int brackets = 0, parens = 0;
    for (; q[j] && !(q[j] == '/' && !brackets && !parens); j++) {
        if (q[j] == '\\' && q[j + 1])
            j++;
        else if (q[j] == '[')
            brackets++;
        else if (q[j] == ']' && brackets)
            brackets--;
        else if (q[j] == '(' && !brackets)
            parens++;
        else if (q[j] == ')' && !brackets)
            parens--;
    }
    if (!q[j]) {
        hb_lex_fail(lx, i, "missing close \"/\"");
        *after = j;
        return (struct hb_token){0, j, NULL};
    }
    char next = q[j + 1];
    if (next && !isspace((unsigned char)next) && !is_op(next) && next != '-' && next != '*') {
        hb_lex_fail(lx, j + 1, "regexp must be followed by space or an operator (unescaped \"/\"?)");
        *after = j + 1;
        return (struct hb_token){0, j, NULL};
    }
    *after = j + 1;
    return (struct hb_token){'r', i, hb_xstrndup(q + i + 1, j - i - 1)};
}

static struct hb_token quoted_token(struct hb_lexer *lx, size_t i, size_t *after)
{
    const char *q = lx->query;
    struct hb_strbuf b = {0};
    size_t j = i + 1;
    for (; q[j] && q[j] != '"'; j++) {
        char c = q[j];
        if (c == '\\' && q[j + 1]) {
            c = q[++j];
            c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
        }
        hb_strbuf_append(&b, &c, 1);
    }
    if (!q[j]) {
        hb_lex_fail(lx, i, "missing end quote");
        hb_strbuf_free(&b);
        *after = j;
        return (struct hb_token){0, j, NULL};
    }
    *after = j + 1;
    return (struct hb_token){'q', i, b.text ? b.text : hb_xstrdup("")};
}

struct hb_token hb_lex_peek(struct hb_lexer *lx, bool allow_regexp, size_t *after)
{
    const char *q = lx->query;
    size_t i = lx->pos;
    while (q[i] && isspace((unsigned char)q[i]))
        i++;
    if (!q[i] || lx->error) {
        *after = i;
        return (struct hb_token){0, i, NULL};
    }
    if (is_op(q[i]) || q[i] == '-' || q[i] == '*') {
        *after = i + 1;
        return (struct hb_token){q[i], i, NULL};
    }
    if (allow_regexp && q[i] == '/')
        return regexp_token(lx, i, after);
    if (q[i] == '"')
        return quoted_token(lx, i, after);
    size_t j = i;
    while (q[j] && !isspace((unsigned char)q[j]) && !is_op(q[j]))
        j++;
    struct hb_token t = {'w', i, hb_xstrndup(q + i, j - i)};
    if (strcmp(t.text, "AND") == 0)
        t.kind = 'A';
    else if (strcmp(t.text, "OR") == 0)
        t.kind = 'O';
    *after = j;
    return t;
}

struct hb_token hb_lex_next(struct hb_lexer *lx, bool allow_regexp)
{
    size_t after;
    struct hb_token t = hb_lex_peek(lx, allow_regexp, &after);
    lx->pos = after;
    return t;
}

char hb_lex_peek_kind(struct hb_lexer *lx, bool allow_regexp)
{
    size_t after;
    struct hb_token t = hb_lex_peek(lx, allow_regexp, &after);
    free(t.text);
    return t.kind;
}

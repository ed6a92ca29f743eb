/* query_lexer.h — the lexical syntax of benchstat's queries (-filter; the projections -col, -row,
 * -table and -ignore): '(' ')' ':' '@' ',' are operators anywhere, '-' and '*' only at the start of
 * a word; "quoted words" may hold any of them; a filter value starting with '/' is a regexp up to
 * the next top-level '/'. */
#ifndef HB_QUERY_LEXER_H
#define HB_QUERY_LEXER_H

#include <stdbool.h>
#include <stddef.h>

struct hb_token {
    char kind; /* 'w' word, 'q' quoted word, 'r' regexp, 'A' AND, 'O' OR, an operator char, 0 end */
    size_t off;
    char *text; /* words and regexps only (free it); NULL otherwise */
};

struct hb_lexer {
    const char *flag; /* for messages: "-filter", "-col", ... */
    const char *query;
    size_t pos;
    char *error; /* the first error, or NULL */
};

/* Records the first error as "FLAG: MSG at offset OFF in "QUERY"" (later ones are dropped). */
void hb_lex_fail(struct hb_lexer *lx, size_t off, const char *msg);
/* The next token at lx->pos without consuming it; *after receives the position after it. After an
 * error, every token is the end token. */
struct hb_token hb_lex_peek(struct hb_lexer *lx, bool allow_regexp, size_t *after);
/* The next token, consumed. */
struct hb_token hb_lex_next(struct hb_lexer *lx, bool allow_regexp);
/* The kind of the next token, not consumed. */
char hb_lex_peek_kind(struct hb_lexer *lx, bool allow_regexp);

#endif

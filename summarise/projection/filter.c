/* filter.c — a recursive-descent parser for the filter language into a small tree, and its
 * evaluation. Tokens come from query_lexer (benchstat's lexical syntax). */
#include "filter.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "query_lexer.h"
#include "regex_guard.h"
#include "xalloc.h"

enum node_kind { NODE_AND, NODE_OR, NODE_NOT, NODE_MATCH };

struct hb_filter {
    enum node_kind kind;
    struct hb_filter **subs;
    size_t nsubs;
    char *key;     /* NODE_MATCH */
    char *literal; /* NODE_MATCH with a literal value */
    regex_t regex; /* NODE_MATCH with a regexp */
    bool has_regex;
};

static struct hb_filter *new_node(enum node_kind kind)
{
    struct hb_filter *n = hb_xcalloc(1, sizeof *n);
    n->kind = kind;
    return n;
}

static void add_sub(struct hb_filter *n, struct hb_filter *sub)
{
    n->subs = hb_xreallocarray(n->subs, n->nsubs + 1, sizeof *n->subs);
    n->subs[n->nsubs++] = sub;
}

static struct hb_filter *make_match(struct hb_lexer *p, const char *key, struct hb_token *value)
{
    struct hb_filter *n = new_node(NODE_MATCH);
    n->key = hb_xstrdup(key);
    if (value->kind == 'r') {
        const char *unsafe = hb_regex_guard(value->text);
        int rc = unsafe ? 0 : regcomp(&n->regex, value->text, REG_EXTENDED | REG_NOSUB);
        if (unsafe) {
            char *full = hb_xasprintf("bad regexp /%s/: %s", value->text, unsafe);
            hb_lex_fail(p, value->off, full);
            free(full);
        } else if (rc) {
            char msg[128];
            regerror(rc, &n->regex, msg, sizeof msg);
            char *full = hb_xasprintf("bad regexp /%s/: %s", value->text, msg);
            hb_lex_fail(p, value->off, full);
            free(full);
        } else {
            n->has_regex = true;
        }
    } else {
        n->literal = hb_xstrdup(value->text);
    }
    return n;
}

static struct hb_filter *parse_expr(struct hb_lexer *p, int depth);

static struct hb_filter *parse_match(struct hb_lexer *p, int depth)
{
    if (depth > 200) {
        hb_lex_fail(p, p->pos, "expression nested too deeply");
        return new_node(NODE_AND);
    }
    size_t start = p->pos;
    struct hb_token t = hb_lex_next(p, false);
    struct hb_filter *result = NULL;
    if (t.kind == '(') {
        result = parse_expr(p, depth + 1);
        if (hb_lex_next(p, false).kind != ')')
            hb_lex_fail(p, p->pos, "missing \")\"");
    } else if (t.kind == '-') {
        result = new_node(NODE_NOT);
        add_sub(result, parse_match(p, depth + 1));
    } else if (t.kind == '*') {
        result = new_node(NODE_AND);
    } else if (t.kind == 'w' || t.kind == 'q') {
        struct hb_token colon = hb_lex_next(p, false);
        free(colon.text);
        struct hb_token value = colon.kind == ':' ? hb_lex_next(p, true) : (struct hb_token){0, 0, NULL};
        if (value.kind == 'w' || value.kind == 'q' || value.kind == 'r') {
            result = make_match(p, t.text, &value);
        } else if (value.kind == '(') {
            result = new_node(NODE_OR);
            for (;;) {
                struct hb_token v = hb_lex_next(p, true);
                if (v.kind != 'w' && v.kind != 'q' && v.kind != 'r') {
                    hb_lex_fail(p, v.off, "expected value");
                    free(v.text);
                    break;
                }
                add_sub(result, make_match(p, t.text, &v));
                free(v.text);
                struct hb_token sep = hb_lex_next(p, true);
                free(sep.text);
                if (sep.kind == ')')
                    break;
                if (sep.kind != 'O') {
                    hb_lex_fail(p, sep.off, "value list must be separated by OR");
                    break;
                }
            }
        } else {
            hb_lex_fail(p, start, "expected key:value");
        }
        free(value.text);
    } else {
        hb_lex_fail(p, t.off, "expected key:value or subexpression");
    }
    free(t.text);
    return result ? result : new_node(NODE_AND);
}

static struct hb_filter *parse_and(struct hb_lexer *p, int depth)
{
    struct hb_filter *first = parse_match(p, depth);
    struct hb_filter *and = NULL;
    for (;;) {
        char k = hb_lex_peek_kind(p, false);
        if (k == 'A') {
            free(hb_lex_next(p, false).text);
            continue;
        }
        if (k != '(' && k != '-' && k != '*' && k != 'w' && k != 'q') {
            if (k != ')' && k != 'O' && k != 0)
                hb_lex_fail(p, p->pos, "unexpected operator");
            break;
        }
        if (!and) {
            and = new_node(NODE_AND);
            add_sub(and, first);
        }
        add_sub(and, parse_match(p, depth));
        if (p->error)
            break;
    }
    return and? and : first;
}

static struct hb_filter *parse_expr(struct hb_lexer *p, int depth)
{
    struct hb_filter *first = parse_and(p, depth);
    struct hb_filter * or = NULL;
    while (!p->error && hb_lex_peek_kind(p, false) == 'O') {
        free(hb_lex_next(p, false).text);
        if (! or) {
            or = new_node(NODE_OR);
            add_sub(or, first);
        }
        add_sub(or, parse_and(p, depth));
    }
    return or ? or : first;
}

int hb_filter_parse(const char *query, struct hb_filter **out, char **error)
{
    struct hb_lexer p = {"-filter", query, 0, NULL};
    struct hb_filter *f = parse_expr(&p, 0);
    struct hb_token end = hb_lex_next(&p, false);
    if (end.kind != 0)
        hb_lex_fail(&p, end.off, "unexpected token");
    free(end.text);
    if (p.error) {
        hb_filter_free(f);
        *error = p.error;
        return -1;
    }
    *out = f;
    return 0;
}

void hb_filter_free(struct hb_filter *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nsubs; i++)
        hb_filter_free(f->subs[i]);
    free(f->subs);
    free(f->key);
    free(f->literal);
    if (f->has_regex)
        regfree(&f->regex);
    free(f);
}

bool hb_filter_uses_unit(const struct hb_filter *f)
{
    if (f->kind == NODE_MATCH)
        return strcmp(f->key, ".unit") == 0;
    for (size_t i = 0; i < f->nsubs; i++)
        if (hb_filter_uses_unit(f->subs[i]))
            return true;
    return false;
}

static bool value_matches(const struct hb_filter *f, const char *value, size_t len)
{
    if (!f->has_regex)
        return strlen(f->literal) == len && memcmp(f->literal, value, len) == 0;
    char *copy = hb_xstrndup(value, len);
    bool hit = regexec(&f->regex, copy, 0, NULL, 0) == 0;
    free(copy);
    return hit;
}

bool hb_filter_match(const struct hb_filter *f, const struct hb_origin *origin, const char *unit, const char *orig_unit,
                     const struct hb_intern *in)
{
    switch (f->kind) {
    case NODE_AND:
        for (size_t i = 0; i < f->nsubs; i++)
            if (!hb_filter_match(f->subs[i], origin, unit, orig_unit, in))
                return false;
        return true;
    case NODE_OR:
        for (size_t i = 0; i < f->nsubs; i++)
            if (hb_filter_match(f->subs[i], origin, unit, orig_unit, in))
                return true;
        return false;
    case NODE_NOT: return !hb_filter_match(f->subs[0], origin, unit, orig_unit, in);
    case NODE_MATCH: break;
    }
    if (strcmp(f->key, ".unit") == 0)
        return unit &&
               (value_matches(f, unit, strlen(unit)) || (orig_unit && value_matches(f, orig_unit, strlen(orig_unit))));
    const char *value;
    size_t len;
    hb_origin_key(origin, f->key, in, &value, &len);
    return value_matches(f, value, len);
}

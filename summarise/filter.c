/* filter.c — a recursive-descent parser for the filter language into a small tree, and its
 * evaluation. The tokenizer follows benchstat's: '(' ')' ':' '@' ',' are operators anywhere, '-' and
 * '*' only at the start of a word; a value starting with '/' is a regexp up to the next top-level
 * '/'. */
#include "filter.h"

#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

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

struct token {
	char kind; /* 'w' word, 'q' quoted word, 'r' regexp, 'A' AND, 'O' OR, an operator char, 0 end */
	size_t off;
	char *text;
};

struct parser {
	const char *query;
	size_t pos;
	char *error;
};

static bool is_op(char c)
{
	return c == '(' || c == ')' || c == ':' || c == '@' || c == ',';
}

static void fail(struct parser *p, size_t off, const char *msg)
{
	if (!p->error)
		p->error = hb_xasprintf("-filter: %s at offset %zu in \"%s\"", msg, off, p->query);
}

/* Reads the next token at p->pos without consuming it; *after receives the position after it. */
static struct token peek(struct parser *p, bool allow_regexp, size_t *after)
{
	const char *q = p->query;
	size_t i = p->pos;
	while (q[i] && isspace((unsigned char)q[i]))
		i++;
	struct token t = {0, i, NULL};
	if (!q[i] || p->error) {
		*after = i;
		return t;
	}
	if (is_op(q[i]) || q[i] == '-' || q[i] == '*') {
		t.kind = q[i];
		*after = i + 1;
		return t;
	}
	if (allow_regexp && q[i] == '/') {
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
			fail(p, i, "missing close \"/\"");
			*after = j;
			return (struct token){0, j, NULL};
		}
		char next = q[j + 1];
		if (next && !isspace((unsigned char)next) && !is_op(next) && next != '-' && next != '*') {
			fail(p, j + 1, "regexp must be followed by space or an operator (unescaped \"/\"?)");
			*after = j + 1;
			return (struct token){0, j, NULL};
		}
		t.kind = 'r';
		t.text = hb_xstrndup(q + i + 1, j - i - 1);
		*after = j + 1;
		return t;
	}
	if (q[i] == '"') {
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
			fail(p, i, "missing end quote");
			hb_strbuf_free(&b);
			*after = j;
			return (struct token){0, j, NULL};
		}
		t.kind = 'q';
		t.text = b.text ? b.text : hb_xstrdup("");
		*after = j + 1;
		return t;
	}
	size_t j = i;
	while (q[j] && !isspace((unsigned char)q[j]) && !is_op(q[j]))
		j++;
	t.text = hb_xstrndup(q + i, j - i);
	t.kind = strcmp(t.text, "AND") == 0 ? 'A' : strcmp(t.text, "OR") == 0 ? 'O' : 'w';
	*after = j;
	return t;
}

static struct token next(struct parser *p, bool allow_regexp)
{
	size_t after;
	struct token t = peek(p, allow_regexp, &after);
	p->pos = after;
	return t;
}

static char peek_kind(struct parser *p, bool allow_regexp)
{
	size_t after;
	struct token t = peek(p, allow_regexp, &after);
	free(t.text);
	return t.kind;
}

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

static struct hb_filter *make_match(struct parser *p, const char *key, struct token *value)
{
	struct hb_filter *n = new_node(NODE_MATCH);
	n->key = hb_xstrdup(key);
	if (value->kind == 'r') {
		int rc = regcomp(&n->regex, value->text, REG_EXTENDED | REG_NOSUB);
		if (rc) {
			char msg[128];
			regerror(rc, &n->regex, msg, sizeof msg);
			char *full = hb_xasprintf("bad regexp /%s/: %s", value->text, msg);
			fail(p, value->off, full);
			free(full);
		} else {
			n->has_regex = true;
		}
	} else {
		n->literal = hb_xstrdup(value->text);
	}
	return n;
}

static struct hb_filter *parse_expr(struct parser *p, int depth);

static struct hb_filter *parse_match(struct parser *p, int depth)
{
	if (depth > 200) {
		fail(p, p->pos, "expression nested too deeply");
		return new_node(NODE_AND);
	}
	size_t start = p->pos;
	struct token t = next(p, false);
	struct hb_filter *result = NULL;
	if (t.kind == '(') {
		result = parse_expr(p, depth + 1);
		if (next(p, false).kind != ')')
			fail(p, p->pos, "missing \")\"");
	} else if (t.kind == '-') {
		result = new_node(NODE_NOT);
		add_sub(result, parse_match(p, depth + 1));
	} else if (t.kind == '*') {
		result = new_node(NODE_AND);
	} else if (t.kind == 'w' || t.kind == 'q') {
		struct token colon = next(p, false);
		free(colon.text);
		struct token value = colon.kind == ':' ? next(p, true) : (struct token){0, 0, NULL};
		if (value.kind == 'w' || value.kind == 'q' || value.kind == 'r') {
			result = make_match(p, t.text, &value);
		} else if (value.kind == '(') {
			result = new_node(NODE_OR);
			for (;;) {
				struct token v = next(p, true);
				if (v.kind != 'w' && v.kind != 'q' && v.kind != 'r') {
					fail(p, v.off, "expected value");
					free(v.text);
					break;
				}
				add_sub(result, make_match(p, t.text, &v));
				free(v.text);
				struct token sep = next(p, true);
				free(sep.text);
				if (sep.kind == ')')
					break;
				if (sep.kind != 'O') {
					fail(p, sep.off, "value list must be separated by OR");
					break;
				}
			}
		} else {
			fail(p, start, "expected key:value");
		}
		free(value.text);
	} else {
		fail(p, t.off, "expected key:value or subexpression");
	}
	free(t.text);
	return result ? result : new_node(NODE_AND);
}

static struct hb_filter *parse_and(struct parser *p, int depth)
{
	struct hb_filter *first = parse_match(p, depth);
	struct hb_filter *and = NULL;
	for (;;) {
		char k = peek_kind(p, false);
		if (k == 'A') {
			free(next(p, false).text);
			continue;
		}
		if (k != '(' && k != '-' && k != '*' && k != 'w' && k != 'q') {
			if (k != ')' && k != 'O' && k != 0)
				fail(p, p->pos, "unexpected operator");
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
	return and ? and : first;
}

static struct hb_filter *parse_expr(struct parser *p, int depth)
{
	struct hb_filter *first = parse_and(p, depth);
	struct hb_filter *or = NULL;
	while (!p->error && peek_kind(p, false) == 'O') {
		free(next(p, false).text);
		if (!or) {
			or = new_node(NODE_OR);
			add_sub(or, first);
		}
		add_sub(or, parse_and(p, depth));
	}
	return or ? or : first;
}

int hb_filter_parse(const char *query, struct hb_filter **out, char **error)
{
	struct parser p = {query, 0, NULL};
	struct hb_filter *f = parse_expr(&p, 0);
	struct token end = next(&p, false);
	if (end.kind != 0)
		fail(&p, end.off, "unexpected token");
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

bool hb_filter_match(const struct hb_filter *f, const struct hb_origin *origin, const char *unit,
		     const char *orig_unit, const struct hb_intern *in)
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
	case NODE_NOT:
		return !hb_filter_match(f->subs[0], origin, unit, orig_unit, in);
	case NODE_MATCH:
		break;
	}
	if (strcmp(f->key, ".unit") == 0)
		return unit && (value_matches(f, unit, strlen(unit)) ||
				(orig_unit && value_matches(f, orig_unit, strlen(orig_unit))));
	const char *value;
	size_t len;
	hb_origin_key(origin, f->key, in, &value, &len);
	return value_matches(f, value, len);
}

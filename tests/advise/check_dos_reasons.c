/*
 * check_dos_reasons.c HBADVISE FOLDER — the reasons table-untrusted prints for leaving a name out
 * by its dos class say what c_hashes/dos_evidence.c says, in advice.json and in the text: runs
 * hbadvise on FOLDER, reads the JSON back with yajl's tree parser, and for every algorithm of the
 * registry that is not a keyed PRF checks that it is left out by the dos gate with the kind and the
 * citation hb_dos_evidence() gives for it, that the text carries the same, and that the word
 * "published" appears in neither except in the evidence of a name whose kind is published. Every
 * failure names the algorithm and prints the reason it got.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_tree.h>

#include "hb_alloc.h"
#include "hb_dos_evidence.h"
#include "hb_hash.h"
#include "hb_strbuf.h"

static int failures;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("check_dos_reasons: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    failures++;
}

/* The standard output of HBADVISE --need table-untrusted --format FORMAT FOLDER. */
static char *advise(const char *bin, const char *folder, const char *format)
{
    char *command = hb_xasprintf("'%s' --need table-untrusted --format %s '%s'", bin, format, folder);
    FILE *p = popen(command, "r");
    if (!p) {
        perror(command);
        exit(2);
    }
    struct hb_strbuf out = {0};
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        hb_strbuf_append(&out, buf, n);
    if (pclose(p) != 0) {
        fprintf(stderr, "check_dos_reasons: %s failed\n", command);
        exit(2);
    }
    free(command);
    char *text = hb_xstrdup(hb_strbuf_cstr(&out));
    hb_strbuf_free(&out);
    return text;
}

/* text with every run of white space made one space: the text output wraps its lines. */
static char *one_line(const char *text)
{
    char *out = hb_xstrdup(text), *o = out;
    for (const char *p = text; *p; p++) {
        bool space = *p == ' ' || *p == '\n' || *p == '\t';
        if (space && (o == out || o[-1] == ' '))
            continue;
        *o++ = space ? ' ' : *p;
    }
    *o = '\0';
    return out;
}

static size_t count(const char *text, const char *word)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, word)); p += strlen(word))
        n++;
    return n;
}

/* What the reason of name must carry: its evidence's kind and citation, as the table has them. */
static char *evidence_words(const struct hb_dos_evidence *e)
{
    return hb_xasprintf("evidence (%s): %s", hb_dos_evidence_kind_name(e->kind), e->citation);
}

/* "published" only inside the evidence of a published-kind name: false, said, otherwise. */
static bool published_only_as_kind(const char *name, const char *text, const struct hb_dos_evidence *e)
{
    char *evidence = evidence_words(e);
    size_t allowed = e->kind == HB_EVIDENCE_PUBLISHED ? count(text, evidence) * count(evidence, "published") : 0;
    bool ok = count(text, "published") == allowed;
    if (!ok)
        fail("%s: \"published\" in a reason whose evidence is %s: %s", name, hb_dos_evidence_kind_name(e->kind), text);
    free(evidence);
    return ok;
}

static yajl_val member(yajl_val map, const char *key)
{
    const char *path[] = {key, NULL};
    return yajl_tree_get(map, path, yajl_t_any);
}

/* The string v holds, or NULL when it holds none. */
static const char *string_of(yajl_val v)
{
    return v && YAJL_IS_STRING(v) ? v->u.string : NULL;
}

/* table-untrusted's excluded list in advice.json, or exit 2. */
static yajl_val excluded_list(yajl_val doc)
{
    yajl_val needs = member(doc, "needs");
    for (size_t i = 0; needs && YAJL_IS_ARRAY(needs) && i < needs->u.array.len; i++) {
        yajl_val need = needs->u.array.values[i];
        const char *name = string_of(member(need, "need"));
        if (name && strcmp(name, "table-untrusted") == 0)
            return member(need, "excluded");
    }
    fprintf(stderr, "check_dos_reasons: advice.json has no table-untrusted need\n");
    exit(2);
}

/* The JSON reason of name when its rule is dos, or NULL (said). */
static const char *json_reason(yajl_val excluded, const char *name)
{
    for (size_t i = 0; excluded && YAJL_IS_ARRAY(excluded) && i < excluded->u.array.len; i++) {
        yajl_val x = excluded->u.array.values[i];
        const char *n = string_of(member(x, "name")), *rule = string_of(member(x, "rule"));
        const char *reason = string_of(member(x, "reason"));
        if (!n || strcmp(n, name) != 0)
            continue;
        if (!rule || strcmp(rule, "dos") != 0 || !reason) {
            fail("%s: left out of table-untrusted, but not by the dos rule", name);
            return NULL;
        }
        return reason;
    }
    fail("%s: not a keyed PRF, yet not left out of table-untrusted in advice.json", name);
    return NULL;
}

/* The text's table-untrusted section, up to the next need's heading, on one line. */
static char *text_section(const char *text)
{
    const char *start = strstr(text, "\ntable-untrusted — ");
    if (!start) {
        fprintf(stderr, "check_dos_reasons: the text has no table-untrusted section\n");
        exit(2);
    }
    const char *end = start + 1;
    while ((end = strchr(end, '\n')) && end[1] && (end[1] == ' ' || end[1] == '\n'))
        end++;
    char *section = hb_xstrdup(start + 1);
    if (end)
        section[end - start - 1] = '\0';
    char *flat = one_line(section);
    free(section);
    return flat;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: check_dos_reasons HBADVISE FOLDER\n");
        return 2;
    }
    char err[256];
    if (!hb_init(err, sizeof err)) {
        fprintf(stderr, "check_dos_reasons: hb_init: %s\n", err);
        return 2;
    }
    char *json = advise(argv[1], argv[2], "json"), *text = advise(argv[1], argv[2], "text");
    yajl_val doc = yajl_tree_parse(json, err, sizeof err);
    if (!doc) {
        fprintf(stderr, "check_dos_reasons: advice.json: %s\n", err);
        return 2;
    }
    yajl_val excluded = excluded_list(doc);
    char *section = text_section(text);
    char *rest = hb_xstrdup(section); /* the section with every published-kind evidence taken out */
    size_t checked = 0;
    for (size_t i = 0; i < hb_registry_len; i++) {
        const struct hb_hash *h = hb_registry[i];
        if (h->kind == HB_KIND_BASELINE || h->dos == HB_DOS_PRF ||
            (i && strcmp(hb_registry[i - 1]->name, h->name) == 0))
            continue;
        const struct hb_dos_evidence *e = hb_dos_evidence(h->name);
        if (!e) {
            fail("%s: no row in c_hashes/dos_evidence.c", h->name);
            continue;
        }
        const char *reason = json_reason(excluded, h->name);
        if (!reason)
            continue;
        char *evidence = evidence_words(e), *flat = one_line(evidence);
        if (!strstr(reason, evidence))
            fail("%s: advice.json's reason does not carry \"%s\": %s", h->name, evidence, reason);
        published_only_as_kind(h->name, reason, e);
        if (!strstr(section, flat))
            fail("%s: the text's table-untrusted section does not carry \"%s\"", h->name, flat);
        for (char *p; e->kind == HB_EVIDENCE_PUBLISHED && (p = strstr(rest, flat));)
            memset(p, ' ', strlen(flat));
        free(flat);
        free(evidence);
        checked++;
    }
    if (strstr(rest, "published"))
        fail("the text's table-untrusted section says \"published\" outside the evidence of a published-kind "
             "name: %s",
             strstr(rest, "published"));
    if (checked == 0)
        fail("no algorithm of this build is left out by the dos rule: nothing was checked");
    printf("check_dos_reasons: %zu names' reasons carry their dos evidence\n", checked);
    free(rest);
    free(section);
    free(text);
    free(json);
    yajl_tree_free(doc);
    return failures ? 1 : 0;
}

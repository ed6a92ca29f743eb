/* folder.c — reading a results folder: its manifest, its files, an A/B folder's inputs. */
#include "folder.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "xalloc.h"

void hb_names_add(struct hb_names *l, char *owned)
{
    hb_grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items);
    l->items[l->n++] = owned;
}

void hb_names_free(struct hb_names *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->items[i]);
    free(l->items);
    *l = (struct hb_names){0};
}

char *hb_path_join(const char *dir, const char *name)
{
    return hb_xasprintf("%s/%s", dir, name);
}

bool hb_is_readable_file(const char *path)
{
    struct stat st;
    FILE *f;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (f = fopen(path, "rb")) == NULL)
        return false;
    fclose(f);
    return true;
}

int hb_read_file(const char *path, struct hb_strbuf *out, char **error)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        *error = hb_xasprintf("%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        hb_strbuf_append(out, buf, n);
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        *error = hb_xasprintf("%s: cannot read", path);
        return -1;
    }
    return 0;
}

int hb_manifest_read(const char *dir, struct hb_manifest *m, char **error)
{
    char *path = hb_path_join(dir, "manifest.tsv");
    if (!hb_is_readable_file(path)) {
        free(path);
        return 0;
    }
    struct hb_strbuf text = {0};
    int rc = hb_read_file(path, &text, error);
    free(path);
    if (rc != 0) {
        hb_strbuf_free(&text);
        return -1;
    }
    for (const char *line = hb_strbuf_cstr(&text); *line;) {
        size_t len = strcspn(line, "\n");
        const char *tab = memchr(line, '\t', len);
        if (tab) {
            hb_names_add(&m->keys, hb_xstrndup(line, (size_t)(tab - line)));
            hb_names_add(&m->values, hb_xstrndup(tab + 1, len - (size_t)(tab + 1 - line)));
        }
        line += len + (line[len] == '\n');
    }
    hb_strbuf_free(&text);
    return 1;
}

const char *hb_manifest_get(const struct hb_manifest *m, const char *key)
{
    for (size_t i = m->keys.n; i-- > 0;)
        if (strcmp(m->keys.items[i], key) == 0)
            return m->values.items[i];
    return NULL;
}

void hb_manifest_free(struct hb_manifest *m)
{
    hb_names_free(&m->keys);
    hb_names_free(&m->values);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names (not paths) of dir's entries ending in suffix, sorted bytewise. */
static int names_ending(const char *dir, const char *suffix, struct hb_names *names, char **error)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        *error = hb_xasprintf("%s: cannot open the folder: %s", dir, strerror(errno));
        return -1;
    }
    size_t slen = strlen(suffix);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] != '.' && len > slen && strcmp(e->d_name + len - slen, suffix) == 0)
            hb_names_add(names, hb_xstrdup(e->d_name));
    }
    closedir(d);
    if (names->n)
        qsort(names->items, names->n, sizeof *names->items, by_name);
    return 0;
}

int hb_folder_files(const char *dir, const char *suffix, struct hb_names *paths, char **error)
{
    struct hb_names names = {0};
    if (names_ending(dir, suffix, &names, error) != 0)
        return -1;
    for (size_t i = 0; i < names.n; i++)
        hb_names_add(paths, hb_path_join(dir, names.items[i]));
    hb_names_free(&names);
    return 0;
}

/* One process's file of an A/B folder: LABEL-ROUND.json, ROUND all digits. */
struct ab_file {
    char *label;
    unsigned long round;
    const char *name;
};

static bool parse_ab_name(const char *name, struct ab_file *f)
{
    size_t len = strlen(name) - strlen(".json");
    const char *dash = NULL;
    for (size_t i = 0; i < len; i++)
        if (name[i] == '-')
            dash = name + i;
    if (dash == NULL || dash == name || dash + 1 == name + len ||
        dash + 1 + strspn(dash + 1, "0123456789") != name + len)
        return false;
    f->label = hb_xstrndup(name, (size_t)(dash - name));
    f->round = strtoul(dash + 1, NULL, 10);
    f->name = name;
    return true;
}

/* old first, then labels bytewise, then rounds in number order. */
static int ab_order(const void *pa, const void *pb)
{
    const struct ab_file *a = pa, *b = pb;
    bool a_old = strcmp(a->label, "old") == 0, b_old = strcmp(b->label, "old") == 0;
    if (a_old != b_old)
        return a_old ? -1 : 1;
    int c = strcmp(a->label, b->label);
    if (c != 0)
        return c;
    return (a->round > b->round) - (a->round < b->round);
}

int hb_ab_inputs(const char *dir, struct hb_names *inputs, char **error)
{
    struct hb_names names = {0};
    if (names_ending(dir, ".json", &names, error) != 0)
        return -1;
    struct ab_file *files = hb_xcalloc(names.n ? names.n : 1, sizeof *files);
    size_t n = 0;
    int old = 0;
    for (size_t i = 0; i < names.n; i++)
        if (parse_ab_name(names.items[i], &files[n])) {
            old += strcmp(files[n].label, "old") == 0;
            n++;
        }
    if (old > 0) {
        qsort(files, n, sizeof *files, ab_order);
        for (size_t i = 0; i < n; i++)
            hb_names_add(inputs, hb_xasprintf("%s=%s/%s", files[i].label, dir, files[i].name));
    }
    for (size_t i = 0; i < n; i++)
        free(files[i].label);
    free(files);
    hb_names_free(&names);
    return old;
}

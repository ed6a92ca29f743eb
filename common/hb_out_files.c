/* hb_out_files.c — see hb_out_files.h. */
#include "hb_out_files.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hb_alloc.h"

static char *folder_of(const char *path)
{
    char *copy = hb_xstrdup(path), *dir = hb_xstrdup(dirname(copy));
    free(copy);
    return dir;
}

/* Two names are one file when their folders are one folder and their last parts are equal. */
static bool same_file(const char *a, const char *b)
{
    char *da = folder_of(a), *db = folder_of(b), *ca = hb_xstrdup(a), *cb = hb_xstrdup(b);
    struct stat sa, sb;
    bool same = stat(da, &sa) == 0 && stat(db, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
                strcmp(basename(ca), basename(cb)) == 0;
    free(da);
    free(db);
    free(ca);
    free(cb);
    return same;
}

bool hb_out_files_add(struct hb_out_files *o, const char *arg, char *why, size_t whylen)
{
    const char *eq = strchr(arg, '=');
    if (eq == NULL || eq == arg || eq[1] == '\0') {
        snprintf(why, whylen, "'%s' is not FORMAT=FILE", arg);
        return false;
    }
    const char *path = eq + 1;
    char *dir = folder_of(path);
    struct stat st;
    bool folder = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
    if (!folder)
        snprintf(why, whylen, "%s: the folder '%s' does not exist", path, dir);
    free(dir);
    if (!folder)
        return false;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(why, whylen, "%s: is a folder, not a file", path);
        return false;
    }
    for (size_t i = 0; i < o->n; i++)
        if (same_file(o->v[i].path, path)) {
            snprintf(why, whylen, "%s: named twice (for %s and %.*s)", path, o->v[i].format, (int)(eq - arg), arg);
            return false;
        }
    o->v = hb_xrealloc(o->v, (o->n + 1) * sizeof *o->v);
    o->v[o->n++] = (struct hb_out_file){hb_xstrndup(arg, (size_t)(eq - arg)), path, NULL};
    return true;
}

FILE *hb_out_file_open(struct hb_out_file *f, char *why, size_t whylen)
{
    f->tmp = hb_xasprintf("%s.tmp.XXXXXX", f->path);
    int fd = mkstemp(f->tmp);
    if (fd < 0) {
        snprintf(why, whylen, "%s: %s", f->path, strerror(errno));
        free(f->tmp);
        f->tmp = NULL;
        return NULL;
    }
    /* The mode a shell redirection would give the file, not mkstemp's owner-only one. */
    mode_t mask = umask(0);
    umask(mask);
    FILE *stream = fdopen(fd, "w");
    if (fchmod(fd, 0666 & ~mask) != 0 || stream == NULL) {
        snprintf(why, whylen, "%s: %s", f->tmp, strerror(errno));
        if (stream != NULL)
            fclose(stream);
        else
            close(fd);
        unlink(f->tmp);
        free(f->tmp);
        f->tmp = NULL;
        return NULL;
    }
    return stream;
}

bool hb_out_file_close(struct hb_out_file *f, FILE *stream, char *why, size_t whylen)
{
    bool ok = !ferror(stream);
    int err = ok ? 0 : EIO;
    if (fclose(stream) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        snprintf(why, whylen, "%s: %s", f->tmp, strerror(err));
        unlink(f->tmp);
        free(f->tmp);
        f->tmp = NULL;
    }
    return ok;
}

bool hb_out_files_commit(struct hb_out_files *o, char *why, size_t whylen)
{
    for (size_t i = 0; i < o->n; i++) {
        if (o->v[i].tmp == NULL)
            continue;
        if (rename(o->v[i].tmp, o->v[i].path) != 0) {
            snprintf(why, whylen, "%s: %s", o->v[i].path, strerror(errno));
            return false;
        }
        free(o->v[i].tmp);
        o->v[i].tmp = NULL;
    }
    return true;
}

bool hb_out_files_write(struct hb_out_files *o,
                        void (*render)(const struct hb_out_file *f, struct hb_strbuf *out, void *arg), void *arg,
                        char *why, size_t whylen)
{
    bool ok = true;
    for (size_t i = 0; i < o->n && ok; i++) {
        struct hb_out_file *f = &o->v[i];
        struct hb_strbuf text = {0};
        render(f, &text, arg);
        FILE *stream = hb_out_file_open(f, why, whylen);
        ok = stream != NULL;
        if (ok && text.len)
            fwrite(text.text, 1, text.len, stream);
        ok = ok && hb_out_file_close(f, stream, why, whylen);
        hb_strbuf_free(&text);
    }
    return ok && hb_out_files_commit(o, why, whylen);
}

void hb_out_files_free(struct hb_out_files *o)
{
    for (size_t i = 0; i < o->n; i++) {
        if (o->v[i].tmp != NULL) {
            unlink(o->v[i].tmp);
            free(o->v[i].tmp);
        }
        free(o->v[i].format);
    }
    free(o->v);
    o->v = NULL;
    o->n = 0;
}

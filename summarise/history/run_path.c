/* run_path.c — a RUN argument to its file and its name. Only the folder case looks inside: a path
 * that names a file is handed to the reader as it is, which says what is wrong with it. */
#include "run_path.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "xalloc.h"

/* The last component of path[0..len), trailing slashes ignored, as a new string; path itself when
 * nothing else remains ("/"). */
static char *last_component(const char *path, size_t len)
{
    while (len > 1 && path[len - 1] == '/')
        len--;
    size_t start = len;
    while (start > 0 && path[start - 1] != '/')
        start--;
    if (start == len)
        return hb_xstrndup(path, len);
    return hb_xstrndup(path + start, len - start);
}

static bool ends_with(const char *s, size_t len, const char *suffix)
{
    size_t n = strlen(suffix);
    return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

static bool is_regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A file's run name: the folder around run.json(.gz), else the file's name less .gz and .json. */
static char *file_label(const char *path)
{
    char *name = last_component(path, strlen(path));
    if (strcmp(name, "run.json") == 0 || strcmp(name, "run.json.gz") == 0) {
        const char *slash = strrchr(path, '/');
        if (slash && slash != path) {
            free(name);
            return last_component(path, (size_t)(slash - path));
        }
        return name;
    }
    size_t len = strlen(name);
    if (ends_with(name, len, ".gz") && len > 3)
        len -= 3;
    if (ends_with(name, len, ".json") && len > 5)
        len -= 5;
    name[len] = '\0';
    return name;
}

int hb_run_locate(const char *arg, char **file, char **label, char **error)
{
    struct stat st;
    if (stat(arg, &st) != 0) {
        *error = hb_xasprintf("%s: cannot open: %s", arg, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        *file = hb_xstrdup(arg);
        *label = file_label(arg);
        return 0;
    }
    size_t len = strlen(arg);
    const char *sep = len && arg[len - 1] == '/' ? "" : "/";
    static const char *const names[] = {"run.json", "run.json.gz"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char *candidate = hb_xasprintf("%s%s%s", arg, sep, names[i]);
        if (is_regular(candidate)) {
            *file = candidate;
            *label = last_component(arg, len);
            return 0;
        }
        free(candidate);
    }
    *error = hb_xasprintf("%s: a folder without run.json or run.json.gz, so not a run", arg);
    return -1;
}

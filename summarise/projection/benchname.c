/* benchname.c — name parts are found by scanning the text each time: names are short, and no
 * per-name allocation keeps the reading of hundreds of thousands of rows cheap. */
#include "benchname.h"

#include <string.h>

/* Length of the name without a Go "-N" suffix (the whole length when there is none). */
static size_t without_procs(const struct hb_name *name)
{
    if (!name->go_procs)
        return name->len;
    for (size_t i = name->len; i-- > 0;) {
        char c = name->text[i];
        if (c == '-' && i < name->len - 1)
            return i;
        if (c < '0' || c > '9')
            break;
    }
    return name->len;
}

const char *hb_name_base(const struct hb_name *name, size_t *len)
{
    const char *slash = memchr(name->text, '/', name->len);
    *len = slash ? (size_t)(slash - name->text) : without_procs(name);
    return name->text;
}

/* Calls visit for each "/part" of the name (after the base, before a "-N" suffix); stops early
 * when visit returns true and then returns true. */
static bool each_part(const struct hb_name *name, bool (*visit)(const char *part, size_t len, void *arg), void *arg)
{
    size_t end = without_procs(name);
    const char *slash = memchr(name->text, '/', end);
    while (slash) {
        size_t pos = (size_t)(slash - name->text);
        const char *next = memchr(slash + 1, '/', end - pos - 1);
        size_t len = next ? (size_t)(next - slash) : end - pos;
        if (visit(slash, len, arg))
            return true;
        slash = next;
    }
    return false;
}

struct key_search {
    const char *key;
    size_t key_len;
    const char *value;
    size_t value_len;
};

static bool part_has_key(const char *part, size_t len, const char *key, size_t key_len)
{
    return len >= key_len + 2 && memcmp(part + 1, key, key_len) == 0 &&
           (part[key_len + 1] == '=' || part[key_len + 1] == ':');
}

static bool match_key(const char *part, size_t len, void *arg)
{
    struct key_search *s = arg;
    if (!part_has_key(part, len, s->key, s->key_len))
        return false;
    s->value = part + s->key_len + 2;
    s->value_len = len - s->key_len - 2;
    return true;
}

bool hb_name_key(const struct hb_name *name, const char *key, size_t key_len, const char **value, size_t *value_len)
{
    if (key_len == 10 && memcmp(key, "gomaxprocs", 10) == 0) {
        size_t end = without_procs(name);
        if (end < name->len) {
            *value = name->text + end + 1;
            *value_len = name->len - end - 1;
            return true;
        }
    }
    struct key_search s = {key, key_len, NULL, 0};
    if (!each_part(name, match_key, &s))
        return false;
    *value = s.value;
    *value_len = s.value_len;
    return true;
}

struct rebuild {
    const struct hb_name_exclusions *ex;
    char *out;
    size_t size, used;
};

static void append(struct rebuild *r, const char *text, size_t len)
{
    if (r->used < r->size) {
        size_t room = r->size - r->used;
        memcpy(r->out + r->used, text, len < room ? len : room);
    }
    r->used += len;
}

static bool keep_part(const char *part, size_t len, void *arg)
{
    struct rebuild *r = arg;
    for (size_t k = 0; k < r->ex->nkeys; k++)
        if (part_has_key(part, len, r->ex->keys[k], strlen(r->ex->keys[k])))
            return false;
    append(r, part, len);
    return false;
}

size_t hb_name_without(const struct hb_name *name, const struct hb_name_exclusions *ex, char *out, size_t size)
{
    struct rebuild r = {ex, out, size, 0};
    size_t base_len, procs_start = without_procs(name);
    const char *slash = memchr(name->text, '/', procs_start);
    base_len = slash ? (size_t)(slash - name->text) : procs_start;
    if (ex->base)
        append(&r, "*", 1);
    else
        append(&r, name->text, base_len);
    each_part(name, keep_part, &r);
    if (!ex->procs && procs_start < name->len)
        append(&r, name->text + procs_start, name->len - procs_start);
    if (size)
        out[r.used < size ? r.used : size - 1] = '\0';
    return r.used;
}

/* context_command.c — hbstat -context KEY FILE: the value of one member of a Google Benchmark JSON
 * file's "context" (or every scalar member), so that a script needs no JSON parsing of its own to
 * learn a run's CPU, clock or build. The file is read by the same reader as for tables, so what it
 * refuses here it refuses there; its notes about skipped rows are not this command's business. */
#include "context_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "reader.h"
#include "xalloc.h"

struct members {
    const char *want; /* the key asked for, or NULL for every member */
    struct hb_strbuf out;
    bool found;
};

static void on_member(void *arg, const char *key, size_t key_len, const char *value, size_t value_len)
{
    struct members *m = arg;
    if (m->want == NULL) {
        hb_tsv_text(&m->out, key, key_len);
        hb_strbuf_puts(&m->out, "\t");
    } else if (strlen(m->want) != key_len || memcmp(m->want, key, key_len) != 0) {
        return;
    } else {
        hb_strbuf_reset(&m->out); /* a key given twice: the last one counts, as JSON readers take it */
    }
    hb_tsv_text(&m->out, value, value_len);
    hb_strbuf_puts(&m->out, "\n");
    m->found = true;
}

int hb_context_members(const char *path,
                       void (*member)(void *arg, const char *key, size_t key_len, const char *value, size_t value_len),
                       void *arg, char **error)
{
    FILE *notes = fopen("/dev/null", "w");
    if (notes == NULL) {
        *error = hb_xasprintf("cannot open /dev/null for the reader's notes");
        return -1;
    }
    struct hb_intern *in = hb_intern_new();
    struct hb_projections proj = {0};
    struct hb_collector collector;
    if (hb_projections_init(&proj, in, ".config", ".fullname", ".file", "", error) != 0)
        abort(); /* fixed, valid projections */
    hb_collector_init(&collector, in, &proj, NULL);
    struct hb_read_context ctx = {.collector = &collector,
                                  .in = in,
                                  .label = hb_intern_cstr(in, ""),
                                  .notes = notes,
                                  .context_member = member,
                                  .context_arg = arg};
    int rc = hb_read_path(path, &ctx, error);
    hb_collector_free(&collector);
    hb_projections_free(&proj);
    hb_intern_free(in);
    fclose(notes);
    return rc;
}

int hb_context_command(const struct hb_options *o)
{
    if (o->ninputs != 1) {
        fprintf(stderr, "hbstat: -context reads one file, not %zu (try --help)\n", o->ninputs);
        return 2;
    }
    struct members m = {.want = strcmp(o->context, "*") == 0 ? NULL : o->context};
    char *error = NULL;
    int status = 0;
    if (hb_context_members(o->inputs[0], on_member, &m, &error) != 0) {
        fprintf(stderr, "hbstat: %s\n", error);
        free(error);
        status = 2;
    } else if (!m.found && m.want) {
        fprintf(stderr, "hbstat: %s: the context has no member \"%s\" (or it is an array, an object or null)\n",
                o->inputs[0], m.want);
        status = 1;
    } else {
        fputs(hb_strbuf_cstr(&m.out), stdout);
        if (fflush(stdout) != 0) {
            fprintf(stderr, "hbstat: writing the output failed\n");
            status = 2;
        }
    }
    hb_strbuf_free(&m.out);
    return status;
}

/*
 * callgrind_dump.c — the few header lines of a callgrind dump that a count needs. The format
 * (callgrind's manual, "Callgrind Format Specification") puts "desc:", "events:" and "totals:"
 * lines outside the cost lines, one per line, each starting at the line's first character.
 */
#include "callgrind_dump.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_event_names(const char *text, struct hb_callgrind_dump *out)
{
    out->events = 0;
    while (*text != '\0' && out->events < HB_CALLGRIND_MAX_EVENTS) {
        while (*text == ' ' || *text == '\t')
            text++;
        size_t n = strcspn(text, " \t\r\n");
        if (n == 0)
            break;
        size_t keep = n < sizeof out->event_names[0] - 1 ? n : sizeof out->event_names[0] - 1;
        memcpy(out->event_names[out->events], text, keep);
        out->event_names[out->events][keep] = '\0';
        out->events++;
        text += n;
    }
}

static bool read_totals(const char *text, struct hb_callgrind_dump *out)
{
    size_t i = 0;
    memset(out->totals, 0, sizeof out->totals);
    while (i < HB_CALLGRIND_MAX_EVENTS) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(text, &end, 10);
        if (end == text || errno != 0)
            break;
        out->totals[i++] = (uint64_t)v;
        text = end;
    }
    return i > 0;
}

bool hb_callgrind_dump_read(const char *path, struct hb_callgrind_dump *out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read callgrind's dump %s: %s", path, strerror(errno));
        return false;
    }
    memset(out, 0, sizeof *out);
    bool have_events = false, have_totals = false;
    char line[4096];
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "desc: Trigger: ", 15) == 0) {
            snprintf(out->trigger, sizeof out->trigger, "%.*s", (int)strcspn(line + 15, "\r\n"), line + 15);
        } else if (strncmp(line, "events:", 7) == 0) {
            read_event_names(line + 7, out);
            have_events = out->events > 0;
        } else if (strncmp(line, "totals:", 7) == 0) {
            have_totals = read_totals(line + 7, out);
        }
    }
    fclose(f);
    if (!have_events || !have_totals) {
        snprintf(err, errlen, "callgrind's dump %s has no %s line", path, have_events ? "totals:" : "events:");
        return false;
    }
    return true;
}

bool hb_callgrind_dump_total(const struct hb_callgrind_dump *dump, const char *name, uint64_t *out)
{
    for (size_t i = 0; i < dump->events; i++) {
        if (strcmp(dump->event_names[i], name) == 0) {
            *out = dump->totals[i];
            return true;
        }
    }
    return false;
}

/*
 * callgrind_dump.h — reading back one dump that callgrind wrote (its own text format, "callgrind
 * format" version 1): which client request triggered it, the events it counted and their totals.
 * The counting process reads the dump it has just asked for, so that no script ever parses it.
 */
#ifndef HB_CALLGRIND_DUMP_H
#define HB_CALLGRIND_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HB_CALLGRIND_MAX_EVENTS 16

struct hb_callgrind_dump {
    char trigger[256]; /* the text after "desc: Trigger: " */
    size_t events;     /* how many event names "events:" listed */
    char event_names[HB_CALLGRIND_MAX_EVENTS][16];
    uint64_t totals[HB_CALLGRIND_MAX_EVENTS]; /* "totals:", one per event (0 where it stops early) */
};

/* Reads the dump at path. Returns true, or false with a one-line reason in err (the file cannot
 * be read, or lacks its "events:" or "totals:" line). */
bool hb_callgrind_dump_read(const char *path, struct hb_callgrind_dump *out, char *err, size_t errlen);

/* The total of the event called name ("Ir"), or false when the dump did not count it. */
bool hb_callgrind_dump_total(const struct hb_callgrind_dump *dump, const char *name, uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif /* HB_CALLGRIND_DUMP_H */

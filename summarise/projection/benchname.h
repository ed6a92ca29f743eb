/* benchname.h — benchmark names as benchstat reads them: a base name, then "/part"s, where a
 * "/key=value" part (Go) or "/key:value" part (Google Benchmark) is a configuration key, and for Go
 * benchmark text a trailing "-N" is GOMAXPROCS. */
#ifndef HB_BENCHNAME_H
#define HB_BENCHNAME_H

#include <stdbool.h>
#include <stddef.h>

struct hb_name {
    const char *text;
    size_t len;
    bool go_procs; /* the name comes from Go text: a trailing "-N" is the /gomaxprocs part */
};

/* The base name (.name): the text before the first '/', or, without a '/', the whole name less a
 * GOMAXPROCS suffix. Sets *len and returns its start (name->text). */
const char *hb_name_base(const struct hb_name *name, size_t *len);

/* Finds sub-name key `key` (without its '/'): the value of the first part "/key=value" or
 * "/key:value"; for "gomaxprocs" also the N of a Go "-N" suffix. Returns false when absent. */
bool hb_name_key(const struct hb_name *name, const char *key, size_t key_len, const char **value, size_t *value_len);

/* What .fullname leaves out when other projections name parts of it. */
struct hb_name_exclusions {
    const char **keys; /* sub-name keys without '/' */
    size_t nkeys;
    bool base;  /* .name is projected: the base becomes "*" */
    bool procs; /* /gomaxprocs is projected: the "-N" part goes */
};

/* Writes the full name less the excluded parts into out (at most size bytes, NUL-terminated) and
 * returns the length it needs (like snprintf). */
size_t hb_name_without(const struct hb_name *name, const struct hb_name_exclusions *ex, char *out, size_t size);

#endif

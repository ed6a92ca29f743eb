/* folder.h — what a results folder holds, as the report reads it: the files it is made of, the
 * manifest a script wrote for programs (manifest.tsv), and an A/B folder's hbstat inputs. */
#ifndef HB_REPORT_FOLDER_H
#define HB_REPORT_FOLDER_H

#include <stdbool.h>
#include <stddef.h>

#include "hb_strbuf.h"

/* A list of owned strings. */
struct hb_names {
    char **items;
    size_t n, cap;
};
void hb_names_add(struct hb_names *l, char *owned);
void hb_names_free(struct hb_names *l);

/* manifest.tsv: one KEY<tab>VALUE per line, in the file's order (lines without a tab are left
 * out). */
struct hb_manifest {
    struct hb_names keys, values;
};
/* Reads dir/manifest.tsv into m. Returns 1 when read, 0 when the folder has none, -1 with *error
 * when it cannot be read. */
int hb_manifest_read(const char *dir, struct hb_manifest *m, char **error);
/* The value of key (the last line with it), or NULL. */
const char *hb_manifest_get(const struct hb_manifest *m, const char *key);
void hb_manifest_free(struct hb_manifest *m);

/* path + "/" + name, allocated. */
char *hb_path_join(const char *dir, const char *name);
bool hb_is_readable_file(const char *path);
/* Reads the whole file into out. Returns 0, or -1 with *error. */
int hb_read_file(const char *path, struct hb_strbuf *out, char **error);

/* The files of dir whose names end in suffix, sorted bytewise, as full paths. Returns 0, or -1 with
 * *error. */
int hb_folder_files(const char *dir, const char *suffix, struct hb_names *paths, char **error);

/* An A/B folder (ab.sh): LABEL-ROUND.json files, one per process, with the baseline labelled old.
 * Adds to inputs (as label=path) the old ones first, then every other label's in label order, each
 * label's by round number, so that hbstat -sample paired pairs the same rounds. Returns the
 * number of old-ROUND.json files (0: not an A/B folder), or -1 with *error. */
int hb_ab_inputs(const char *dir, struct hb_names *inputs, char **error);

#endif

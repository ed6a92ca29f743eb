/*
 * hb_out_files.h — the files of a tool's repeatable --output FORMAT=FILE: checked when the
 * command line is read (before any work), each written to a temporary file beside it, and
 * renamed into place only when every one was written, so a failure leaves what was there before.
 */
#ifndef HB_OUT_FILES_H
#define HB_OUT_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "hb_strbuf.h"

struct hb_out_file {
    char *format;     /* the part before '=' */
    const char *path; /* the part after it, borrowed from argv */
    char *tmp;        /* the temporary file while open, else NULL */
};

struct hb_out_files {
    struct hb_out_file *v;
    size_t n;
};

/* Adds "FORMAT=FILE". False with the reason in why: no '=', an empty format or file, a folder
 * that does not exist, or a file an earlier --output already names. The caller checks FORMAT. */
bool hb_out_files_add(struct hb_out_files *o, const char *arg, char *why, size_t whylen);

/* A stream on a new temporary file beside f->path; NULL with the reason in why. */
FILE *hb_out_file_open(struct hb_out_file *f, char *why, size_t whylen);

/* Closes the stream of hb_out_file_open; false (the temporary removed) if any write failed. */
bool hb_out_file_close(struct hb_out_file *f, FILE *stream, char *why, size_t whylen);

/* Renames every closed temporary into place; false with the reason on the first failure. */
bool hb_out_files_commit(struct hb_out_files *o, char *why, size_t whylen);

/* Writes every file at once: render(f, out, arg) appends f's contents (its f->format) to out, which
 * goes to a temporary beside f->path; once all are written they are renamed into place. False
 * with the reason in why when one cannot be written (then none is renamed). */
bool hb_out_files_write(struct hb_out_files *o,
                        void (*render)(const struct hb_out_file *f, struct hb_strbuf *out, void *arg), void *arg,
                        char *why, size_t whylen);

/* Removes the temporaries left and frees the list. */
void hb_out_files_free(struct hb_out_files *o);

#endif /* HB_OUT_FILES_H */

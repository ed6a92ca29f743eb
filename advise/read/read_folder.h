/* read_folder.h — one machine's advice folder: per process, run-P.json (hashbench on the keys),
 * tables-P.json (the real tables), record-P.json and bulk-P.json (rows at one size); spread.json
 * (hbspread) and the optional files beside them. */
#ifndef HB_ADVICE_READ_FOLDER_H
#define HB_ADVICE_READ_FOLDER_H

#include "advice_machine.h"

/* Reads dir into m (zeroed by the caller): every process file (read_layout.h), each cell of each
 * one summarised to that process's median of its repetitions, run-P.json's rows at size:ROWS,
 * record-P.json's at size:RECORD_SIZE (not read when record_size is 0: the keys' own rows are at
 * their lengths), bulk-P.json's at size:HB_BULK_BYTES; then every measure summarised over the
 * processes (hb_advice_machine_summarise); spread.json and the extras. Returns 0, or -1 with
 * *error, one line naming the folder or file and the cause (free it): a folder that is not there,
 * is of the old layout or misses a process file, and everything the readers refuse. m is freed
 * with hb_advice_machine_free either way. */
int hb_advice_read_folder(const char *dir, const char *rows, uint64_t record_size, struct hb_advice_machine *m,
                          char **error);

/* The folder's optional file, read when present: password-cost.txt (hbadvise --time-password: one
 * line, HB_PASSWORD_COST_FORMAT). Returns 0, or -1 with *error for a file that is there but
 * malformed. (The shard need's spread is in spread.json: hbspread --shards, --rendezvous.) */
int hb_advice_read_folder_extras(const char *dir, struct hb_advice_machine *m, char **error);

/* The line of password-cost.txt, for printf and sscanf alike. */
#define HB_PASSWORD_COST_FORMAT                                                                                        \
    "argon2id memory_kib=%u iterations=%u lanes=%u repetitions=%u median_s=%lf min_s=%lf max_s=%lf"

#endif

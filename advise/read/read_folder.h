/* read_folder.h — one machine's advice folder: run.json (hashbench) and spread.json (hbspread). */
#ifndef HB_ADVICE_READ_FOLDER_H
#define HB_ADVICE_READ_FOLDER_H

#include "machine.h"

/* Reads dir/run.json (its rows at size:ROWS), dir/spread.json and the hashtable rows of
 * dir/tables.json (of run.json when there is no tables.json) into m (zeroed by the caller).
 * Returns 0, or -1 with *error, one line naming the folder or file and the cause (free it): a
 * folder that is not there or holds neither file, and everything the two readers refuse. m is
 * freed with hb_advice_machine_free either way. */
int hb_advice_read_folder(const char *dir, const char *rows, struct hb_advice_machine *m, char **error);

/* The folder's optional files, each read when present: shards.json (hbspread --buckets SHARDS on the
 * same keys: the shard need's spread) and password-cost.txt (hbadvise --time-password: one line,
 * HB_PASSWORD_COST_FORMAT). Returns 0, or -1 with *error for a file that is there but malformed. */
int hb_advice_read_folder_extras(const char *dir, struct hb_advice_machine *m, char **error);

/* The folder's runs at one size (advise.sh writes them), each read when present: record.json at
 * size:RECORD_SIZE (not read when record_size is 0: the keys' own rows are at their length) and
 * bulk.json at size:HB_BULK_BYTES, into the timings' record and bulk intervals. Returns 0, or -1 with
 * *error for a file that is there but holds no rows at that size or is malformed. */
int hb_advice_read_folder_sized(const char *dir, uint64_t record_size, struct hb_advice_machine *m, char **error);

/* The line of password-cost.txt, for printf and sscanf alike. */
#define HB_PASSWORD_COST_FORMAT                                                                                        \
    "argon2id memory_kib=%u iterations=%u lanes=%u repetitions=%u median_s=%lf min_s=%lf max_s=%lf"

#endif

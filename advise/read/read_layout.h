/* read_layout.h — which process files an advice folder holds (docs/advice.md, "The folder"): for
 * each kind (run, tables, record, bulk) the files runs/KIND-1.json to runs/KIND-N.json, one per
 * process, as scripts/lib/replicate.sh writes them (bench.sh's folders hold runs/run-P.json too). */
#ifndef HB_ADVICE_READ_LAYOUT_H
#define HB_ADVICE_READ_LAYOUT_H

#include <stddef.h>

#include "advice_machine.h"

/* The folder of an advice folder that holds its processes' files */
#define HB_ADVICE_RUNS "runs"

/* Counts dir's process files into processes[kind] (0: none of that kind). Returns 0, or -1 with
 * *error, one line naming the folder and the cause (free it): a folder of the old layout (one
 * run.json, no run-P.json), one without run-P.json, a gap (KIND-P.json missing below the highest
 * P), or a kind with another number of processes than run's. */
int hb_advice_folder_layout(const char *dir, size_t processes[HB_FILES], char **error);

/* "DIR/runs/KIND-P.json", a new string. */
char *hb_advice_process_path(const char *dir, enum hb_advice_file kind, size_t p);

#endif

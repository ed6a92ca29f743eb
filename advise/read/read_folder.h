/* read_folder.h — one machine's advice folder: run.json (hashbench) and spread.json (hbspread). */
#ifndef HB_ADVICE_READ_FOLDER_H
#define HB_ADVICE_READ_FOLDER_H

#include "machine.h"

/* Reads dir/run.json (its rows at size:ROWS) and dir/spread.json into m (zeroed by the caller).
 * Returns 0, or -1 with *error, one line naming the folder or file and the cause (free it): a
 * folder that is not there or holds neither file, and everything the two readers refuse. m is
 * freed with hb_advice_machine_free either way. */
int hb_advice_read_folder(const char *dir, const char *rows, struct hb_advice_machine *m, char **error);

#endif

/* read_sized.c — the folder's runs at one size beside the keys' rows: record.json (the checksum
 * candidates at the record size) and bulk.json (the crypto candidates at 64 KiB), each written by
 * advise.sh with hashbench --suite throughput --size N; their in-cache rows go into the timings the
 * keys' run already holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hb_alloc.h"
#include "read_folder.h"
#include "read_run.h"

static int read_at(const char *dir, const char *file, uint64_t size, struct hb_advice_machine *m, bool bulk,
                   char **error)
{
    struct stat st;
    char *path = hb_xasprintf("%s/%s", dir, file), *rows = hb_xasprintf("%llu", (unsigned long long)size);
    int rc = 0;
    if (stat(path, &st) == 0) {
        struct hb_advice_machine sized = {0};
        rc = hb_advice_read_run(path, rows, &sized, error);
        for (size_t i = 0; rc == 0 && i < sized.ntimings; i++) {
            const struct hb_advice_timing *from = &sized.timings[i];
            for (size_t j = 0; j < m->ntimings; j++) {
                struct hb_advice_timing *t = &m->timings[j];
                if (strcmp(t->name, from->name) == 0 && strcmp(t->impl, from->impl) == 0)
                    *(bulk ? &t->bulk : &t->record) = from->throughput;
            }
        }
        if (rc == 0)
            *(bulk ? &m->bulk_rows : &m->record_rows) = size;
        hb_advice_machine_free(&sized);
    }
    free(path);
    free(rows);
    return rc;
}

int hb_advice_read_folder_sized(const char *dir, uint64_t record_size, struct hb_advice_machine *m, char **error)
{
    if (record_size && read_at(dir, "record.json", record_size, m, false, error))
        return -1;
    return read_at(dir, "bulk.json", HB_BULK_BYTES, m, true, error);
}

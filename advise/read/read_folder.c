/* read_folder.c — an advice folder as advise.sh leaves it: per process, the run on the keys, the
 * real tables, the record-size and 64 KiB rows (each KIND-P.json read on its own, every cell
 * summarised to that process's median), then every measure summarised over the processes; and the
 * spread of the same keys beside them. */
#include "read_folder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hb_alloc.h"
#include "read_layout.h"
#include "read_run.h"
#include "read_spread.h"
#include "read_tables.h"
#include "advice_tables.h"

/* The timing of name/impl in m, added when m has none. */
/* Files one process's median of a measure (from's, summarised over that process's repetitions) as
 * process p of the n into's. */
static void file_process_median(struct hb_advice_machine *m, struct hb_advice_interval *into,
                                const struct hb_advice_interval *from, size_t p)
{
    if (!from->present)
        return;
    if (!into->process) {
        into->process = hb_advice_pool_nans(&m->pool, m->processes);
        into->nprocesses = m->processes;
    }
    into->process[p] = from->median;
}

static void put_tables(struct hb_advice_machine *m, struct hb_advice_timing *t, const struct hb_advice_tables *from,
                       size_t p)
{
    if (!from || !from->present)
        return;
    if (!t->tables)
        t->tables = hb_xcalloc(1, sizeof *t->tables);
    t->tables->present = true;
    t->tables->designs |= from->designs;
    if (from->count > t->tables->count)
        t->tables->count = from->count;
    for (int d = 0; d < HB_DESIGNS; d++)
        for (int o = 0; o < HB_OPS; o++) {
            struct hb_advice_table_cell *c = &t->tables->cell[d][o];
            const struct hb_advice_table_cell *f = &from->cell[d][o];
            if (f->capped && !c->capped)
                c->capped = hb_xstrdup(f->capped);
            file_process_median(m, &c->x, &f->x, p);
        }
}

/* Process p's file of kind into m: its rows as process p's medians. The first run file also gives
 * the keys' facts and the machine's names. */
static int read_process(const char *dir, enum hb_advice_file kind, size_t p, const char *rows, uint64_t record_size,
                        struct hb_advice_machine *m, char **error)
{
    struct hb_advice_machine one = {0};
    char *path = hb_advice_process_path(dir, kind, p + 1), *size = NULL;
    int rc;
    switch (kind) {
    case HB_FILE_TABLES: rc = hb_advice_read_tables(path, &one, error); break;
    case HB_FILE_RECORD:
    case HB_FILE_BULK:
        size = hb_xasprintf("%llu", (unsigned long long)(kind == HB_FILE_BULK ? HB_BULK_BYTES : record_size));
        rc = hb_advice_read_run(path, size, &one, error);
        break;
    default: rc = hb_advice_read_run(path, rows, &one, error); break;
    }
    free(path);
    free(size);
    if (rc) {
        hb_advice_machine_free(&one);
        return rc;
    }
    if (kind == HB_FILE_RUN && p == 0) {
        m->keys = one.keys, m->host = one.host, m->cpu_model = one.cpu_model, m->rows = one.rows;
        memset(&one.keys, 0, sizeof one.keys);
        one.host = one.cpu_model = one.rows = NULL;
    }
    if (one.repetitions > m->repetitions)
        m->repetitions = one.repetitions;
    m->has_latency = m->has_latency || one.has_latency;
    m->has_tables = m->has_tables || one.has_tables;
    if (kind == HB_FILE_RUN)
        file_process_median(m, &m->noop, &one.noop, p);
    for (size_t i = 0; i < one.ntimings; i++) {
        const struct hb_advice_timing *from = &one.timings[i];
        struct hb_advice_timing *t = hb_advice_timing_of(m, from->name, from->impl);
        switch (kind) {
        case HB_FILE_RUN:
            file_process_median(m, &t->throughput, &from->throughput, p);
            file_process_median(m, &t->latency, &from->latency, p);
            file_process_median(m, &t->ram, &from->ram, p);
            break;
        case HB_FILE_TABLES: put_tables(m, t, from->tables, p); break;
        case HB_FILE_RECORD: file_process_median(m, &t->record, &from->throughput, p); break;
        case HB_FILE_BULK: file_process_median(m, &t->bulk, &from->throughput, p); break;
        case HB_FILES: break;
        }
    }
    hb_advice_machine_free(&one);
    return 0;
}

int hb_advice_read_folder(const char *dir, const char *rows, uint64_t record_size, struct hb_advice_machine *m,
                          char **error)
{
    struct stat st;
    m->dir = hb_xstrdup(dir);
    m->nruns = 1;
    if (stat(dir, &st) != 0) {
        *error = hb_xasprintf("%s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        *error =
            hb_xasprintf("%s: not a folder (an advice folder holds run-1.json to run-N.json and spread.json)", dir);
        return -1;
    }
    size_t processes[HB_FILES];
    if (hb_advice_folder_layout(dir, processes, error))
        return -1;
    m->processes = processes[HB_FILE_RUN];
    for (int k = 0; k < HB_FILES; k++) {
        if (k == HB_FILE_RECORD && !record_size)
            continue; /* the keys' own rows are at their lengths */
        for (size_t p = 0; p < processes[k]; p++)
            if (read_process(dir, (enum hb_advice_file)k, p, rows, record_size, m, error))
                return -1;
    }
    if (processes[HB_FILE_RECORD] && record_size)
        m->record_rows = record_size;
    if (processes[HB_FILE_BULK])
        m->bulk_rows = HB_BULK_BYTES;
    hb_advice_machine_summarise(m);
    char *spread = hb_xasprintf("%s/spread.json", dir);
    int rc =
        hb_spread_read(spread, &m->spread, error) == 0 && hb_advice_read_folder_extras(dir, m, error) == 0 ? 0 : -1;
    free(spread);
    return rc;
}

/* fuzz_pipeline.c — the input, held in a memfd, is read through its /proc/self/fd path, so the
 * fuzzers go through the same opening, format detection and mapped reading as hbstat does. */
#include "fuzz_pipeline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "formats.h"
#include "reader.h"

void hb_fuzz_pipeline(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    int fd = memfd_create("hbstat-fuzz", 0);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
        if (fd >= 0)
            close(fd);
        return;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);

    struct hb_intern *in = hb_intern_new();
    struct hb_projections proj;
    char *error = NULL;
    if (hb_projections_init(&proj, in, ".config", ".fullname", ".file", "", &error))
        abort(); /* the defaults always parse */
    struct hb_collector collector;
    hb_collector_init(&collector, in, &proj, NULL);
    const char *labels[] = {"A", "B"};
    int rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        struct hb_read_context ctx = {.collector = &collector,
                                      .in = in,
                                      .label = hb_intern_cstr(in, labels[i]),
                                      .cpu_time = i == 1,
                                      .notes = devnull,
                                      .machine_variation = NAN};
        rc = hb_read_path(path, &ctx, &error);
    }
    free(error);
    if (rc == 0) {
        struct hb_tables tables;
        hb_tables_build(&tables, &collector, 0.95, 0.05, 5);
        struct hb_strbuf out = {0}, warnings = {0};
        for (size_t i = 0; i < hb_nformats; i++)
            hb_formats[i].write(&tables, &out, &warnings);
        hb_tables_rank(&tables);
        hb_formats[0].write(&tables, &out, &warnings);
        hb_strbuf_free(&out);
        hb_strbuf_free(&warnings);
        hb_tables_free(&tables);
    }
    hb_collector_free(&collector);
    hb_projections_free(&proj);
    hb_intern_free(in);
    close(fd);
}

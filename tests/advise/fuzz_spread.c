/* fuzz_spread.c — libFuzzer target for the reader of hbspread's JSON (spread/file/read_spread.c,
 * hbadvise's and hbreport's), with the verdict tables written from what it read: the input is the file (a
 * memfd, read through its /proc/self/fd path). Checks what must hold for any input: a refusal comes
 * with one line, an acceptance has every algorithm named, and the counts stay within the limits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "read_spread.h"
#include "verdict_table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    if (fd < 0)
        fd = memfd_create("fuzz_spread", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    struct hb_spread_file f = {0};
    char *error = NULL;
    if (hb_spread_read(path, &f, &error) != 0) {
        if (!error || strchr(error, '\n'))
            abort(); /* a refusal is one line */
        free(error);
        hb_spread_file_free(&f);
        return 0;
    }
    if (f.nalgorithms > HB_SPREAD_MAX_ALGORITHMS || f.nkeysets > HB_SPREAD_MAX_KEYSETS)
        abort();
    for (size_t i = 0; i < f.nalgorithms; i++)
        if (!f.algorithms[i].name || !f.algorithms[i].impl)
            abort();
    struct hb_strbuf out = {0};
    hb_spread_verdicts_text(&f, &out);
    hb_spread_verdicts_html(&f, &out);
    hb_strbuf_free(&out);
    hb_spread_file_free(&f);
    return 0;
}

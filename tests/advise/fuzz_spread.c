/* fuzz_spread.c — libFuzzer target for hbadvise's reader of hbspread's JSON (advise/read/
 * read_spread.c), with the verdict tables written from what it read: the input is the file (a
 * memfd, read through its /proc/self/fd path). Checks what must hold for any input: a refusal comes
 * with one line, an acceptance has every algorithm named, and the counts stay within the limits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "output.h"
#include "read_spread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    if (fd < 0)
        fd = memfd_create("fuzz_spread", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    struct hb_advice_machine m = {0};
    char *error = NULL;
    if (hb_advice_read_spread(path, &m, &error) != 0) {
        if (!error || strchr(error, '\n'))
            abort(); /* a refusal is one line */
        free(error);
        hb_advice_machine_free(&m);
        return 0;
    }
    if (m.nspread > HB_SPREAD_MAX_ALGORITHMS || m.nkeysets > HB_SPREAD_MAX_KEYSETS)
        abort();
    for (size_t i = 0; i < m.nspread; i++)
        if (!m.spread[i].name || !m.spread[i].impl)
            abort();
    struct hb_strbuf out = {0};
    hb_advice_verdicts_text(&m, &out);
    hb_advice_verdicts_html(&m, &out);
    hb_strbuf_free(&out);
    hb_advice_machine_free(&m);
    return 0;
}

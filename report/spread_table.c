/* spread_table.c — spread.json through spread/'s bounded reader into the verdict table it draws. */
#include "spread_table.h"

#include "read_spread.h"
#include "verdict_table.h"

int hb_spread_table(const char *path, struct hb_strbuf *out, char **error)
{
    struct hb_spread_file f = {0};
    int rc = hb_spread_read(path, &f, error);
    if (rc == 0)
        hb_spread_verdicts_html(&f, out);
    hb_spread_file_free(&f);
    return rc;
}

/* tally_command.c — hbab tally: the mode's output on standard output, or one line on standard
 * error (exit status 2) when its files cannot be read. The arguments were checked by ab_cli.c:
 * the mode exists and has its arguments. */
#include "tally_command.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tally_modes.h"

int hb_tally_command(const struct hb_ab_options *o)
{
    const struct hb_tally_mode *mode = hb_tally_find(o->tally);
    struct hb_strbuf out = {0};
    char *error = NULL;
    int status = 0;
    if (mode->run(o->args, &out, &error)) {
        fprintf(stderr, "hbab: tally %s: %s\n", mode->name, error);
        free(error);
        status = 2;
    } else if ((out.len && fwrite(out.text, 1, out.len, stdout) != out.len) || fflush(stdout)) {
        fprintf(stderr, "hbab: writing the output: %s\n", strerror(errno));
        status = 2;
    }
    hb_strbuf_free(&out);
    return status;
}

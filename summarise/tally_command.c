/* tally_command.c — hbstat -tally and -formats: the mode's output on standard output, or one line
 * on standard error (exit status 2) when its files cannot be read. The flags were checked by
 * cli.c: the mode exists and has its arguments. */
#include "tally_command.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "tally_modes.h"

static int write_out(const struct hb_strbuf *out)
{
    if ((out->len && fwrite(out->text, 1, out->len, stdout) != out->len) || fflush(stdout)) {
        fprintf(stderr, "hbstat: writing the output: %s\n", strerror(errno));
        return 2;
    }
    return 0;
}

int hb_tally_command(const struct hb_options *o)
{
    const struct hb_tally_mode *mode = hb_tally_find(o->tally);
    struct hb_strbuf out = {0};
    char *error = NULL;
    int status;
    if (mode->run(o->inputs, &out, &error)) {
        fprintf(stderr, "hbstat: -tally %s: %s\n", mode->name, error);
        free(error);
        status = 2;
    } else {
        status = write_out(&out);
    }
    hb_strbuf_free(&out);
    return status;
}

int hb_formats_command(void)
{
    struct hb_strbuf out = {0};
    for (size_t i = 0; i < hb_nformats; i++)
        hb_strbuf_printf(&out, "%s\n", hb_formats[i].name);
    int status = write_out(&out);
    hb_strbuf_free(&out);
    return status;
}

/* judge_command.c — verdict and noise: every input read and the tables built (hbstat's
 * hb_tables_read) before anything is written, so a refused input leaves no partial output. */
#include "judge_command.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise_table.h"
#include "tables_command.h"
#include "verdict.h"

int hb_judge_command(const struct hb_ab_options *o)
{
    struct hb_tables_run run;
    char *error = NULL;
    int status = 0;
    if (hb_tables_read(&o->table, stderr, &run, &error) != HB_TABLES_DONE) {
        fprintf(stderr, "hbab: %s\n", error);
        free(error);
        status = 2;
    } else {
        struct hb_strbuf out = {0};
        if (o->command == HB_AB_VERDICT)
            hb_verdict_write(&run.tables, o->min_change, &out);
        else
            hb_noise_table_write(&run.tables, &out);
        if ((out.len && fwrite(out.text, 1, out.len, stdout) != out.len) || fflush(stdout)) {
            fprintf(stderr, "hbab: writing the output: %s\n", strerror(errno));
            status = 2;
        }
        hb_strbuf_free(&out);
    }
    hb_tables_run_free(&run);
    return status;
}

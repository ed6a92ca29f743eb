/* hbstat.c — main: flags, then the tables of the inputs (tables_command.c) read once and written in
 * one output format to standard output and in every --output's to its file, a run's context
 * (-context) or a history's change points (-history), and the exit status (0 done, 1 a regression
 * beyond --fail-on-regression, 2 bad flags or input). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "context_command.h"
#include "hb_version.h"
#include "history_command.h"
#include "tables_command.h"

static int stat_usage_error(char *message)
{
    fprintf(stderr, "hbstat: %s (try --help)\n", message);
    free(message);
    return 2;
}

static int input_error(char *message)
{
    fprintf(stderr, "hbstat: %s\n", message);
    free(message);
    return 2;
}

static int write_all(FILE *f, const struct hb_strbuf *b)
{
    if (b->len && fwrite(b->text, 1, b->len, f) != b->len)
        return -1;
    return fflush(f);
}

/* One --output file's contents: the tables in its format; what the format reports beside them
 * (csv's cell warnings) goes to stderr. */
static void render_output(const struct hb_out_file *f, struct hb_strbuf *out, void *run)
{
    struct hb_strbuf warnings = {0};
    hb_tables_write(run, f->format, out, &warnings);
    write_all(stderr, &warnings);
    hb_strbuf_free(&warnings);
}

/* The tables: read once, then the --output files and standard output (nothing there when
 * --output is given without -format), and the gate. */
static int write_tables(struct hb_options *o)
{
    struct hb_tables_run run;
    char *error = NULL;
    enum hb_tables_status result = hb_tables_read(o, stderr, &run, &error);
    int status = 0;
    if (result == HB_TABLES_BAD_FLAGS) {
        status = stat_usage_error(error);
    } else if (result == HB_TABLES_BAD_INPUT) {
        status = input_error(error);
    } else {
        char why[1024];
        if (!hb_out_files_write(&o->outputs, render_output, &run, why, sizeof why)) {
            fprintf(stderr, "hbstat: --output: %s\n", why);
            status = 2;
        }
        if (status == 0 && (o->outputs.n == 0 || hb_option_given(o, "format"))) {
            struct hb_strbuf out = {0}, warnings = {0};
            hb_tables_write(&run, o->format, &out, &warnings);
            if (write_all(stdout, &out)) {
                fprintf(stderr, "hbstat: writing the output: %s\n", strerror(errno));
                status = 2;
            }
            write_all(stderr, &warnings);
            hb_strbuf_free(&out);
            hb_strbuf_free(&warnings);
        }
        struct hb_strbuf regressions = {0};
        if (status == 0 && hb_tables_gate(o, &run, &regressions) == HB_TABLES_REGRESSION) {
            write_all(stderr, &regressions);
            status = 1;
        }
        hb_strbuf_free(&regressions);
    }
    hb_tables_run_free(&run);
    return status;
}

int main(int argc, char **argv)
{
    struct hb_options o;
    char *error = NULL;
    int status;
    if (hb_parse_args(argc, argv, &o, &error))
        status = stat_usage_error(error);
    else if (o.help) {
        struct hb_strbuf usage = {0};
        hb_usage(&usage);
        fputs(hb_strbuf_cstr(&usage), stdout);
        hb_strbuf_free(&usage);
        status = 0;
    } else if (o.context && !o.version)
        status = hb_context_command(&o);
    else if (o.version) {
        printf("hbstat %s\n", HB_VERSION);
        status = 0;
    } else if (o.history)
        status = hb_history_command(&o);
    else
        status = write_tables(&o);
    hb_options_free(&o);
    return status;
}

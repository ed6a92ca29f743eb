/* hbstat.c — main: flags, then the tables of the inputs in one output format (tables_command.c), a
 * run's context (-context) or a history's change points (-history), and the exit status (0 done,
 * 1 a regression beyond --fail-on-regression, 2 bad flags or input); -tally and -formats give scripts their
 * figures (tally_command.c), and -run-order and -pairs-needed scripts/ab.sh's numbers
 * (design_command.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "context_command.h"
#include "design_command.h"
#include "hb_version.h"
#include "history_command.h"
#include "tables_command.h"
#include "tally_command.h"

static int usage_error(char *message)
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

int main(int argc, char **argv)
{
    struct hb_options o;
    char *error = NULL;
    if (hb_parse_args(argc, argv, &o, &error))
        return usage_error(error);
    if (o.help) {
        struct hb_strbuf usage = {0};
        hb_usage(&usage);
        fputs(hb_strbuf_cstr(&usage), stdout);
        hb_strbuf_free(&usage);
        return 0;
    }
    if (o.context && !o.version)
        return hb_context_command(&o);
    if (o.version) {
        printf("hbstat %s\n", HB_VERSION);
        return 0;
    }
    if (o.history)
        return hb_history_command(&o);
    if (o.tally)
        return hb_tally_command(&o);
    if (o.formats)
        return hb_formats_command();
    if (o.run_order)
        return hb_run_order_command(&o);
    if (o.pairs_needed)
        return hb_pairs_needed_command(&o);

    struct hb_strbuf out = {0}, warnings = {0}, regressions = {0};
    enum hb_tables_status result = hb_tables_command(&o, stderr, &out, &warnings, &regressions, &error);
    int status = 0;
    if (result == HB_TABLES_BAD_FLAGS) {
        status = usage_error(error);
    } else if (result == HB_TABLES_BAD_INPUT) {
        status = input_error(error);
    } else {
        if (write_all(stdout, &out)) {
            fprintf(stderr, "hbstat: writing the output: %s\n", strerror(errno));
            status = 2;
        }
        write_all(stderr, &warnings);
        if (status == 0 && result == HB_TABLES_REGRESSION) {
            write_all(stderr, &regressions);
            status = 1;
        }
    }
    hb_strbuf_free(&regressions);
    hb_strbuf_free(&out);
    hb_strbuf_free(&warnings);
    return status;
}

/* history_command.c — hbstat -history: every run read into the history (in the order given, so
 * that series and notes come in that order), then arranged in the order asked, searched, and
 * reported in one piece. */
#include "history_command.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter.h"
#include "history.h"
#include "history_changes.h"
#include "history_exact.h"
#include "history_formats.h"
#include "run_pool.h"
#include "run_read.h"
#include "xalloc.h"

/* Each run, in the order given: its notes, then its values into the history. */
struct take {
    struct hb_history *h;
    FILE *notes;
};

static void take_run(void *arg, struct hb_history_input *run, bool failed)
{
    struct take *t = arg;
    fputs(hb_strbuf_cstr(&run->notes), t->notes);
    if (!failed)
        hb_history_add(t->h, run);
}

/* Counts and times are different quantities: a history of both has no series to search. */
static int mixed_measures(const struct hb_history *h, char **error)
{
    for (size_t i = 1; i < h->nruns; i++)
        if (h->runs[i].counted != h->runs[0].counted) {
            const struct hb_history_run *counted = h->runs[0].counted ? &h->runs[0] : &h->runs[i],
                                        *timed = h->runs[0].counted ? &h->runs[i] : &h->runs[0];
            *error = hb_xasprintf("-history: %s is counted (hashbench_measure: instructions) and %s is timed; "
                                  "a history is of one measure",
                                  counted->arg, timed->arg);
            return -1;
        }
    return 0;
}

int hb_history_render(const struct hb_options *o, FILE *notes, struct hb_strbuf *out, bool *usage, char **error)
{
    struct hb_filter *filter = NULL;
    *usage = true;
    if (hb_filter_parse(o->filter, &filter, error))
        return 2;
    *usage = false;
    enum hb_run_order order = HB_RUN_ORDER_GIVEN;
    hb_run_order_parse(o->order, &order);
    bool cpu_time = strcmp(o->metric, "cpu_time") == 0;
    struct hb_history h;
    hb_history_init(&h, o->ninputs);
    struct take t = {&h, notes};
    int status = 0;
    if (hb_read_runs(o->inputs, o->ninputs, filter, cpu_time, hb_run_pool_threads(), take_run, &t, error) ||
        hb_history_arrange(&h, order, error))
        status = 2;
    if (status == 0 && mixed_measures(&h, error))
        status = 2;
    if (status == 0) {
        struct hb_history_changes changes;
        if (h.nruns && h.runs[0].counted)
            hb_history_find_exact_changes(&h, o->exact_change, &changes);
        else
            hb_history_find_changes(&h, o->alpha, o->confidence, &changes);
        hb_history_format_find(o->format)->write(&h, &changes, o->order, out);
        hb_history_changes_free(&changes);
    }
    hb_history_free(&h);
    hb_filter_free(filter);
    return status;
}

int hb_history_command(const struct hb_options *o)
{
    char *error = NULL;
    bool usage = false;
    struct hb_strbuf out = {0};
    int status = hb_history_render(o, stderr, &out, &usage, &error);
    if (status != 0) {
        fprintf(stderr, "hbstat: %s%s\n", error, usage ? " (try --help)" : "");
        free(error);
    } else if ((out.len && fwrite(out.text, 1, out.len, stdout) != out.len) || fflush(stdout)) {
        fprintf(stderr, "hbstat: writing the output: %s\n", strerror(errno));
        status = 2;
    }
    hb_strbuf_free(&out);
    return status;
}

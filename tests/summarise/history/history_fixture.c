/* history_fixture.c — a fixture's runs handed to the history as hbstat's reader would hand them:
 * one hb_history_input per run, with its context and a median per row. */
#include "history_fixture.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_noise.h"
#include "xalloc.h"

void fixture_step(struct fixture *f, size_t row, size_t from, double pct)
{
    for (size_t r = from; r < f->runs; r++)
        f->shift[row][r] += log1p(pct / 100);
}

static size_t keep(struct hb_history_input *run, const char *text)
{
    size_t at = run->text.len;
    hb_strbuf_append(&run->text, text, strlen(text) + 1);
    return at;
}

void fixture_build(const struct fixture *f, struct hb_history *h)
{
    struct hb_vm_noise noise;
    hb_vm_noise_init(&noise, f->seed);
    hb_history_init(h, f->runs);
    for (size_t r = 0; r < f->runs; r++) {
        struct hb_history_input run = {0};
        run.arg = hb_xasprintf("run%03zu", r);
        run.file = hb_xasprintf("run%03zu/run.json", r);
        run.label = hb_xasprintf("run%03zu", r);
        run.context[HB_RUN_VERSION] = hb_xasprintf("v1-%zu-g%07zx", r, r * 2654435761u % 0xfffffff);
        run.context[HB_RUN_CONFIG_FIRST + 2] = hb_xasprintf("CPU %d", f->config[r]); /* cpu_model */
        double shared = f->noise ? hb_vm_noise_next_run(&noise) : 0;
        size_t unit = keep(&run, "sec/op");
        for (size_t row = 0; row < f->rows; row++) {
            char name[32];
            snprintf(name, sizeof name, "row%02zu", row);
            double base = 1e-9 * (2 + (double)row);
            double noise_here = f->noise ? shared + hb_vm_noise_benchmark(&noise) : 0;
            hb_grow((void **)&run.values, &run.values_cap, run.nvalues + 1, sizeof *run.values);
            run.values[run.nvalues++] =
                (struct hb_history_input_value){keep(&run, name), unit, base * exp(f->shift[row][r] + noise_here)};
        }
        hb_history_add(h, &run);
        hb_history_input_free(&run);
    }
    char *error = NULL;
    if (hb_history_arrange(h, HB_RUN_ORDER_GIVEN, &error)) {
        fprintf(stderr, "fixture: %s\n", error);
        abort();
    }
}

size_t fixture_changes_of(const struct hb_history_changes *c, size_t row, const struct hb_history_change **out,
                          size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nchanges; i++)
        if (c->changes[i].series == row && n < max)
            out[n++] = &c->changes[i];
    return n;
}

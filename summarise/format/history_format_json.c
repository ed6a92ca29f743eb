/* history_format_json.c — hbstat -history's change points for programs (scripts read the tsv
 * format instead): {"changes": [...]} with one object per change point (name, unit, index,
 * commit, change, p, before, after), beside the configuration changes and each unit's family.
 * Numbers are Go's shortest %g, as in hbstat's other json; null where there is no number (an
 * interval side beyond the runs, a change from 0). docs/history.md lists every member. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "go_float_format.h"
#include "hb_json_writer.h"
#include "history_formats.h"

static void history_json_number(struct hb_json_writer *w, const char *key, double x)
{
    char text[HB_GO_G_MAX];
    hb_json_key(w, key);
    if (isfinite(x))
        hb_json_number_text(w, hb_format_go_g(x, text));
    else
        hb_json_null(w);
}

static void history_json_count(struct hb_json_writer *w, const char *key, size_t n)
{
    hb_json_key(w, key);
    hb_json_uint64(w, n);
}

static void history_json_string(struct hb_json_writer *w, const char *key, const char *value)
{
    hb_json_key(w, key);
    if (value)
        hb_json_string(w, value);
    else
        hb_json_null(w);
}

static void history_json_side(struct hb_json_writer *w, const char *key, const struct hb_summary *s, size_t runs)
{
    hb_json_key(w, key);
    hb_json_map_open(w);
    history_json_number(w, "median", s->center);
    history_json_number(w, "ci_lo", s->lo);
    history_json_number(w, "ci_hi", s->hi);
    history_json_count(w, "runs", runs);
    hb_json_map_close(w);
}

static void history_json_config_changes(const struct hb_history *h, struct hb_json_writer *w)
{
    hb_json_key(w, "configuration_changes");
    hb_json_array_open(w);
    for (size_t i = 1; i < h->nruns; i++) {
        const struct hb_history_run *a = &h->runs[i - 1], *b = &h->runs[i];
        if (a->config == b->config)
            continue;
        hb_json_map_open(w);
        history_json_count(w, "index", i);
        history_json_string(w, "commit", hb_history_commit(b));
        hb_json_key(w, "members");
        hb_json_map_open(w);
        for (size_t k = HB_RUN_CONFIG_FIRST; k < HB_RUN_CONTEXT_KEYS; k++) {
            const char *x = a->context[k], *y = b->context[k];
            if (x == y || (x && y && strcmp(x, y) == 0))
                continue;
            hb_json_key(w, hb_run_context_keys[k]);
            hb_json_map_open(w);
            history_json_string(w, "before", x);
            history_json_string(w, "after", y);
            hb_json_map_close(w);
        }
        hb_json_map_close(w);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
}

static void families(const struct hb_history *h, const struct hb_history_changes *c, struct hb_json_writer *w)
{
    hb_json_key(w, "families");
    hb_json_array_open(w);
    for (size_t i = 0; i < c->nfamilies; i++) {
        const struct hb_history_family *f = &c->families[i];
        hb_json_map_open(w);
        history_json_string(w, "unit", hb_str_text(h->in, f->unit));
        history_json_count(w, "series", f->nseries);
        history_json_count(w, "tested", f->pieces);
        history_json_count(w, "changing", f->changed_pieces);
        history_json_number(w, "level", f->level);
        history_json_count(w, "permutations", f->permutations);
        history_json_count(w, "drift_series", f->drift_pieces ? f->drift_series : 0);
        history_json_count(w, "changes", f->nchanges);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
}

static void changes(const struct hb_history *h, const struct hb_history_changes *c, struct hb_json_writer *w)
{
    hb_json_key(w, "changes");
    hb_json_array_open(w);
    for (size_t i = 0; i < c->nchanges; i++) {
        const struct hb_history_change *k = &c->changes[i];
        const struct hb_series *s = &h->series[k->series];
        double before = k->before.center, after = k->after.center;
        hb_json_map_open(w);
        history_json_string(w, "name", hb_str_text(h->in, s->name));
        history_json_string(w, "unit", hb_str_text(h->in, s->unit));
        history_json_count(w, "index", k->index);
        history_json_string(w, "commit", hb_history_commit(&h->runs[k->index]));
        history_json_number(w, "change", before == after ? 0 : before == 0 ? NAN : after / before - 1);
        history_json_number(w, "p", k->p);
        history_json_side(w, "before", &k->before, k->nbefore);
        history_json_side(w, "after", &k->after, k->nafter);
        hb_json_map_close(w);
    }
    hb_json_array_close(w);
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_history_writer hb_history_format_json;

void hb_history_format_json(const struct hb_history *h, const struct hb_history_changes *c, const char *order,
                            struct hb_strbuf *out)
{
    struct hb_json_writer *w = hb_json_writer_new();
    hb_json_map_open(w);
    history_json_count(w, "runs", h->nruns);
    history_json_string(w, "order", order);
    history_json_number(w, "alpha", c->alpha);
    history_json_number(w, "confidence", c->confidence);
    history_json_count(w, "min_segment", c->min_segment);
    if (c->exact) { /* timed histories' json stays as it was */
        hb_json_key(w, "exact");
        hb_json_bool(w, true);
        history_json_number(w, "exact_change", c->exact_change);
    }
    history_json_config_changes(h, w);
    families(h, c, w);
    changes(h, c, w);
    hb_json_map_close(w);
    size_t len;
    const char *text = hb_json_writer_text(w, &len);
    if (!text) /* only unbalanced calls above can refuse the document */
        abort();
    hb_strbuf_append(out, text, len);
    hb_json_writer_free(w);
}

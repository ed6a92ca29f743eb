/* describe.c — the keys and measurements in sentences, and the figures' one format. */
#include "describe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "hb_hash_cli.h"
#include "hb_strbuf.h"

static void add_line(char ***lines, size_t *n, size_t *cap, char *line)
{
    hb_grow((void **)lines, cap, *n + 1, sizeof **lines);
    (*lines)[(*n)++] = line;
}

static char *keysets_text(const struct hb_advice_machine *m)
{
    struct hb_strbuf b = {0};
    for (size_t i = 0; i < m->spread.nkeysets; i++)
        hb_strbuf_printf(&b, "%s%s (%llu keys)", i ? ", " : "",
                         m->spread.keysets[i].spec ? m->spread.keysets[i].spec : "?",
                         (unsigned long long)m->spread.keysets[i].keys);
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

size_t hb_advice_describe(const struct hb_advice_machine *m, char ***lines)
{
    size_t n = 0, cap = 0;
    *lines = NULL;
    const struct hb_advice_keys *k = &m->keys;
    char noop[32];
    hb_advice_ns(noop, sizeof noop, m->noop.median, m->noop.present);
    if (k->from_file) {
        char *sample = k->sampled ? hb_xasprintf(" (a fixed-seed sample of %llu was used)", (unsigned long long)k->used)
                                  : hb_xstrdup("");
        add_line(lines, &n, &cap,
                 hb_xasprintf("Keys: %llu in %s%s; %llu distinct, %llu duplicates (repeats of a key, not collisions).",
                              (unsigned long long)k->in_file, k->file ? k->file : "the file", sample,
                              (unsigned long long)hb_advice_distinct_keys(m), (unsigned long long)k->duplicates));
        free(sample);
        add_line(lines, &n, &cap,
                 hb_xasprintf("Lengths min %llu, median %llu, p99 %llu, max %llu bytes; %llu empty, %llu CRLF endings "
                              "removed, %llu not UTF-8.",
                              (unsigned long long)k->length_min, (unsigned long long)k->length_median,
                              (unsigned long long)k->length_p99, (unsigned long long)k->length_max,
                              (unsigned long long)k->empty, (unsigned long long)k->crlf,
                              (unsigned long long)k->not_utf8));
    } else {
        char *sets = keysets_text(m);
        add_line(
            lines, &n, &cap,
            hb_xasprintf("Keys: synthetic. Times come from the run's size:%s rows (one %s-byte input per call); spread "
                         "from hbspread's keysets %s.",
                         m->rows, m->rows, sets));
        free(sets);
    }
    add_line(lines, &n, &cap,
             hb_xasprintf("Spread: hbspread over %llu buckets (%s), avalanche on %llu random keys of each size.",
                          (unsigned long long)m->spread.buckets, m->spread.bucketing ? m->spread.bucketing : "mod",
                          (unsigned long long)m->spread.avalanche_keys));
    add_line(lines, &n, &cap,
             hb_xasprintf(
                 "Times: %zu process%s (each with its own row order, buffer offset and environment; the "
                 "unit of replication), at most %zu repetition%s in each; a figure is the median of its process "
                 "medians with its 90%% interval over the processes, keys in cache; every figure includes the "
                 "loop and call overhead (noop: %s ns per key).",
                 m->processes, m->processes == 1 ? "" : "es", m->repetitions, m->repetitions == 1 ? "" : "s", noop));
    if (m->nruns > 1)
        add_line(
            lines, &n, &cap,
            hb_xasprintf("Pooled: %zu runs on this machine (%s), their processes taken together.", m->nruns, m->dir));
    if (k->load_ram)
        add_line(lines, &n, &cap, hb_xasprintf("From DRAM: %s.", k->load_ram));
    uint64_t distinct = hb_advice_distinct_keys(m);
    if (distinct < HB_FEW_KEYS)
        add_line(
            lines, &n, &cap,
            hb_xasprintf("Only %llu distinct keys, fewer than %d: the spread tests cannot tell hashes apart at this "
                         "count (a FAIL still counts, a pass says little), so the lists rank speed only.",
                         (unsigned long long)distinct, HB_FEW_KEYS));
    if (m->processes < HB_INTERVAL_MIN_PROCESSES)
        add_line(lines, &n, &cap,
                 hb_xasprintf("With %zu process%s no 90%% interval can be computed (%d are needed)%s.", m->processes,
                              m->processes == 1 ? "" : "es", HB_INTERVAL_MIN_PROCESSES,
                              m->processes < HB_HALF_MIN_PROCESSES
                                  ? ", and fewer than 3 tell no two entries apart: every "
                                    "fastest set holds every entry"
                                  : ""));
    return n;
}

void hb_advice_lines_free(char **lines, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

void hb_advice_ns(char *out, size_t len, double seconds, int present)
{
    if (!present || !isfinite(seconds))
        snprintf(out, len, "-");
    else
        snprintf(out, len, "%.2f", seconds * 1e9);
}

void hb_advice_ns_interval(char *out, size_t len, const struct hb_advice_interval *x)
{
    if (!hb_advice_interval_finite(x))
        snprintf(out, len, "-");
    else
        snprintf(out, len, "[%.2f, %.2f]", x->lo * 1e9, x->hi * 1e9);
}

void hb_advice_ns_exact(char *out, size_t len, double seconds)
{
    if (!isfinite(seconds))
        snprintf(out, len, "%s", "");
    else
        snprintf(out, len, "%.3f", seconds * 1e9);
}

const char *hb_advice_dos_name(int dos)
{
    switch (dos) {
    case HB_DOS_NONE: return "none";
    case HB_DOS_SEEDED: return "seeded";
    case HB_DOS_SEED_INDEPENDENT: return "seed-independent";
    case HB_DOS_PRF: return "prf";
    }
    return "-";
}

const char *hb_advice_output_name(int output)
{
    return output == HB_OUTPUT_UNSET ? "-" : hb_output_name((enum hb_output)output);
}

void hb_advice_entry_label(const struct hb_advice_entry *e, char *out, size_t len)
{
    snprintf(out, len, "%s/%s", e->name, e->impl);
}

void hb_advice_excluded_by_reason(const struct hb_advice_result *r,
                                  void (*emit)(const char *reason, const char *names, void *arg), void *arg)
{
    bool *done = hb_xcalloc(r->nexcluded + 1, sizeof *done);
    for (size_t i = 0; i < r->nexcluded; i++) {
        if (done[i])
            continue;
        struct hb_strbuf names = {0};
        for (size_t j = i; j < r->nexcluded; j++) {
            if (done[j] || strcmp(r->excluded[j].reason, r->excluded[i].reason) != 0)
                continue;
            done[j] = true;
            hb_strbuf_printf(&names, "%s%s", names.len ? ", " : "", r->excluded[j].name);
        }
        emit(r->excluded[i].reason, hb_strbuf_cstr(&names), arg);
        hb_strbuf_free(&names);
    }
    free(done);
}

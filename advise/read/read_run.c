/* read_run.c — hashbench's Google Benchmark JSON through hbstat's reader (summarise/input): the
 * rows of one size (size:keys by default) filed by suite and load under each algorithm/impl, each
 * cell's repetitions summarised as hbstat does (median and its 90% order-statistic interval), and
 * the context's members (keys_*, host_name, cpu_model) handed over as the reader reads them. */
#include "read_run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "collect.h"
#include "hb_alloc.h"
#include "reader.h"

static char *text_of(const char *value, size_t len)
{
    return hb_xstrndup(value, len);
}

/* The number a keys_* value starts with ("0 (the '\r' before '\n' removed)" is 0). */
static uint64_t leading_count(const char *value, size_t len)
{
    uint64_t v = 0;
    for (size_t i = 0; i < len && value[i] >= '0' && value[i] <= '9'; i++)
        v = v * 10 + (uint64_t)(value[i] - '0');
    return v;
}

static bool key_is(const char *key, size_t len, const char *want)
{
    return strlen(want) == len && memcmp(key, want, len) == 0;
}

/* The keys_* members this advisor reads, and where each goes. */
static void on_context_member(void *arg, const char *key, size_t key_len, const char *value, size_t value_len)
{
    struct hb_advice_machine *m = arg;
    static const struct {
        const char *key;
        size_t offset;
    } counts[] = {
        {"keys_in_file", offsetof(struct hb_advice_keys, in_file)},
        {"keys_used", offsetof(struct hb_advice_keys, used)},
        {"keys_duplicates", offsetof(struct hb_advice_keys, duplicates)},
        {"keys_empty", offsetof(struct hb_advice_keys, empty)},
        {"keys_crlf", offsetof(struct hb_advice_keys, crlf)},
        {"keys_not_utf8", offsetof(struct hb_advice_keys, not_utf8)},
        {"keys_length_min", offsetof(struct hb_advice_keys, length_min)},
        {"keys_length_median", offsetof(struct hb_advice_keys, length_median)},
        {"keys_length_p99", offsetof(struct hb_advice_keys, length_p99)},
        {"keys_length_max", offsetof(struct hb_advice_keys, length_max)},
    };
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        if (key_is(key, key_len, counts[i].key)) {
            *(uint64_t *)((char *)&m->keys + counts[i].offset) = leading_count(value, value_len);
            m->keys.from_file = true;
            if (key_is(key, key_len, "keys_used"))
                m->keys.sampled = memmem(value, value_len, "sample", 6) != NULL;
            return;
        }
    }
    char **text = key_is(key, key_len, "keys_file")       ? &m->keys.file
                  : key_is(key, key_len, "keys_format")   ? &m->keys.format
                  : key_is(key, key_len, "keys_load_ram") ? &m->keys.load_ram
                  : key_is(key, key_len, "host_name")     ? &m->host
                  : key_is(key, key_len, "cpu_model")     ? &m->cpu_model
                                                          : NULL;
    if (text) {
        free(*text);
        *text = text_of(value, value_len);
    }
}

static struct hb_advice_timing *timing_for(struct hb_advice_machine *m, size_t *cap, const char *name, const char *impl)
{
    for (size_t i = 0; i < m->ntimings; i++)
        if (strcmp(m->timings[i].name, name) == 0 && strcmp(m->timings[i].impl, impl) == 0)
            return &m->timings[i];
    hb_grow((void **)&m->timings, cap, m->ntimings + 1, sizeof *m->timings);
    struct hb_advice_timing *t = &m->timings[m->ntimings++];
    *t = (struct hb_advice_timing){hb_xstrdup(name), hb_xstrdup(impl), {0}, {0}, {0}, NULL, {0}, {0}};
    return t;
}

/* Files every collected cell (one per suite, load, algorithm and implementation) under its
 * algorithm/implementation. */
static void file_cells(const struct hb_collector *c, const struct hb_intern *in, struct hb_advice_machine *m)
{
    size_t cap = 0;
    for (size_t i = 0; i < c->ncells; i++) {
        const struct hb_cell *cell = &c->cells[i];
        if (!cell->n)
            continue;
        hb_tuple table = c->tables[cell->table].key;
        const char *suite = hb_advice_field_text(in, table, 0), *load = hb_advice_field_text(in, table, 1);
        const char *name = hb_advice_field_text(in, cell->row, 0), *impl = hb_advice_field_text(in, cell->row, 1);
        if (cell->n > m->repetitions)
            m->repetitions = cell->n;
        if (strcmp(suite, "baseline") == 0) {
            if (strcmp(name, "noop") == 0 && strcmp(load, "cpu") == 0)
                m->noop = hb_advice_summarise_cell(cell);
            continue;
        }
        struct hb_advice_interval *slot = NULL;
        bool latency = strcmp(suite, "latency") == 0;
        if (latency)
            slot = &timing_for(m, &cap, name, impl)->latency;
        else if (strcmp(suite, "throughput") == 0 && strcmp(load, "cpu") == 0)
            slot = &timing_for(m, &cap, name, impl)->throughput;
        else if (strcmp(suite, "throughput") == 0 && strcmp(load, "ram") == 0)
            slot = &timing_for(m, &cap, name, impl)->ram;
        if (!slot)
            continue;
        *slot = hb_advice_summarise_cell(cell);
        m->has_latency = m->has_latency || latency;
    }
}

static void file_machine(const struct hb_collector *c, const struct hb_intern *in, void *arg)
{
    file_cells(c, in, arg);
}

int hb_advice_read_run(const char *path, const char *rows, struct hb_advice_machine *m, char **error)
{
    char *query = hb_xasprintf(".unit:sec/op /size:%s", rows);
    struct hb_read_context hooks = {.context_member = on_context_member, .context_arg = m};
    int rc = hb_advice_collect(path, query, ".name,/load", "/algo,/impl", &hooks, file_machine, m, error);
    free(query);
    if (rc)
        return rc;
    free(m->rows);
    m->rows = hb_xstrdup(rows);
    if (!m->ntimings) {
        *error = hb_xasprintf("%s: no timing rows at size:%s (hashbench --keys FILE --size keys writes them; "
                              "hbadvise --rows names another size)",
                              path, rows);
        return -1;
    }
    return 0;
}

/* read_spread.c — hbspread's JSON streamed through common's path reader (hb_json_reader.h): only
 * the members its readers use are kept (the config, the verdict rule's bounds, the keysets, each
 * algorithm's verdicts, its collisions on the first and the headline keyset, its battery and its
 * shards), the file is read
 * in chunks by summarise/input's reader, and strings, nesting and counts are bounded, so a hostile
 * file costs bounded memory and ends with one line. Members are found by their path from the top
 * ("algorithms", an element, "verdicts", "buckets", "verdict"); unknown members are ignored. */
#include "read_spread.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunked_file.h"
#include "hb_alloc.h"
#include "hb_json_reader.h"
#include "read_battery.h"
#include "read_shards.h"

struct spread_state {
    struct hb_spread_file *m;
    struct hb_json_reader *r;
    const struct hb_json_path *p; /* of the event being read */
    bool saw_schema, saw_buckets, saw_algorithms, saw_algorithm_keysets;
    size_t keysets_cap, spread_cap;
};

static struct hb_spread_algorithm *current_algorithm(struct spread_state *s)
{
    return &s->m->algorithms[s->m->nalgorithms - 1];
}

static bool parse_double(const char *text, size_t len, double *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    *out = strtod(buf, &end);
    return *end == '\0';
}

static int on_count(struct spread_state *s, const char *text, size_t len, uint64_t *out, const char *what)
{
    if (!hb_spread_count_of(text, len, out))
        return hb_json_fail(s->r, "%s is not a count: %.*s", what, (int)(len < 40 ? len : 40), text);
    return 1;
}

/* The verdict tests, by the key hbspread gives them under "verdicts". */
static int test_of(const char *key)
{
    for (int t = 0; t < HB_TESTS; t++)
        if (strcmp(hb_spread_test_key((enum hb_spread_test)t), key) == 0)
            return t;
    return -1;
}

/* A string member: a repeated key keeps its last value (JSON allows it), the earlier one freed. */
static void replace(char **member, const char *text, size_t len)
{
    free(*member);
    *member = hb_xstrndup(text, len);
}

/* Inside an algorithm's "battery" member: its path from there into keys (HB_SPREAD_MAX_DEPTH at
 * most), and how many; -1 elsewhere. */
static int battery_path(const struct spread_state *s, const char **keys)
{
    const struct hb_json_step *st = s->p->steps;
    if (s->p->depth < 3 || !st[0].is_map || strcmp(st[0].key, "algorithms") != 0 || st[1].is_map || !st[2].is_map ||
        strcmp(st[2].key, "battery") != 0)
        return -1;
    for (int i = 3; i < s->p->depth; i++)
        keys[i - 3] = st[i].is_map ? st[i].key : HB_BATTERY_ELEMENT;
    return s->p->depth - 3;
}

/* Inside an element of an algorithm's "shards" (0) or "rendezvous" (1) array, at the depth of
 * its members (member) or of the element itself; -1 elsewhere. */
static int shards_part(const struct spread_state *s, bool member)
{
    const struct hb_json_step *st = s->p->steps;
    if (s->p->depth != (member ? 5 : 4) || !st[0].is_map || strcmp(st[0].key, "algorithms") != 0 || st[1].is_map ||
        !st[2].is_map || st[3].is_map || (member && !st[4].is_map))
        return -1;
    return strcmp(st[2].key, "shards") == 0 ? 0 : strcmp(st[2].key, "rendezvous") == 0 ? 1 : -1;
}

/* A member reader's verdict on a value (battery, shards): its error, if any, becomes the file's. */
static int member_said(struct spread_state *s, int rc, char *why)
{
    if (rc == 0)
        return 1;
    hb_json_fail(s->r, "algorithm #%zu: %s", s->m->nalgorithms, why ? why : "?");
    free(why);
    return 0;
}

static int on_scalar(struct spread_state *s, bool is_string, const char *text, size_t len)
{
    struct hb_spread_file *m = s->m;
    const struct hb_json_step *st = s->p->steps;
    const char *keys[HB_SPREAD_MAX_DEPTH];
    int below = battery_path(s, keys);
    if (below >= 0) {
        char *why = NULL;
        int rc = hb_read_battery_scalar(current_algorithm(s)->battery, keys, below, is_string, text, len, &why);
        return member_said(s, rc, why);
    }
    int part = shards_part(s, true);
    if (part >= 0) {
        char *why = NULL;
        return member_said(
            s, hb_read_shards_scalar(current_algorithm(s), part == 1, st[4].key, is_string, text, len, &why), why);
    }
    if (hb_json_at(s->p, 3, "config", "shard_counts", HB_JSON_ELEMENT) ||
        hb_json_at(s->p, 3, "config", "rendezvous_servers", HB_JSON_ELEMENT)) {
        char *why = NULL;
        if (hb_read_shard_count(m, strcmp(st[1].key, "rendezvous_servers") == 0, is_string, text, len, &why)) {
            hb_json_fail(s->r, "%s", why);
            free(why);
            return 0;
        }
        return 1;
    }
    if (hb_json_at(s->p, 1, "hbspread_schema")) {
        uint64_t schema;
        if (is_string || !hb_spread_count_of(text, len, &schema) || schema != 1)
            return hb_json_fail(s->r, "hbspread_schema %.*s is not 1 (written by another hbspread?)",
                                (int)(len < 20 ? len : 20), text);
        s->saw_schema = true;
    } else if (hb_json_at(s->p, 2, "config", "buckets")) {
        s->saw_buckets = true;
        return on_count(s, text, len, &m->buckets, "config.buckets");
    } else if (hb_json_at(s->p, 2, "config", "avalanche_keys_per_size")) {
        return on_count(s, text, len, &m->avalanche_keys, "config.avalanche_keys_per_size");
    } else if (hb_json_at(s->p, 2, "verdict_rule", "warn_log2_p") && !is_string) {
        if (!parse_double(text, len, &m->warn_log2_p))
            return hb_json_fail(s->r, "verdict_rule.warn_log2_p is not a number");
    } else if (hb_json_at(s->p, 2, "verdict_rule", "fail_log2_p") && !is_string) {
        if (!parse_double(text, len, &m->fail_log2_p))
            return hb_json_fail(s->r, "verdict_rule.fail_log2_p is not a number");
    } else if (hb_json_at(s->p, 1, "headline_keyset")) {
        if (s->saw_algorithm_keysets)
            return hb_json_fail(s->r,
                                "headline_keyset comes after the algorithms' keysets (hbspread writes it before them)");
        return on_count(s, text, len, &m->headline_keyset, "headline_keyset");
    } else if (hb_json_at(s->p, 2, "config", "bucketing") && is_string) {
        replace(&m->bucketing, text, len);
    } else if (hb_json_at(s->p, 3, "keysets", HB_JSON_ELEMENT, "spec") && is_string) {
        replace(&m->keysets[m->nkeysets - 1].spec, text, len);
    } else if (hb_json_at(s->p, 3, "keysets", HB_JSON_ELEMENT, "title") && is_string) {
        replace(&m->keysets[m->nkeysets - 1].title, text, len);
    } else if (hb_json_at(s->p, 3, "keysets", HB_JSON_ELEMENT, "keys")) {
        return on_count(s, text, len, &m->keysets[m->nkeysets - 1].keys, "keysets[].keys");
    } else if (hb_json_at(s->p, 3, "algorithms", HB_JSON_ELEMENT, "name") && is_string) {
        replace(&current_algorithm(s)->name, text, len);
    } else if (hb_json_at(s->p, 3, "algorithms", HB_JSON_ELEMENT, "impl") && is_string) {
        replace(&current_algorithm(s)->impl, text, len);
    } else if (hb_json_at(s->p, 3, "algorithms", HB_JSON_ELEMENT, "skipped") && is_string) {
        replace(&current_algorithm(s)->skipped, text, len);
    } else if (hb_json_at(s->p, 3, "algorithms", HB_JSON_ELEMENT, "out_bits")) {
        uint64_t bits = 0;
        if (!on_count(s, text, len, &bits, "out_bits"))
            return 0;
        current_algorithm(s)->out_bits = bits > 1u << 16 ? 1u << 16 : (unsigned)bits;
    } else if (s->p->depth == 6 && hb_json_at(s->p, 6, "algorithms", HB_JSON_ELEMENT, "keysets", HB_JSON_ELEMENT,
                                              "collisions", st[5].key)) {
        s->saw_algorithm_keysets = true;
        size_t k = st[3].index;
        bool first = k == 0, headline = k == m->headline_keyset;
        struct hb_spread_algorithm *a = current_algorithm(s);
        if (strcmp(st[5].key, "pairs") == 0 && (first || headline)) {
            uint64_t pairs = 0;
            if (!on_count(s, text, len, &pairs, "collisions.pairs"))
                return 0;
            if (first)
                a->pairs = pairs;
            if (headline)
                a->headline.pairs = pairs, a->headline.present = true;
        } else if (strcmp(st[5].key, "expected") == 0 && (first || headline)) {
            double expected = 0;
            if (!parse_double(text, len, &expected))
                return hb_json_fail(s->r, "collisions.expected is not a number");
            if (first)
                a->expected = expected;
            if (headline)
                a->headline.expected = expected, a->headline.present = true;
        }
    } else if (s->p->depth == 5 &&
               hb_json_at(s->p, 5, "algorithms", HB_JSON_ELEMENT, "verdicts", st[3].key, st[4].key)) {
        int t = test_of(st[3].key);
        if (t < 0)
            return 1;
        struct hb_spread_algorithm *a = current_algorithm(s);
        if (strcmp(st[4].key, "verdict") == 0) {
            enum hb_spread_verdict v = HB_VERDICT_NONE;
            for (int k = HB_VERDICT_PASS; k <= HB_VERDICT_FAIL; k++)
                if (is_string && len == strlen(hb_spread_verdict_name((enum hb_spread_verdict)k)) &&
                    memcmp(text, hb_spread_verdict_name((enum hb_spread_verdict)k), len) == 0)
                    v = (enum hb_spread_verdict)k;
            if (v == HB_VERDICT_NONE)
                return hb_json_fail(s->r, "unknown verdict \"%.*s\" (pass, warn or FAIL)", (int)(len < 20 ? len : 20),
                                    text);
            a->verdict[t] = v;
        } else if (strcmp(st[4].key, "scaled_log2_p") == 0 && !is_string) {
            parse_double(text, len, &a->scaled_log2_p[t]);
        }
    }
    return 1;
}

/* A container opens: an object in "keysets" or "algorithms" is the next one (bounded); the
 * battery reader sees what opens inside an algorithm's "battery". */
static int on_open(struct spread_state *s, bool is_map)
{
    if (s->p->depth == 0 && !is_map)
        return hb_json_fail(s->r, "not hbspread's JSON: the top level is an array");
    struct hb_spread_file *m = s->m;
    const char *keys[HB_SPREAD_MAX_DEPTH];
    int below = battery_path(s, keys);
    if (below >= 0) {
        char *why = NULL;
        int rc = hb_read_battery_open(&current_algorithm(s)->battery, keys, below, &why);
        if (!member_said(s, rc, why))
            return 0;
    }
    int part = shards_part(s, false);
    if (is_map && part >= 0) {
        char *why = NULL;
        if (!member_said(s, hb_read_shards_open(current_algorithm(s), part == 1, &why), why))
            return 0;
    }
    if (is_map && hb_json_at(s->p, 2, "keysets", HB_JSON_ELEMENT)) {
        if (m->nkeysets >= HB_SPREAD_MAX_KEYSETS)
            return hb_json_fail(s->r, "more than %d keysets, the most allowed", HB_SPREAD_MAX_KEYSETS);
        hb_grow((void **)&m->keysets, &s->keysets_cap, m->nkeysets + 1, sizeof *m->keysets);
        m->keysets[m->nkeysets++] = (struct hb_spread_keyset){0};
    } else if (is_map && hb_json_at(s->p, 2, "algorithms", HB_JSON_ELEMENT)) {
        if (m->nalgorithms >= HB_SPREAD_MAX_ALGORITHMS)
            return hb_json_fail(s->r, "more than %d algorithms, the most allowed", HB_SPREAD_MAX_ALGORITHMS);
        hb_grow((void **)&m->algorithms, &s->spread_cap, m->nalgorithms + 1, sizeof *m->algorithms);
        m->algorithms[m->nalgorithms++] = (struct hb_spread_algorithm){0};
    } else if (!is_map && hb_json_at(s->p, 1, "algorithms")) {
        s->saw_algorithms = true;
    }
    return 1;
}

static int on_spread_event(void *arg, const struct hb_json_path *path, enum hb_json_event event, const char *text,
                           size_t len)
{
    struct spread_state *s = arg;
    s->p = path;
    switch (event) {
    case HB_JSON_NULL:
    case HB_JSON_BOOL:
    case HB_JSON_NUMBER: return on_scalar(s, false, text, len);
    case HB_JSON_STRING: return on_scalar(s, true, text, len);
    case HB_JSON_MAP_OPEN: return on_open(s, true);
    case HB_JSON_ARRAY_OPEN: return on_open(s, false);
    case HB_JSON_MAP_CLOSE:
        /* A finished algorithm (an object in "algorithms", not an array there, which adds no
         * algorithm) must have said who it is. */
        if (hb_json_at(s->p, 2, "algorithms", HB_JSON_ELEMENT)) {
            const struct hb_spread_algorithm *a = current_algorithm(s);
            if (!a->name || !a->impl)
                return hb_json_fail(s->r, "algorithm #%zu has no \"name\" or \"impl\"", s->m->nalgorithms);
        }
        return 1;
    case HB_JSON_KEY:
    case HB_JSON_ARRAY_CLOSE: return 1;
    }
    return 1;
}

int hb_spread_read(const char *path, struct hb_spread_file *m, char **error)
{
    /* summarise/input's reader: bounded chunks, and a FIFO, a directory or a device is refused or
     * read as hbstat reads it, never waited on */
    struct hb_input in;
    if (hb_input_open(&in, path, error))
        return -1;
    m->warn_log2_p = m->fail_log2_p = NAN;
    struct spread_state s = {.m = m};
    s.r = hb_json_reader_new(path, (struct hb_json_limits){HB_SPREAD_MAX_DEPTH, HB_SPREAD_MAX_STRING}, on_spread_event,
                             &s);
    char *why = NULL;
    size_t total = 0;
    for (;;) {
        long got = hb_input_fill(&in, &why);
        if (got <= 0)
            break;
        total += (size_t)got;
        int rc = hb_json_reader_feed(s.r, in.buf, in.len, NULL);
        hb_input_consume(&in, in.len);
        if (rc) {
            why = hb_json_reader_error(s.r, NULL);
            break;
        }
    }
    if (!why && total == 0)
        why = hb_xasprintf("%s: empty file", path);
    else if (!why && hb_json_reader_finish(s.r))
        why = hb_json_reader_error(s.r, NULL);
    if (!why && !s.saw_schema)
        why = hb_xasprintf("%s: not hbspread --format json output (no \"hbspread_schema\")", path);
    else if (!why && !s.saw_buckets)
        why = hb_xasprintf("%s: no \"config.buckets\" (not hbspread --format json output?)", path);
    else if (!why && !s.saw_algorithms)
        why = hb_xasprintf("%s: no \"algorithms\" (not hbspread --format json output?)", path);
    hb_json_reader_free(s.r);
    hb_input_close(&in);
    *error = why;
    return why ? -1 : 0;
}

/* need_extras.c — what a need says besides its ranking, from need_facts.h and the folder's
 * optional files: a checksum's error figures at the record length and the user's volume (and the
 * order the volume imposes), what an Argon2id login costs here, the MAC key and tag rules (and the
 * order the tag width imposes), the key each untrusted-table entry takes, the shard spread. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "hb_alloc.h"
#include "need_facts.h"

static void note(struct hb_advice_result *r, char *text)
{
    size_t cap = r->nnotes;
    hb_grow((void **)&r->notes, &cap, r->nnotes + 1, sizeof *r->notes);
    r->notes[r->nnotes++] = text;
}

enum hb_gate hb_advice_shard_gate(const struct hb_advice_machine *m, const char *name, char **reason)
{
    const struct hb_spread_algorithm *s = NULL;
    for (size_t i = 0; i < m->shards.nalgorithms && !s; i++)
        if (strcmp(m->shards.algorithms[i].name, name) == 0)
            s = &m->shards.algorithms[i];
    if (!s) {
        *reason =
            hb_xasprintf(m->shards.nalgorithms ? "no spread over the shard count for it in shards.json"
                                               : "the spread over the shard count was not measured (no shards.json "
                                                 "in the folder: scripts/advise.sh writes it)");
        return HB_GATE_SHARDS;
    }
    if (s->skipped) {
        *reason = hb_xasprintf("hbspread skipped it: %s", s->skipped);
        return HB_GATE_SHARDS;
    }
    if (s->verdict[HB_TEST_BUCKETS] != HB_VERDICT_PASS) {
        *reason = hb_xasprintf(
            "spread over %llu shards on these keys: buckets %s", (unsigned long long)m->shards.buckets,
            s->verdict[HB_TEST_BUCKETS] == HB_VERDICT_NONE ? "not measured"
                                                           : hb_spread_verdict_name(s->verdict[HB_TEST_BUCKETS]));
        return HB_GATE_SHARDS;
    }
    return HB_GATES;
}

/* Expected undetected corruptions a year: volume corrupted records, each past a bits-bit check
 * with probability 2^-bits. */
static double undetected(double volume, unsigned bits)
{
    return volume * ldexp(1.0, -(int)bits);
}

/* Ranks the entries in two groups, every entry of the first above every one of the second, each
 * group on its own (rank.c), so that each entry's words compare it with its own group's first;
 * in_second says which group an entry is in. Returns how many are in the first group; when either
 * group is empty the whole list is ranked as one, as rank.c gives it. */
static size_t rank_in_two_groups(struct hb_advice_result *r, bool (*in_second)(const struct hb_advice_pick *, double),
                                 double arg)
{
    struct hb_advice_result group[2] = {{.rule = r->rule, .rank_by = r->rank_by, .tie_break = r->tie_break},
                                        {.rule = r->rule, .rank_by = r->rank_by, .tie_break = r->tie_break}};
    size_t cap[2] = {0, 0};
    for (size_t i = 0; i < r->nranked; i++) {
        struct hb_advice_result *g = &group[in_second(&r->ranked[i], arg)];
        free(r->ranked[i].why);
        r->ranked[i].why = NULL;
        hb_grow((void **)&g->ranked, &cap[g - group], g->nranked + 1, sizeof *g->ranked);
        g->ranked[g->nranked++] = r->ranked[i];
    }
    if (!group[0].nranked || !group[1].nranked) {
        struct hb_advice_result *g = group[0].nranked ? &group[0] : &group[1];
        free(r->ranked);
        r->ranked = g->ranked;
        free(r->noise);
        r->noise = NULL;
        hb_advice_rank(r);
        return group[0].nranked;
    }
    size_t k = 0;
    for (int i = 0; i < 2; i++) {
        hb_advice_rank(&group[i]);
        free(group[i].noise);
        for (size_t j = 0; j < group[i].nranked; j++) {
            group[i].ranked[j].tied = i == 0 && group[i].ranked[j].tied;
            r->ranked[k++] = group[i].ranked[j];
        }
        free(group[i].ranked);
    }
    return group[0].nranked;
}

/* Replaces p's words with fmt's, where %s is the words it had. */
static void reword(struct hb_advice_pick *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void reword(struct hb_advice_pick *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *why = hb_xvasprintf(fmt, ap);
    va_end(ap);
    free(p->why);
    p->why = why;
}

static bool too_narrow_for_volume(const struct hb_advice_pick *p, double volume)
{
    return undetected(volume, p->entry.props->out_bits) > HB_CHECKSUM_MAX_UNDETECTED;
}

/* Entries too narrow for the volume go after every wide enough one: speed alone never puts a
 * check that lets too many corruptions through above one that does not. */
static void order_by_volume(struct hb_advice_result *r, double volume)
{
    size_t wide = rank_in_two_groups(r, too_narrow_for_volume, volume);
    if (!wide || wide == r->nranked)
        return;
    reword(&r->ranked[0], "of the checks wide enough for your volume, %s", r->ranked[0].why);
    for (size_t i = wide; i < r->nranked; i++) {
        struct hb_advice_pick *p = &r->ranked[i];
        reword(p,
               "placed below every check wide enough for your volume (%.2g undetected corruptions a year with %u "
               "bits); among those as narrow: %s",
               undetected(volume, p->entry.props->out_bits), p->entry.props->out_bits, p->why);
    }
}

static void checksum_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                            const struct hb_advice_machine *m)
{
    uint64_t median = m->keys.from_file ? m->keys.length_median : strtoull(m->rows, NULL, 10);
    uint64_t record = p->record_size ? p->record_size : median;
    if (record == 0) {
        note(r, hb_xasprintf("Record size unknown (no --record-size, and the run records no key lengths): no "
                             "Hamming distance can be read for it."));
    } else {
        note(r, hb_xasprintf("Record: %llu bytes, a %llu-bit data word (%s).", (unsigned long long)record,
                             (unsigned long long)record * 8,
                             p->record_size ? "--record-size" : "your keys' median length; --record-size sets it"));
        if (p->record_size && m->record_rows == record)
            note(r, hb_xasprintf("Ranked on the rows at size:%llu, your record size (record.json: hashbench --suite "
                                 "throughput --size %llu, in cache), not at your keys' lengths.",
                                 (unsigned long long)record, (unsigned long long)record));
        else if (p->record_size && median && p->record_size != median)
            note(r, hb_xasprintf("The times below are at your keys' lengths (median %llu bytes), not at %llu: give "
                                 "advise.sh a file of %llu-byte records (--keys-format fixed:%llu) to rank at the "
                                 "record size.",
                                 (unsigned long long)median, (unsigned long long)record, (unsigned long long)record,
                                 (unsigned long long)record));
    }
    for (size_t i = 0; i < r->nranked; i++) {
        struct hb_advice_pick *pick = &r->ranked[i];
        const struct hb_hamming_fact *f = hb_hamming_fact(pick->entry.name);
        if (!f)
            continue;
        pick->crc = true;
        pick->burst_bits = f->width;
        pick->hamming_source = f->source;
        pick->hamming_distance = record ? hb_hamming_distance(f, record * 8) : 0;
        if (pick->hamming_distance)
            note(r,
                 hb_xasprintf("%s (%s): Hamming distance %u at %llu data bits, so every error of at most %u bits "
                              "is caught, and every burst of at most %u bits; source: %s; bursts: %s.",
                              pick->entry.name, f->polynomial, pick->hamming_distance, (unsigned long long)record * 8,
                              pick->hamming_distance - 1, f->width, f->source, HB_BURST_SOURCE));
        else
            note(r, hb_xasprintf("%s (%s): every burst of at most %u bits is caught (%s); its Hamming distance at "
                                 "%llu data bits: %s.",
                                 pick->entry.name, f->polynomial, f->width, HB_BURST_SOURCE,
                                 (unsigned long long)record * 8,
                                 f->max_bits[0] ? "longer than every length the source lists" : f->source));
    }
    double threshold32 = HB_CHECKSUM_MAX_UNDETECTED * ldexp(1.0, 32);
    note(r, hb_xasprintf("Against random corruption a b-bit check lets a corrupted record through with probability "
                         "2^-b (32 bits: %.2g, 64 bits: %.2g), if its output is uniform; misplaced or stale blocks "
                         "that carry a valid check of their own are not random corruption, and only a check over "
                         "the block's identity (its position, its key) catches them.",
                         ldexp(1.0, -32), ldexp(1.0, -64)));
    if (p->volume > 0) {
        note(r, hb_xasprintf("At your volume, %.3g corrupted records a year reaching the check: 32 bits expect %.3g "
                             "undetected a year, 64 bits %.3g, 128 bits %.3g. A width is too few above %g a year, so "
                             "32 bits are too few above %.3g corrupted records a year%s.",
                             p->volume, undetected(p->volume, 32), undetected(p->volume, 64),
                             undetected(p->volume, 128), HB_CHECKSUM_MAX_UNDETECTED, threshold32,
                             undetected(p->volume, 32) > HB_CHECKSUM_MAX_UNDETECTED
                                 ? ": yours is above it, so every 32-bit check is listed after the wider ones"
                                 : ""));
        order_by_volume(r, p->volume);
    } else {
        note(r, hb_xasprintf("No --volume given: 32 bits become too few (more than %g expected undetected a year) "
                             "above %.3g corrupted records a year reaching the check.",
                             HB_CHECKSUM_MAX_UNDETECTED, threshold32));
    }
}

static void password_extras(struct hb_advice_result *r, const struct hb_advice_machine *const *machines,
                            size_t nmachines)
{
    for (size_t i = 0; i < nmachines; i++) {
        const struct hb_advice_machine *m = machines[i];
        char tag[24] = "";
        if (nmachines > 1)
            hb_advice_machine_tag(i, tag, sizeof tag);
        if (!m->has_password_cost) {
            note(r, hb_xasprintf("%s%sArgon2id not timed here (no password-cost.txt in the folder; scripts/advise.sh "
                                 "writes it with hbadvise --time-password).",
                                 tag, *tag ? ": " : ""));
            continue;
        }
        note(r, hb_xasprintf("%s%sOne login here: Argon2id at OWASP's minimum (%u KiB, %u iterations, %u lane) "
                             "takes %.1f ms (median of %u, %.1f to %.1f ms; Debian's libargon2), about %.0f logins "
                             "a second per core: that is also what each guess costs an attacker per core.",
                             tag, *tag ? ": " : "", m->argon2_memory_kib, m->argon2_iterations, m->argon2_lanes,
                             1e3 * m->argon2_median, m->argon2_repetitions, 1e3 * m->argon2_min, 1e3 * m->argon2_max,
                             1 / m->argon2_median));
    }
}

/* The entry of name among r's ranked and left-out entries, or NULL. */
static const struct hb_hash *props_of(const struct hb_advice_result *r, const char *name)
{
    for (size_t i = 0; i < r->nranked; i++)
        if (strcmp(r->ranked[i].entry.name, name) == 0)
            return r->ranked[i].entry.props;
    for (size_t i = 0; i < r->nexcluded; i++)
        if (strcmp(r->excluded[i].name, name) == 0)
            return r->excluded[i].entry.props;
    return NULL;
}

static void order_by_tag_width(struct hb_advice_result *r);

static void mac_extras(struct hb_advice_result *r)
{
    order_by_tag_width(r);
    for (const struct hb_mac_fact *f = hb_mac_facts; f->name; f++) {
        const struct hb_hash *h = props_of(r, f->name);
        if (!h) {
            note(r, hb_xasprintf("%s: not in this build's registry or run, so not ranked here.", f->name));
            continue;
        }
        char *key = f->key ? hb_xstrdup(f->key)
                           : hb_xasprintf("exactly %u bits from a cryptographic random source (this run fills it "
                                          "from a %u-bit seed, only to be repeatable)",
                                          h->key_bits ? h->key_bits : h->seed_bits, h->seed_bits);
        note(r, hb_xasprintf("%s: key %s; tag %s.", f->name, key, f->tag));
        free(key);
    }
}

/* table-untrusted: the key each ranked entry takes, which a program draws at its full width. */
static void untrusted_extras(struct hb_advice_result *r)
{
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_hash *h = r->ranked[i].entry.props;
        if (h->key_bits)
            note(r, hb_xasprintf("%s: key %u bits (this run fills it from a %u-bit seed, only to be repeatable).",
                                 h->name, h->key_bits, h->seed_bits));
        else
            note(r, hb_xasprintf("%s: key %u bits.", h->name, h->seed_bits));
    }
}

/* crypto: the pick stands at the user's lengths; beside it, each qualifying name's fastest
 * implementation at 64 KiB (bulk.json), fastest first: long messages can order them differently,
 * and can favour another implementation of a name (a tree hash's widest SIMD path). */
static void crypto_extras(struct hb_advice_result *r, const struct hb_advice_machine *const *machines, size_t nmachines)
{
    const struct hb_advice_machine *m = machines[0];
    if (!m->bulk_rows) {
        note(r, hb_xasprintf("Ranked at your keys' lengths; long messages can order the entries differently "
                             "(hashbench --suite throughput --size 65536 measures 64 KiB; advise.sh does)."));
        return;
    }
    const struct hb_advice_timing **best = hb_xcalloc(r->nranked + 1, sizeof *best);
    size_t n = 0;
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_timing *fastest = NULL;
        for (size_t j = 0; j < m->ntimings; j++) {
            const struct hb_advice_timing *t = &m->timings[j];
            if (strcmp(t->name, r->ranked[i].entry.name) == 0 && t->bulk.present &&
                (!fastest || t->bulk.median < fastest->bulk.median))
                fastest = t;
        }
        if (!fastest)
            continue;
        size_t k = n++;
        for (; k > 0 && best[k - 1]->bulk.median > fastest->bulk.median; k--)
            best[k] = best[k - 1];
        best[k] = fastest;
    }
    char *list = hb_xstrdup("");
    for (size_t k = 0; k < n; k++) {
        char *next = hb_xasprintf("%s%s%s/%s %.2f GB/s", list, k ? ", " : "", best[k]->name, best[k]->impl,
                                  best[k]->bulk.median > 0 ? HB_BULK_BYTES / best[k]->bulk.median / 1e9 : 0.0);
        free(list);
        list = next;
    }
    char tag[24] = "";
    if (nmachines > 1)
        hb_advice_machine_tag(0, tag, sizeof tag);
    note(r, hb_xasprintf("The pick is ranked at your keys' lengths. At 64 KiB%s%s (bulk.json: hashbench --suite "
                         "throughput --size %d, in cache), each name's fastest implementation there, fastest first, "
                         "medians: %s.",
                         *tag ? " on " : "", tag, HB_BULK_BYTES, n ? list : "no entry measured"));
    free(list);
    free(best);
}

static bool narrow_tag(const struct hb_advice_pick *p, double long_tag_bits)
{
    return p->entry.props->out_bits < long_tag_bits;
}

/* mac: a tag narrower than HB_MAC_LONG_TAG_BITS (SipHash-2-4's 64 bits) is for short-lived tags
 * only, and the advisor cannot know how long yours live: every such entry goes after every wider
 * one, whatever its speed, each group ranked on its own, and says why. */
static void order_by_tag_width(struct hb_advice_result *r)
{
    size_t wide = rank_in_two_groups(r, narrow_tag, HB_MAC_LONG_TAG_BITS);
    if (!wide || wide == r->nranked)
        return;
    reword(&r->ranked[0], "of the tags of %u bits or more, %s", HB_MAC_LONG_TAG_BITS, r->ranked[0].why);
    for (size_t i = wide; i < r->nranked; i++) {
        struct hb_advice_pick *p = &r->ranked[i];
        reword(p,
               "a %u-bit tag: only for short-lived tags (the key changes long before an attacker could try 2^%u "
               "forgeries), so listed after every tag of %u bits or more whatever its speed; among those as narrow: "
               "%s",
               p->entry.props->out_bits, p->entry.props->out_bits, HB_MAC_LONG_TAG_BITS, p->why);
    }
}

static void shard_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                         const struct hb_advice_machine *const *machines, size_t nmachines)
{
    for (size_t i = 0; i < nmachines; i++) {
        const struct hb_advice_machine *m = machines[i];
        if (!m->shards.nalgorithms)
            note(r, hb_xasprintf("%s has no shards.json: the spread over the shard count was not measured, so "
                                 "nothing qualifies (scripts/advise.sh --shards N measures it; default %u).",
                                 m->dir ? m->dir : "the folder", HB_DEFAULT_SHARDS));
        else
            note(r, hb_xasprintf("Spread measured over %llu shards (h mod %llu) on your keys%s.",
                                 (unsigned long long)m->shards.buckets, (unsigned long long)m->shards.buckets,
                                 p->shards && p->shards != m->shards.buckets ? " (not the --shards given to hbadvise)"
                                                                             : ""));
    }
    for (size_t i = 0; i < r->nranked; i++) {
        const char *spec = hb_spec_fact(r->ranked[i].entry.name);
        if (spec && i < 5)
            note(r, hb_xasprintf("%s: %s.", r->ranked[i].entry.name, spec));
    }
}

void hb_advice_need_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                           const struct hb_advice_machine *const *machines, size_t nmachines)
{
    switch (r->rule->need) {
    case HB_NEED_CHECKSUM: checksum_extras(r, p, machines[0]); break;
    case HB_NEED_PASSWORD: password_extras(r, machines, nmachines); break;
    case HB_NEED_MAC: mac_extras(r); break;
    case HB_NEED_TABLE_UNTRUSTED: untrusted_extras(r); break;
    case HB_NEED_SHARD: shard_extras(r, p, machines, nmachines); break;
    case HB_NEED_TABLE:
        /* text keys are the kind attackers choose (URLs, paths, HTTP and JSON keys): say so before the list */
        if (machines[0]->keys.from_file && machines[0]->keys.not_utf8 == 0 && machines[0]->keys.format &&
            strcmp(machines[0]->keys.format, "lines") == 0)
            r->lead = hb_xasprintf("These are text keys: if URLs, paths, HTTP or JSON keys, or anything else others "
                                   "can choose are among them, this is not your need: see table-untrusted (hash "
                                   "flooding) first.");
        break;
    case HB_NEED_CRYPTO: crypto_extras(r, machines, nmachines); break;
    default: break;
    }
}

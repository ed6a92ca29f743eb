/* need_extras.c — what a need says besides its ranking, from need_facts.h and the folder's
 * optional files: a checksum's error figures at the record length and the user's volume (and the
 * order the volume imposes), what an Argon2id login costs here, the MAC key and tag rules (and the
 * order the tag width imposes), the key each untrusted-table entry takes (the shard need's:
 * shard_rules.c). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "hb_alloc.h"
#include "hb_crc_distance.h"
#include "hb_strbuf.h"
#include "need_facts.h"

/* Expected undetected corruptions a year: volume corrupted records, each past a bits-bit check
 * with probability 2^-bits. */
static double undetected(double volume, unsigned bits)
{
    return volume * ldexp(1.0, -(int)bits);
}

unsigned hb_advice_tier(const struct hb_need_rule *rule, const struct hb_advice_params *p, const struct hb_hash *h,
                        char **why)
{
    *why = NULL;
    if (!h)
        return 0;
    if (rule->need == HB_NEED_CHECKSUM && p->volume > 0) {
        if (undetected(p->volume, h->out_bits) <= HB_CHECKSUM_MAX_UNDETECTED) {
            *why = hb_xasprintf("of the checks wide enough for your volume");
            return 0;
        }
        *why = hb_xasprintf("placed below every check wide enough for your volume (%.2g undetected corruptions a "
                            "year with %u bits)",
                            undetected(p->volume, h->out_bits), h->out_bits);
        return 1;
    }
    if (rule->need == HB_NEED_MAC) {
        if (h->out_bits >= HB_MAC_LONG_TAG_BITS) {
            *why = hb_xasprintf("of the tags of %d bits or more", HB_MAC_LONG_TAG_BITS);
            return 0;
        }
        *why = hb_xasprintf("a %u-bit tag: only for short-lived tags (the key changes long before an attacker could "
                            "try 2^%u forgeries), so listed after every tag of %u bits or more whatever its speed",
                            h->out_bits, h->out_bits, HB_MAC_LONG_TAG_BITS);
        return 1;
    }
    return 0;
}

void hb_advice_error_model(const struct hb_need_rule *rule, const struct hb_advice_params *p,
                           struct hb_advice_pick *pick)
{
    if (rule->need != HB_NEED_CHECKSUM)
        return;
    uint64_t record = p->record_size ? p->record_size : HB_DEFAULT_RECORD_SIZE;
    const struct hb_crc_code *c = hb_crc_code(pick->entry.name);
    pick->error_model = true;
    if (!c) {
        pick->hamming_source = "no guaranteed Hamming distance: not a CRC, so an error of any number of bits passes "
                               "with the probability its output bits allow, and none is caught for sure";
        return;
    }
    struct hb_crc_distance d;
    hb_crc_distance_at(c, c->weights, record * 8, &d);
    pick->crc = true;
    pick->hamming_distance = d.hd;
    pick->hamming_exact = d.exact;
    pick->hamming_at_most = d.at_most;
    pick->burst_bits = c->width;
    pick->hamming_source = c->computed;
    pick->hamming_published = c->published;
}

static void checksum_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                            const struct hb_advice_machine *m)
{
    uint64_t median = m->keys.from_file ? m->keys.length_median : strtoull(m->rows, NULL, 10);
    uint64_t record = p->record_size ? p->record_size : HB_DEFAULT_RECORD_SIZE;
    r->record_size = record;
    hb_advice_note(
        r, hb_xasprintf("Record: %llu bytes, a %llu-bit data word (%s).", (unsigned long long)record,
                        (unsigned long long)record * 8,
                        p->record_size ? "--record-size" : "the default record, 4 KiB: --record-size sets yours"));
    if (m->record_rows == record)
        hb_advice_note(r, hb_xasprintf("Ranked on the rows at size:%llu, the record size (record-P.json: hashbench "
                                       "--suite throughput --size %llu, in cache), not at your keys' lengths.",
                                       (unsigned long long)record, (unsigned long long)record));
    else if (median != record)
        hb_advice_note(r, hb_xasprintf("The times below are at your keys' lengths (median %llu bytes), not at %llu: "
                                       "advise.sh times the candidates at the record size (record-P.json), or give "
                                       "it a file of %llu-byte records (--keys-format fixed:%llu).",
                                       (unsigned long long)median, (unsigned long long)record,
                                       (unsigned long long)record, (unsigned long long)record));
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_pick *pick = &r->ranked[i];
        const struct hb_crc_code *c = hb_crc_code(pick->entry.name);
        if (!c)
            continue;
        char published[600] = "";
        if (c->published)
            snprintf(published, sizeof published, "; the profile agrees with %s", c->published);
        if (pick->hamming_exact)
            hb_advice_note(r,
                           hb_xasprintf("%s (%s, generator 0x%llx): Hamming distance %u at %llu data bits, so "
                                        "every error of at most %u bits is caught, and every burst of at most %u "
                                        "bits; computed: %s%s; bursts: %s.",
                                        pick->entry.name, c->catalogue, (unsigned long long)c->poly,
                                        pick->hamming_distance, (unsigned long long)record * 8,
                                        pick->hamming_distance - 1, c->width, c->computed, published, HB_BURST_SOURCE));
        else
            hb_advice_note(r,
                           hb_xasprintf("%s (%s, generator 0x%llx): Hamming distance at least %u and at most %u "
                                        "at %llu data bits (the search did not settle it), so every error of at "
                                        "most %u bits is caught, and every burst of at most %u bits; computed: "
                                        "%s%s; bursts: %s.",
                                        pick->entry.name, c->catalogue, (unsigned long long)c->poly,
                                        pick->hamming_distance, pick->hamming_at_most, (unsigned long long)record * 8,
                                        pick->hamming_distance - 1, c->width, c->computed, published, HB_BURST_SOURCE));
    }
    double threshold32 = HB_CHECKSUM_MAX_UNDETECTED * ldexp(1.0, 32);
    hb_advice_note(
        r, hb_xasprintf("Against random corruption a b-bit check lets a corrupted record through with probability "
                        "2^-b (32 bits: %.2g, 64 bits: %.2g), if its output is uniform; misplaced or stale blocks "
                        "that carry a valid check of their own are not random corruption, and only a check over "
                        "the block's identity (its position, its key) catches them.",
                        ldexp(1.0, -32), ldexp(1.0, -64)));
    if (p->volume > 0) {
        hb_advice_note(
            r, hb_xasprintf("At your volume, %.3g corrupted records a year reaching the check: 32 bits expect %.3g "
                            "undetected a year, 64 bits %.3g, 128 bits %.3g. A width is too few above %g a year, so "
                            "32 bits are too few above %.3g corrupted records a year%s.",
                            p->volume, undetected(p->volume, 32), undetected(p->volume, 64), undetected(p->volume, 128),
                            HB_CHECKSUM_MAX_UNDETECTED, threshold32,
                            undetected(p->volume, 32) > HB_CHECKSUM_MAX_UNDETECTED
                                ? ": yours is above it, so every 32-bit check is listed after the wider ones"
                                : ""));
    } else {
        hb_advice_note(
            r, hb_xasprintf("No --volume given: 32 bits become too few (more than %g expected undetected a year) "
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
            hb_advice_note(
                r, hb_xasprintf("%s%sArgon2id not timed here (no password-cost.txt in the folder; scripts/advise.sh "
                                "writes it with hbadvise --time-password).",
                                tag, *tag ? ": " : ""));
            continue;
        }
        hb_advice_note(
            r, hb_xasprintf("%s%sOne login here: Argon2id at OWASP's minimum (%u KiB, %u iterations, %u lane) "
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

static void mac_extras(struct hb_advice_result *r)
{
    for (const struct hb_mac_fact *f = hb_mac_facts; f->name; f++) {
        const struct hb_hash *h = props_of(r, f->name);
        if (!h) {
            hb_advice_note(r, hb_xasprintf("%s: not in this build's registry or run, so not ranked here.", f->name));
            continue;
        }
        char *key = f->key ? hb_xstrdup(f->key)
                           : hb_xasprintf("exactly %u bits from a cryptographic random source (this run fills it "
                                          "from a %u-bit seed, only to be repeatable)",
                                          h->key_bits ? h->key_bits : h->seed_bits, h->seed_bits);
        hb_advice_note(r, hb_xasprintf("%s: key %s; tag %s.", f->name, key, f->tag));
        free(key);
    }
}

/* table-untrusted: the key each ranked entry takes, which a program draws at its full width. */
static void untrusted_extras(struct hb_advice_result *r)
{
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_hash *h = r->ranked[i].entry.props;
        if (h->key_bits)
            hb_advice_note(
                r, hb_xasprintf("%s: key %u bits (this run fills it from a %u-bit seed, only to be repeatable).",
                                h->name, h->key_bits, h->seed_bits));
        else
            hb_advice_note(r, hb_xasprintf("%s: key %u bits.", h->name, h->seed_bits));
    }
}

/* crypto: the pick stands at the user's lengths; beside it, the same names ranked at 64 KiB
 * (bulk-P.json) with their own fastest set, each name by its fastest implementation there (every
 * implementation with each_implementation): long messages can order them differently, and can
 * favour another implementation of a name (a tree hash's widest SIMD path). A fleet's is its first
 * machine's. */
static void crypto_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                          const struct hb_advice_machine *const *machines, size_t nmachines)
{
    const struct hb_advice_machine *m = machines[0];
    if (!m->bulk_rows) {
        hb_advice_note(r, hb_xasprintf("Ranked at your keys' lengths; long messages can order the entries differently "
                                       "(hashbench --suite throughput --size 65536 measures 64 KiB; advise.sh does)."));
        return;
    }
    struct hb_advice_result *b = hb_xcalloc(1, sizeof *b);
    *b = (struct hb_advice_result){.rule = r->rule, .rank_by = HB_MEASURE_BULK, .tie_break = HB_MEASURE_NONE};
    b->ranked = hb_xcalloc(r->nranked + 1, sizeof *b->ranked);
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_entry *e = &r->ranked[i].entry;
        const struct hb_advice_timing *fastest = NULL;
        for (size_t j = 0; j < m->ntimings; j++) {
            const struct hb_advice_timing *t = &m->timings[j];
            if (strcmp(t->name, e->name) == 0 && t->bulk.present &&
                (p->each_implementation ? strcmp(t->impl, e->impl) == 0
                                        : !fastest || t->bulk.median < fastest->bulk.median))
                fastest = t;
        }
        if (fastest)
            b->ranked[b->nranked++] = (struct hb_advice_pick){.entry = {.name = fastest->name,
                                                                        .impl = fastest->impl,
                                                                        .props = e->props,
                                                                        .order = e->order,
                                                                        .bulk = fastest->bulk}};
    }
    hb_advice_rank(b, r->confidence, !p->each_implementation);
    struct hb_strbuf list = {0};
    for (size_t k = 0; k < b->nranked; k++) {
        const struct hb_advice_pick *q = &b->ranked[k];
        hb_strbuf_printf(&list, "%s%s/%s %.2f GB/s (rank %zu",
                         k == b->nfastest ? "; then "
                         : k              ? ", "
                                          : "",
                         q->entry.name, q->entry.impl,
                         q->entry.bulk.median > 0 ? HB_BULK_BYTES / q->entry.bulk.median / 1e9 : 0.0, q->rank_lo);
        if (q->rank_hi != q->rank_lo)
            hb_strbuf_printf(&list, "-%zu", q->rank_hi);
        hb_strbuf_puts(&list, ")");
    }
    char tag[24] = "";
    if (nmachines > 1)
        hb_advice_machine_tag(0, tag, sizeof tag);
    hb_advice_note(
        r, hb_xasprintf("The pick is ranked at your keys' lengths. At 64 KiB%s%s (bulk-P.json: hashbench --suite "
                        "throughput --size %d, in cache), each name's fastest implementation there, the fastest set "
                        "at %.0f%% first, medians: %s.",
                        *tag ? " on " : "", tag, HB_BULK_BYTES, 100 * b->confidence,
                        b->nranked ? hb_strbuf_cstr(&list) : "no entry measured"));
    hb_strbuf_free(&list);
    r->bulk = b;
}

void hb_advice_need_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                           const struct hb_advice_machine *const *machines, size_t nmachines)
{
    switch (r->rule->need) {
    case HB_NEED_CHECKSUM: checksum_extras(r, p, machines[0]); break;
    case HB_NEED_PASSWORD: password_extras(r, machines, nmachines); break;
    case HB_NEED_MAC: mac_extras(r); break;
    case HB_NEED_TABLE_UNTRUSTED: untrusted_extras(r); break;
    case HB_NEED_SHARD: hb_advice_shard_extras(r, p, machines, nmachines); break;
    case HB_NEED_TABLE:
        /* text keys are the kind attackers choose (URLs, paths, HTTP and JSON keys): say so before the list */
        if (machines[0]->keys.from_file && machines[0]->keys.not_utf8 == 0 && machines[0]->keys.format &&
            strcmp(machines[0]->keys.format, "lines") == 0)
            r->lead = hb_xasprintf("These are text keys: if URLs, paths, HTTP or JSON keys, or anything else others "
                                   "can choose are among them, this is not your need: see table-untrusted (hash "
                                   "flooding) first.");
        break;
    case HB_NEED_CRYPTO: crypto_extras(r, p, machines, nmachines); break;
    default: break;
    }
}

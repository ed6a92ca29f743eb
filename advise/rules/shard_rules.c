/* shard_rules.c — the shard need's measured gate and what it says besides its list. A shard hash
 * is judged as a table hash is, by structure before the sample: a GF(2)-linear hash is never the
 * pick (its weights break rendezvous hashing whatever the keys, and keys with structure fill few
 * of h mod N's shards), nor one the battery fails for the bits h mod N consumes; then the keys'
 * spread over every shard count tested (hbspread --shards) and over rendezvous servers (hbspread
 * --rendezvous) must pass, all from spread.json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "hb_alloc.h"
#include "need_facts.h"

/* The counts advise.sh asks hbspread for besides the user's: the powers of two to 1024 and the
 * small counts that are not (hbadvise --shard-counts prints them). */
static const unsigned standard_counts[] = {2, 3, 4, 5, 8, 12, 16, 32, 64, 128, 256, 512, 1024};
static const unsigned rendezvous_servers[] = {3, 5};

/* The battery's bits selections h mod N consumes: the low bits for a power of two, every bit
 * (as a prime modulus takes them) for any other count. */
static const char *const shard_views[] = {"low", "mod-prime"};

void hb_advice_shard_counts(unsigned shards, char *out, size_t len)
{
    size_t n = 0;
    bool placed = false;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof standard_counts / sizeof *standard_counts; i++) {
        if (!placed && shards <= standard_counts[i]) {
            if (shards < standard_counts[i])
                n += (size_t)snprintf(out + n, n < len ? len - n : 0, "%s%u", n ? "," : "", shards);
            placed = true;
        }
        n += (size_t)snprintf(out + n, n < len ? len - n : 0, "%s%u", n ? "," : "", standard_counts[i]);
    }
    if (!placed)
        snprintf(out + n, n < len ? len - n : 0, ",%u", shards);
}

void hb_advice_rendezvous_servers(char *out, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof rendezvous_servers / sizeof *rendezvous_servers; i++)
        n += (size_t)snprintf(out + n, n < len ? len - n : 0, "%s%u", i ? "," : "", rendezvous_servers[i]);
}

void hb_advice_shard_words(bool servers, char *out, size_t len)
{
    const unsigned *v = servers ? rendezvous_servers : standard_counts;
    size_t n = servers ? sizeof rendezvous_servers / sizeof *rendezvous_servers
                       : sizeof standard_counts / sizeof *standard_counts,
           used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        used += (size_t)snprintf(out + used, used < len ? len - used : 0, "%s%u",
                                 i == 0      ? ""
                                 : i + 1 < n ? ", "
                                             : " and ",
                                 v[i]);
}

static enum hb_gate structure_gate(const struct hb_spread_algorithm *s, char **reason)
{
    const struct hb_spread_battery *b = s->battery;
    if (!b || !b->present) {
        *reason = hb_xasprintf("no structure battery on record (spread.json written without hbspread --battery): a "
                               "linear hash cannot be told from a sample of the keys, so nothing is picked unchecked");
        return HB_GATE_BATTERY;
    }
    if (b->linear) {
        *reason = hb_xasprintf(
            "linear over GF(2): h(a)^h(b)^h(c)^h(a^b^c) was 0 in %llu of %llu random triples, so a weight "
            "h(key || server) is A(key) ^ B(server) and rendezvous hashing gives one of three servers half the keys "
            "whatever the keys, and keys that differ in a few bit patterns fill as few of h mod N's shards as the "
            "rank of those differences allows; never the pick",
            (unsigned long long)b->zero, (unsigned long long)b->triples);
        return HB_GATE_BATTERY;
    }
    for (size_t i = 0; i < b->ndesigns; i++) {
        const struct hb_spread_battery_design *d = &b->designs[i];
        for (size_t v = 0; v < sizeof shard_views / sizeof *shard_views; v++) {
            if (!d->fail || strcmp(d->bits, shard_views[v]) != 0)
                continue;
            *reason = hb_xasprintf("the structure battery fails for the %s bits h mod N consumes: keys i*2^%u in %llu "
                                   "buckets occupy %llu where a random function fills %.0f",
                                   d->bits, d->stride_log2, 1ull << d->buckets_log2, (unsigned long long)d->occupied,
                                   d->expected);
            return HB_GATE_BATTERY;
        }
    }
    return HB_GATES;
}

enum hb_gate hb_advice_shard_gate(const struct hb_advice_machine *m, const char *name, char **reason)
{
    const struct hb_spread_algorithm *s = hb_advice_find_spread(m, name);
    if (!s) {
        *reason = hb_xasprintf("no spread result for it in spread.json");
        return HB_GATE_SHARDS;
    }
    if (s->skipped) {
        *reason = hb_xasprintf("hbspread skipped it: %s", s->skipped);
        return HB_GATE_SHARDS;
    }
    enum hb_gate g = structure_gate(s, reason);
    if (g != HB_GATES)
        return g;
    if (!s->shards || !s->shards->ncounts || !s->shards->nrendezvous) {
        *reason = hb_xasprintf("the spread over shard counts and rendezvous servers was not measured (spread.json "
                               "written without hbspread --shards and --rendezvous: scripts/advise.sh measures them)");
        return HB_GATE_SHARDS;
    }
    for (int rendezvous = 0; rendezvous < 2; rendezvous++) {
        const struct hb_spread_shard *list = rendezvous ? s->shards->rendezvous : s->shards->counts;
        size_t n = rendezvous ? s->shards->nrendezvous : s->shards->ncounts;
        for (size_t i = 0; i < n; i++) {
            const struct hb_spread_shard *c = &list[i];
            if (c->verdict == HB_VERDICT_PASS)
                continue;
            char *how = rendezvous ? hb_xasprintf("rendezvous hashing over %llu servers (weights h(key || server))",
                                                  (unsigned long long)c->shards)
                                   : hb_xasprintf("spread over %llu shards (h mod %llu)", (unsigned long long)c->shards,
                                                  (unsigned long long)c->shards);
            *reason = hb_xasprintf("%s on these keys: %s, the fullest %s holds %.1f%% of the keys where an even "
                                   "spread gives %.1f%%",
                                   how, hb_spread_verdict_name(c->verdict), rendezvous ? "server" : "shard",
                                   100 * c->max_share, 100.0 / (double)c->shards);
            free(how);
            return HB_GATE_SHARDS;
        }
    }
    return HB_GATES;
}

/* "2, 3, 4" */
static char *list_of(const uint64_t *v, size_t n)
{
    char *s = hb_xstrdup("");
    for (size_t i = 0; i < n; i++) {
        char *next = hb_xasprintf("%s%s%llu", s, i ? ", " : "", (unsigned long long)v[i]);
        free(s);
        s = next;
    }
    return s;
}

void hb_advice_shard_extras(struct hb_advice_result *r, const struct hb_advice_params *p,
                            const struct hb_advice_machine *const *machines, size_t nmachines)
{
    for (size_t i = 0; i < nmachines; i++) {
        const struct hb_spread_file *f = &machines[i]->spread;
        const char *dir = machines[i]->dir ? machines[i]->dir : "the folder";
        if (!f->nshard_counts || !f->nrendezvous_servers) {
            hb_advice_note(r,
                           hb_xasprintf("%s: the spread over shard counts and rendezvous servers was not measured (its "
                                        "spread.json has no hbspread --shards and --rendezvous), so nothing qualifies "
                                        "(scripts/advise.sh --shards N measures them; default %u).",
                                        dir, HB_DEFAULT_SHARDS));
            continue;
        }
        char *counts = list_of(f->shard_counts, f->nshard_counts),
             *servers = list_of(f->rendezvous_servers, f->nrendezvous_servers);
        bool yours = false;
        for (size_t c = 0; c < f->nshard_counts; c++)
            yours = yours || f->shard_counts[c] == p->shards;
        hb_advice_note(
            r, hb_xasprintf("%s%sSpread tested on your keys over %s shards (h mod N) and by rendezvous hashing over %s "
                            "servers%s.",
                            nmachines > 1 ? dir : "", nmachines > 1 ? ": " : "", counts, servers,
                            yours ? "" : " (not at the --shards given to hbadvise)"));
        free(counts);
        free(servers);
    }
    for (size_t i = 0; i < r->nranked && i < 5; i++) {
        const char *spec = hb_spec_fact(r->ranked[i].entry.name);
        if (spec)
            hb_advice_note(r, hb_xasprintf("%s: %s.", r->ranked[i].entry.name, spec));
    }
}

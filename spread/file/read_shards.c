/* read_shards.c — the members of read_shards.h: per algorithm, each shard count's and each
 * rendezvous server count's verdict and shares (the worst keyset's, as hbspread writes them), and
 * the counts the config lists. Bounded: at most HB_SPREAD_MAX_SHARD_COUNTS and
 * HB_SPREAD_MAX_RENDEZVOUS of each. */
#include "read_shards.h"

#include <string.h>

#include "hb_alloc.h"
#include "parse_double.h"

static bool shard_verdict_of(const char *text, size_t len, enum hb_spread_verdict *v)
{
    for (int k = HB_VERDICT_PASS; k <= HB_VERDICT_FAIL; k++) {
        const char *name = hb_spread_verdict_name((enum hb_spread_verdict)k);
        if (len == strlen(name) && memcmp(text, name, len) == 0) {
            *v = (enum hb_spread_verdict)k;
            return true;
        }
    }
    return false;
}

int hb_read_shards_open(struct hb_spread_algorithm *a, bool rendezvous, char **why)
{
    if (!a->shards)
        a->shards = hb_xcalloc(1, sizeof *a->shards);
    size_t *n = rendezvous ? &a->shards->nrendezvous : &a->shards->ncounts;
    size_t most = rendezvous ? HB_SPREAD_MAX_RENDEZVOUS : HB_SPREAD_MAX_SHARD_COUNTS;
    if (*n >= most) {
        *why = hb_xasprintf("%s: more than %zu counts, the most allowed", rendezvous ? "rendezvous" : "shards", most);
        return -1;
    }
    (rendezvous ? a->shards->rendezvous : a->shards->counts)[(*n)++] = (struct hb_spread_shard){0};
    return 0;
}

int hb_read_shards_scalar(struct hb_spread_algorithm *a, bool rendezvous, const char *key, bool is_string,
                          const char *text, size_t len, char **why)
{
    size_t n = !a->shards ? 0 : rendezvous ? a->shards->nrendezvous : a->shards->ncounts;
    if (n == 0)
        return 0;
    struct hb_spread_shard *s = &(rendezvous ? a->shards->rendezvous : a->shards->counts)[n - 1];
    bool ok = true;
    if (strcmp(key, rendezvous ? "servers" : "shards") == 0)
        ok = !is_string && hb_spread_count_of(text, len, &s->shards);
    else if (strcmp(key, "verdict") == 0)
        ok = is_string && shard_verdict_of(text, len, &s->verdict);
    else if (strcmp(key, "max_share") == 0)
        ok = !is_string && hb_parse_double(text, len, &s->max_share);
    else if (strcmp(key, "min_share") == 0)
        ok = !is_string && hb_parse_double(text, len, &s->min_share);
    if (!ok) {
        *why = hb_xasprintf("%s[].%s is not what hbspread writes: %.*s", rendezvous ? "rendezvous" : "shards", key,
                            (int)(len < 40 ? len : 40), text);
        return -1;
    }
    return 0;
}

int hb_read_shard_count(struct hb_spread_file *f, bool rendezvous, bool is_string, const char *text, size_t len,
                        char **why)
{
    size_t *n = rendezvous ? &f->nrendezvous_servers : &f->nshard_counts;
    size_t most = rendezvous ? HB_SPREAD_MAX_RENDEZVOUS : HB_SPREAD_MAX_SHARD_COUNTS;
    uint64_t v;
    if (is_string || !hb_spread_count_of(text, len, &v) || *n >= most) {
        *why = hb_xasprintf("config.%s: not a count, or more than %zu: %.*s",
                            rendezvous ? "rendezvous_servers" : "shard_counts", most, (int)(len < 40 ? len : 40), text);
        return -1;
    }
    (rendezvous ? f->rendezvous_servers : f->shard_counts)[(*n)++] = v;
    return 0;
}

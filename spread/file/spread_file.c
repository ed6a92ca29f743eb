/* spread_file.c — the names of spread.json's tests and verdicts, the count its readers parse, and
 * freeing what was read. */
#include "spread_file.h"

#include <stdlib.h>
#include <string.h>

static const char *const test_titles[HB_TESTS] = {"buckets", "collisions", "low-32 collisions", "avalanche"};
static const char *const test_keys[HB_TESTS] = {"buckets", "collisions", "collisions_low32", "avalanche"};

const char *hb_spread_test_title(enum hb_spread_test t)
{
    return test_titles[t];
}

const char *hb_spread_test_key(enum hb_spread_test t)
{
    return test_keys[t];
}

const char *hb_spread_verdict_name(enum hb_spread_verdict v)
{
    switch (v) {
    case HB_VERDICT_PASS: return "pass";
    case HB_VERDICT_WARN: return "warn";
    case HB_VERDICT_FAIL: return "FAIL";
    case HB_VERDICT_NONE: break;
    }
    return "-";
}

bool hb_spread_count_of(const char *text, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (len == 0 || len > 20)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        uint64_t d = (uint64_t)(text[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

void hb_spread_file_free(struct hb_spread_file *f)
{
    free(f->bucketing);
    for (size_t i = 0; i < f->nkeysets; i++) {
        free(f->keysets[i].spec);
        free(f->keysets[i].title);
    }
    free(f->keysets);
    for (size_t i = 0; i < f->nalgorithms; i++) {
        free(f->algorithms[i].name);
        free(f->algorithms[i].impl);
        free(f->algorithms[i].skipped);
        free(f->algorithms[i].battery);
        free(f->algorithms[i].shards);
    }
    free(f->algorithms);
    memset(f, 0, sizeof *f);
}

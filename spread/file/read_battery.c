/* read_battery.c — the "battery" member of one algorithm in hbspread's JSON (hbspread --battery):
 * its verdict, the linearity probe and, per view, the verdict and the first structured
 * key set that failed. read_spread.c streams the file and hands over every value below "battery"
 * with its path from there. Unknown members are ignored; a value of the wrong type is an error. */
#include "read_battery.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "parse_double.h"
#include "spread_battery.h"
#include "spread_file.h"

static bool path_is(const char *const *path, int n, int want_n, ...)
{
    if (n != want_n)
        return false;
    va_list ap;
    va_start(ap, want_n);
    bool same = true;
    for (int i = 0; i < n && same; i++)
        same = strcmp(path[i], va_arg(ap, const char *)) == 0;
    va_end(ap);
    return same;
}

static bool battery_verdict_of(const char *text, size_t len, bool *fail)
{
    if (len == 4 && memcmp(text, "pass", 4) == 0)
        *fail = false;
    else if (len == 4 && memcmp(text, "fail", 4) == 0)
        *fail = true;
    else
        return false;
    return true;
}

int hb_read_battery_open(struct hb_spread_battery **b, const char *const *path, int n, char **why)
{
    if (n == 0) {
        if (!*b)
            *b = hb_xcalloc(1, sizeof **b);
        return 0;
    }
    if (*b && path_is(path, n, 2, "designs", HB_BATTERY_ELEMENT)) {
        if ((*b)->ndesigns >= HB_BATTERY_MAX_DESIGNS) {
            *why = hb_xasprintf("battery: more than %d views, the most allowed", HB_BATTERY_MAX_DESIGNS);
            return -1;
        }
        (*b)->designs[(*b)->ndesigns++] = (struct hb_spread_battery_design){0};
    }
    return 0;
}

int hb_read_battery_scalar(struct hb_spread_battery *b, const char *const *path, int n, bool is_string,
                           const char *text, size_t len, char **why)
{
    if (!b)
        return 0;
    struct hb_spread_battery_design *d = b->ndesigns ? &b->designs[b->ndesigns - 1] : NULL;
    uint64_t v = 0;
    bool ok = true;
    const char *what = NULL;
    if (path_is(path, n, 1, "verdict")) {
        ok = is_string && battery_verdict_of(text, len, &b->fail), what = "battery.verdict";
        b->present = ok;
    } else if (path_is(path, n, 2, "linearity", "linear")) {
        ok = !is_string && (len == 4 || len == 5), what = "battery.linearity.linear";
        b->linear = len == 4 && memcmp(text, "true", 4) == 0;
    } else if (path_is(path, n, 2, "linearity", "triples")) {
        ok = hb_spread_count_of(text, len, &b->triples), what = "battery.linearity.triples";
    } else if (path_is(path, n, 2, "linearity", "zero")) {
        ok = hb_spread_count_of(text, len, &b->zero), what = "battery.linearity.zero";
    } else if (d && path_is(path, n, 3, "designs", HB_BATTERY_ELEMENT, "bits")) {
        ok = is_string && len < sizeof d->bits, what = "battery.designs[].bits";
        if (ok)
            memcpy(d->bits, text, len), d->bits[len] = '\0';
    } else if (d && path_is(path, n, 3, "designs", HB_BATTERY_ELEMENT, "verdict")) {
        ok = is_string && battery_verdict_of(text, len, &d->fail), what = "battery.designs[].verdict";
    } else if (d && n == 4 && path_is(path, 3, 3, "designs", HB_BATTERY_ELEMENT, "first_failure")) {
        d->has_failure = true;
        const char *key = path[3];
        what = "battery.designs[].first_failure";
        if (strcmp(key, "expected") == 0) {
            ok = hb_parse_double(text, len, &d->expected);
        } else if (strcmp(key, "stride_log2") == 0 || strcmp(key, "buckets_log2") == 0) {
            ok = hb_spread_count_of(text, len, &v) && v < 64;
            if (ok && strcmp(key, "stride_log2") == 0)
                d->stride_log2 = (unsigned)v;
            else if (ok)
                d->buckets_log2 = (unsigned)v;
        } else if (strcmp(key, "buckets") == 0) {
            ok = hb_spread_count_of(text, len, &d->buckets);
        } else if (strcmp(key, "keys") == 0) {
            ok = hb_spread_count_of(text, len, &d->keys);
        } else if (strcmp(key, "occupied") == 0 || strcmp(key, "pairs") == 0) {
            ok = hb_spread_count_of(text, len, &d->occupied);
        }
    }
    if (!ok) {
        *why = hb_xasprintf("%s is not what hbspread --battery writes: %.*s", what, (int)(len < 40 ? len : 40), text);
        return -1;
    }
    return 0;
}

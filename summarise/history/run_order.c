/* run_order.c — the keys -order sorts runs by, parsed once per run, and a sort that keeps runs
 * with equal keys in the order given (ties are broken by that place, so the result never depends
 * on qsort's algorithm). */
#include "run_order.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

struct key {
    size_t given;
    int64_t ns;      /* -order date */
    const char *tag; /* -order commit: the tag, compared as a version ... */
    size_t tag_len;
    uint64_t distance; /* ... then the commits since it */
};

static bool digits(const char *s, int n, int *value)
{
    *value = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        *value = *value * 10 + (s[i] - '0');
    }
    return true;
}

/* Days from 1970-01-01 to the given day of the proleptic Gregorian calendar: whole 400-year eras
 * (146097 days each) counted from 0000-03-01, so that the leap day ends each year of the count. */
static int64_t days_since_epoch(int64_t year, int month, int day)
{
    year -= month <= 2;
    int64_t era = (year >= 0 ? year : year - 399) / 400;
    int64_t year_of_era = year - era * 400;
    int64_t day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

static int days_in_month(int year, int month)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return days[month - 1] + (month == 2 && leap);
}

int hb_parse_run_date(const char *t, int64_t *ns)
{
    int year, month, day, hour, minute, second;
    if (strlen(t) < 19 || !digits(t, 4, &year) || t[4] != '-' || !digits(t + 5, 2, &month) || t[7] != '-' ||
        !digits(t + 8, 2, &day) || (t[10] != 'T' && t[10] != ' ') || !digits(t + 11, 2, &hour) || t[13] != ':' ||
        !digits(t + 14, 2, &minute) || t[16] != ':' || !digits(t + 17, 2, &second))
        return -1;
    if (month < 1 || month > 12 || day < 1 || day > days_in_month(year, month) || hour > 23 || minute > 59 ||
        second > 60)
        return -1;
    const char *p = t + 19;
    int64_t fraction = 0;
    if (*p == '.') {
        int places = 0;
        for (p++; *p >= '0' && *p <= '9'; p++, places++)
            if (places < 9)
                fraction = fraction * 10 + (*p - '0');
        if (places == 0)
            return -1;
        for (; places < 9; places++)
            fraction *= 10;
    }
    int64_t offset = 0;
    if (*p == 'Z') {
        p++;
    } else if (*p == '+' || *p == '-') {
        int oh, om;
        bool colon = p[3] == ':';
        if (!digits(p + 1, 2, &oh) || !digits(p + 3 + colon, 2, &om) || oh > 23 || om > 59)
            return -1;
        offset = (*p == '-' ? -1 : 1) * (int64_t)(oh * 3600 + om * 60);
        p += 5 + colon;
    }
    if (*p)
        return -1;
    int64_t seconds = days_since_epoch(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
    *ns = seconds * 1000000000 + fraction;
    return 0;
}

static bool version_digit(char c)
{
    return c >= '0' && c <= '9';
}

int hb_version_compare(const char *a, const char *b)
{
    while (*a && *b) {
        if (version_digit(*a) && version_digit(*b)) {
            while (*a == '0')
                a++;
            while (*b == '0')
                b++;
            size_t la = 0, lb = 0;
            while (version_digit(a[la]))
                la++;
            while (version_digit(b[lb]))
                lb++;
            if (la != lb)
                return la < lb ? -1 : 1;
            int c = memcmp(a, b, la);
            if (c)
                return c < 0 ? -1 : 1;
            a += la;
            b += lb;
        } else {
            if (*a != *b)
                return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
            a++;
            b++;
        }
    }
    return (*a != '\0') - (*b != '\0');
}

static bool is_hex(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!version_digit(s[i]) && !(s[i] >= 'a' && s[i] <= 'f'))
            return false;
    return len > 0;
}

/* git describe's TAG-N-gHASH (then TAG, N), TAG alone (exactly at the tag: N = 0), or a bare
 * abbreviated hash, which has no place among commits (returns -1). "-dirty" is ignored. */
static int describe_key(const char *v, struct key *k)
{
    size_t len = strlen(v);
    if (len > 6 && strcmp(v + len - 6, "-dirty") == 0)
        len -= 6;
    const char *g = NULL;
    for (size_t i = len; i-- > 1;)
        if (v[i] == 'g' && v[i - 1] == '-') {
            g = v + i;
            break;
        }
    if (g && is_hex(g + 1, len - (size_t)(g + 1 - v))) {
        const char *dash = g - 1, *n = dash;
        while (n > v && version_digit(n[-1]))
            n--;
        if (n < dash && n > v + 1 && n[-1] == '-') {
            k->tag = v;
            k->tag_len = (size_t)(n - 1 - v);
            k->distance = strtoull(n, NULL, 10);
            return 0;
        }
    }
    if (is_hex(v, len) && len >= 4)
        return -1;
    k->tag = v;
    k->tag_len = len;
    k->distance = 0;
    return 0;
}

static enum hb_run_order sort_order;

static int compare_run_keys(const void *pa, const void *pb)
{
    const struct key *a = pa, *b = pb;
    if (sort_order == HB_RUN_ORDER_DATE && a->ns != b->ns)
        return a->ns < b->ns ? -1 : 1;
    if (sort_order == HB_RUN_ORDER_COMMIT) {
        char *ta = hb_xstrndup(a->tag, a->tag_len), *tb = hb_xstrndup(b->tag, b->tag_len);
        int c = hb_version_compare(ta, tb);
        free(ta);
        free(tb);
        if (c)
            return c;
        if (a->distance != b->distance)
            return a->distance < b->distance ? -1 : 1;
    }
    return (a->given > b->given) - (a->given < b->given);
}

int hb_run_order_compute(const struct hb_history_run *runs, size_t n, enum hb_run_order order, size_t *out,
                         char **error)
{
    struct key *keys = hb_xcalloc(n ? n : 1, sizeof *keys);
    for (size_t i = 0; i < n; i++) {
        const struct hb_history_run *r = &runs[i];
        keys[i].given = i;
        const char *date = r->context[HB_RUN_DATE], *version = r->context[HB_RUN_VERSION];
        if (order == HB_RUN_ORDER_DATE && !date) {
            *error = hb_xasprintf("%s: no \"date\" in its context, which -order date needs", r->arg);
        } else if (order == HB_RUN_ORDER_DATE && hb_parse_run_date(date, &keys[i].ns)) {
            *error = hb_xasprintf("%s: \"date\" %s is not a date like 2026-01-31T12:00:00+01:00", r->arg, date);
        } else if (order == HB_RUN_ORDER_COMMIT && !version) {
            *error = hb_xasprintf("%s: no \"hashbench_version\" in its context, which -order commit needs", r->arg);
        } else if (order == HB_RUN_ORDER_COMMIT && describe_key(version, &keys[i])) {
            *error = hb_xasprintf("%s: hashbench_version %s names no tag, so its place among commits is unknown "
                                  "(git describe gives TAG-N-gHASH once the repository has a tag); use -order date",
                                  r->arg, version);
        } else {
            continue;
        }
        free(keys);
        return -1;
    }
    /* qsort has no context argument; the order is set just before, and hbstat sorts on one thread. */
    sort_order = order;
    qsort(keys, n, sizeof *keys, compare_run_keys);
    for (size_t i = 0; i < n; i++)
        out[i] = keys[i].given;
    free(keys);
    return 0;
}

/* rank.c — the order of the qualifying entries by a fastest set. The unit of replication is the
 * process: each entry's ranking measure is a median per process, and summarise/ranks (through
 * fastest.c) gives, simultaneously over the entries ranked together, each one's rank interval and
 * whether it could be the fastest. The pick is the member of that set the need's tie-break
 * prefers; the other members follow by their medians, then the rest by theirs. Entries a need
 * lists after the others whatever their speed (a tier of 1) are ranked among themselves. The same
 * ranking done on the odd and on the even processes alone says whether the answer held. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "fastest.h"
#include "hb_alloc.h"
#include "hb_strbuf.h"
#include "sort_doubles.h"

/* What orders entries by measure m, the less the better: a median, or for output bits their
 * negative (more bits first). */
static double ordering_value(const struct hb_advice_entry *e, enum hb_measure m)
{
    if (m == HB_MEASURE_BITS)
        return -(double)e->props->out_bits;
    const struct hb_advice_interval *x = hb_advice_measure(e, m);
    return x->present ? x->median : INFINITY;
}

/* One ranking: the picks ranked[idx[0..n)] on the process columns cols[0..ncols), with each one's
 * centre (its median over those columns) and what the rank set says of it. */
struct ranking {
    const struct hb_advice_result *r;
    size_t *idx, n;
    double *center;
    size_t *lo, *hi, *processes;
    bool *fastest;
};

static void ranking_free(struct ranking *k)
{
    free(k->idx), free(k->center), free(k->lo), free(k->hi), free(k->processes), free(k->fastest);
}

/* The median of x[0..n), NAN values left out; NAN when none. */
static double median_present(const double *x, size_t n)
{
    double *v = hb_xcalloc(n + 1, sizeof *v), m = NAN;
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(x[i]))
            v[c++] = x[i];
    if (c) {
        hb_sort_doubles(v, c);
        m = c % 2 ? v[c / 2] : (v[c / 2 - 1] + v[c / 2]) / 2;
    }
    free(v);
    return m;
}

/* Ranks r's picks idx[0..n) on the columns cols[0..ncols) (NULL: every process) at confidence.
 * With keep_min, a pick timed in fewer of those columns is left out of the ranking. */
static void rank_on(const struct hb_advice_result *r, const size_t *idx, size_t n, const size_t *cols, size_t ncols,
                    size_t keep_min, double confidence, struct ranking *k)
{
    *k = (struct ranking){.r = r};
    k->idx = hb_xcalloc(n + 1, sizeof *k->idx);
    double *x = hb_xcalloc(n * ncols + 1, sizeof *x);
    for (size_t i = 0; i < n; i++) {
        const struct hb_advice_interval *v = hb_advice_measure(&r->ranked[idx[i]].entry, r->rank_by);
        double *row = x + k->n * ncols;
        size_t timed = 0;
        for (size_t c = 0; c < ncols; c++) {
            size_t p = cols ? cols[c] : c;
            row[c] = v->process && p < v->nprocesses ? v->process[p] : NAN;
            timed += !isnan(row[c]);
        }
        if (timed >= keep_min)
            k->idx[k->n++] = idx[i];
    }
    k->center = hb_xcalloc(k->n + 1, sizeof *k->center);
    k->lo = hb_xcalloc(k->n + 1, sizeof *k->lo);
    k->hi = hb_xcalloc(k->n + 1, sizeof *k->hi);
    k->processes = hb_xcalloc(k->n + 1, sizeof *k->processes);
    k->fastest = hb_xcalloc(k->n + 1, sizeof *k->fastest);
    for (size_t i = 0; i < k->n; i++)
        k->center[i] =
            cols ? median_present(x + i * ncols, ncols) : ordering_value(&r->ranked[k->idx[i]].entry, r->rank_by);
    if (k->n)
        hb_advice_fastest_set(x, k->n, ncols, confidence, k->lo, k->hi, k->processes, k->fastest);
    free(x);
}

/* Whether ranking k's i-th entry is preferred to its j-th as the pick: the tie-break, then the
 * centre, then registry order. */
static bool preferred(const struct ranking *k, size_t i, size_t j)
{
    const struct hb_advice_entry *a = &k->r->ranked[k->idx[i]].entry, *b = &k->r->ranked[k->idx[j]].entry;
    if (k->r->tie_break != HB_MEASURE_NONE) {
        double x = ordering_value(a, k->r->tie_break), y = ordering_value(b, k->r->tie_break);
        if (x != y)
            return x < y;
    }
    if (k->center[i] != k->center[j])
        return k->center[i] < k->center[j];
    return a->order < b->order;
}

/* Whether ranking k's i-th entry may be the pick: in the fastest set, and not a CRC below the
 * set's highest Hamming distance at the record when best_distance says one is there (checksum,
 * need_extras.c). */
static bool pickable(const struct ranking *k, size_t i, unsigned best_distance)
{
    const struct hb_advice_pick *p = &k->r->ranked[k->idx[i]];
    return k->fastest[i] && !(p->crc && p->hamming_distance < best_distance);
}

/* The pick of ranking k: its fastest set's preferred member (k->n when it ranks nothing). More
 * output bits never make a CRC the pick over another CRC of the set whose Hamming distance at the
 * record is higher (checksum, need_extras.c): a CRC below the set's highest distance is no pick.
 * The tie-break reaches only the members whose centre is within HB_TIE_BREAK_REACH of the least
 * centre among those that may be picked: a set made wide by few or disagreeing processes does not
 * make an entry several times slower the pick for its bits. */
static size_t pick_in_set(const struct ranking *k)
{
    unsigned best_distance = 0;
    for (size_t i = 0; i < k->n; i++) {
        const struct hb_advice_pick *p = &k->r->ranked[k->idx[i]];
        if (k->fastest[i] && p->crc && p->hamming_distance > best_distance)
            best_distance = p->hamming_distance;
    }
    double lead = INFINITY;
    for (size_t i = 0; i < k->n; i++)
        if (pickable(k, i, best_distance) && k->center[i] < lead)
            lead = k->center[i];
    size_t best = k->n;
    for (size_t i = 0; i < k->n; i++)
        if (pickable(k, i, best_distance) && !(k->center[i] > lead * HB_TIE_BREAK_REACH) &&
            (best == k->n || preferred(k, i, best)))
            best = i;
    return best;
}

/* The order of ranking k's entries: the pick, the other members by centre, then the rest. */
static void order_of(const struct ranking *k, size_t *order)
{
    size_t pick = pick_in_set(k), n = 0;
    if (pick < k->n)
        order[n++] = pick;
    for (int members = 1; members >= 0; members--) {
        size_t start = n;
        for (size_t i = 0; i < k->n; i++)
            if (i != pick && k->fastest[i] == (members == 1))
                order[n++] = i;
        for (size_t a = start + 1; a < n; a++) /* insertion sort by centre, then registry order */
            for (size_t b = a; b > start; b--) {
                size_t x = order[b], y = order[b - 1];
                double cx = k->center[x], cy = k->center[y];
                if (!(cx < cy ||
                      (cx == cy && k->r->ranked[k->idx[x]].entry.order < k->r->ranked[k->idx[y]].entry.order)))
                    break;
                order[b] = y, order[b - 1] = x;
            }
    }
}

static char *label_of(const struct hb_advice_entry *e)
{
    return hb_xasprintf("%s/%s", e->name, e->impl);
}

/* "a, b and 3 more": the set's members but the pick. */
static char *members_but(const struct hb_advice_result *r, size_t from, size_t to, size_t self)
{
    struct hb_strbuf b = {0};
    size_t shown = 0, more = 0;
    for (size_t i = from; i < to; i++) {
        if (i == self || !r->ranked[i].fastest)
            continue;
        if (shown == 4) {
            more++;
            continue;
        }
        hb_strbuf_printf(&b, "%s%s", shown++ ? ", " : "", r->ranked[i].entry.name);
    }
    if (more)
        hb_strbuf_printf(&b, " and %zu more", more);
    char *s = hb_xstrdup(hb_strbuf_cstr(&b));
    hb_strbuf_free(&b);
    return s;
}

/* "+12%" of x against p. */
static void percent_against(char *out, size_t len, double x, double p)
{
    snprintf(out, len, "%+.0f%%", p > 0 && isfinite(x) ? 100 * (x / p - 1) : 0.0);
}

/* The why of every pick of the tier ranked[from..to), whose first is the tier's pick; a pick's
 * why already set (a tier of 1: why it is listed later) comes first. */
static void say_why(struct hb_advice_result *r, size_t from, size_t to)
{
    const char *rank = hb_measure_title(r->rank_by);
    const struct hb_advice_entry *pick = &r->ranked[from].entry;
    double pick_x = ordering_value(pick, r->rank_by);
    size_t members = 0;
    double least = INFINITY, most = 0;
    for (size_t i = from; i < to; i++) {
        members += r->ranked[i].fastest;
        double x = ordering_value(&r->ranked[i].entry, r->rank_by);
        if (r->ranked[i].fastest && isfinite(x)) {
            least = x < least ? x : least;
            most = x > most ? x : most;
        }
    }
    /* a set wider than the tie-break's reach says so, with the pick's why */
    char reach[200] = "";
    if (r->tie_break != HB_MEASURE_NONE && members > 1 && most > least * HB_TIE_BREAK_REACH)
        snprintf(reach, sizeof reach,
                 "; of the members within %.0f%% of the set's least median (the set reaches %.1fx it: the processes "
                 "could not tell those apart, which is no reason to pick them)",
                 100 * (HB_TIE_BREAK_REACH - 1), most / least);
    for (size_t i = from; i < to; i++) {
        struct hb_advice_pick *p = &r->ranked[i];
        char d[24], place[200], timed[96] = "";
        percent_against(d, sizeof d, ordering_value(&p->entry, r->rank_by), pick_x);
        if (p->processes < r->processes)
            snprintf(timed, sizeof timed, "; timed in %zu of %zu processes (left the race)", p->processes,
                     r->processes);
        char *why;
        if (i == from && to - from == 1) {
            why = hb_xasprintf("the only entry that qualifies%s", timed);
        } else if (i == from && members <= 1) {
            const struct hb_advice_pick *next = &r->ranked[from + 1];
            for (size_t k = from + 2; k < to; k++)
                if (ordering_value(&r->ranked[k].entry, r->rank_by) < ordering_value(&next->entry, r->rank_by))
                    next = &r->ranked[k];
            char dn[24];
            percent_against(dn, sizeof dn, ordering_value(&next->entry, r->rank_by), pick_x);
            why = hb_xasprintf("alone in the fastest set at %.0f%% on %s: every other entry is slower at that "
                               "confidence (the closest, %s, takes %s)%s",
                               100 * r->confidence, rank, next->entry.name, dn, timed);
        } else if (i == from) {
            char *names = members_but(r, from, to, from);
            if (r->tie_break == HB_MEASURE_BITS && r->ranked[from].crc)
                why = hb_xasprintf("of the fastest set at %.0f%% (with %s: each could be the fastest), the most output "
                                   "bits (%u) of the CRCs of the highest Hamming distance at the record (%s%u) and "
                                   "the other hashes%s%s",
                                   100 * r->confidence, names, pick->props->out_bits,
                                   r->ranked[from].hamming_exact ? "" : "at least ", r->ranked[from].hamming_distance,
                                   reach, timed);
            else if (r->tie_break == HB_MEASURE_BITS)
                why = hb_xasprintf("of the fastest set at %.0f%% (with %s: each could be the fastest), the most output "
                                   "bits (%u)%s%s",
                                   100 * r->confidence, names, pick->props->out_bits, reach, timed);
            else if (r->tie_break != HB_MEASURE_NONE)
                why =
                    hb_xasprintf("of the fastest set at %.0f%% (with %s: each could be the fastest), the least %s%s%s",
                                 100 * r->confidence, names, hb_measure_title(r->tie_break), reach, timed);
            else
                why =
                    hb_xasprintf("of the fastest set at %.0f%% (with %s: each could be the fastest), the least median "
                                 "%s%s",
                                 100 * r->confidence, names, rank, timed);
            free(names);
        } else {
            if (p->rank_lo == p->rank_hi)
                snprintf(place, sizeof place, "rank %zu", p->rank_lo);
            else
                snprintf(place, sizeof place, "rank %zu-%zu", p->rank_lo, p->rank_hi);
            why = hb_xasprintf("%s %s against the pick; %s, %s%s", d, rank, place,
                               p->fastest ? "in the fastest set" : "not in the fastest set", timed);
        }
        if (p->why) {
            char *both = hb_xasprintf(p->tier ? "%s; among those as narrow: %s" : "%s, %s", p->why, why);
            free(p->why);
            free(why);
            why = both;
        }
        p->why = why;
    }
}

/* When any interval of ranked[from..to) reaches past HB_NOISY_HALF_WIDTH of its median, says how
 * far and what it means. */
static void note_noise(struct hb_advice_result *r, size_t from, size_t to)
{
    double widest = 0;
    for (size_t i = from; i < to; i++) {
        const struct hb_advice_interval *x = hb_advice_measure(&r->ranked[i].entry, r->rank_by);
        if (!hb_advice_interval_finite(x) || !(x->median > 0))
            continue;
        double half = (x->hi - x->median > x->median - x->lo ? x->hi - x->median : x->median - x->lo) / x->median;
        if (half > widest)
            widest = half;
    }
    if (widest > HB_NOISY_HALF_WIDTH)
        r->noise = hb_xasprintf("The processes disagree: the 90%% intervals of their medians reach %.0f%% of the "
                                "medians (a busy machine: other work took the CPU during some processes). The fastest "
                                "set is wider for it; a run on a quiet machine gives a narrower one.",
                                100 * widest);
}

/* The half h (0: processes 1, 3, 5, ...; 1: 2, 4, 6, ...) of the tier ranked[from..to). */
static void rank_half(struct hb_advice_result *r, size_t from, size_t to, int h, double confidence, struct ranking *k)
{
    size_t *cols = hb_xcalloc(r->processes + 1, sizeof *cols), ncols = 0, *idx = hb_xcalloc(to - from + 1, sizeof *idx);
    for (size_t p = (size_t)h; p < r->processes; p += 2)
        cols[ncols++] = p;
    for (size_t i = from; i < to; i++)
        idx[i - from] = i;
    rank_on(r, idx, to - from, cols, ncols, HB_HALF_MIN_PROCESSES, confidence, k);
    r->halves.processes[h] = ncols;
    free(cols);
    free(idx);
}

static bool ranked_in_set(const struct ranking *k, size_t ranked_index)
{
    for (size_t i = 0; i < k->n; i++)
        if (k->idx[i] == ranked_index)
            return k->fastest[i];
    return false;
}

static void check_halves(struct hb_advice_result *r, size_t from, size_t to, double confidence)
{
    struct ranking half[2];
    for (int h = 0; h < 2; h++)
        rank_half(r, from, to, h, confidence, &half[h]);
    r->halves.checked = half[0].n && half[1].n && r->halves.processes[1] >= HB_HALF_MIN_PROCESSES;
    size_t pick[2];
    for (int h = 0; h < 2; h++) {
        pick[h] = pick_in_set(&half[h]);
        r->halves.set[h] = hb_xcalloc(half[h].n + 1, sizeof *r->halves.set[h]);
        for (size_t i = 0; i < half[h].n; i++)
            if (half[h].fastest[i])
                r->halves.set[h][r->halves.nset[h]++] = label_of(&r->ranked[half[h].idx[i]].entry);
        r->halves.pick[h] = pick[h] < half[h].n ? label_of(&r->ranked[half[h].idx[pick[h]]].entry) : NULL;
        r->halves.pick_in_half[h] = ranked_in_set(&half[h], from);
    }
    r->halves.held = r->halves.checked && r->halves.pick_in_half[0] && r->halves.pick_in_half[1] &&
                     pick[0] < half[0].n && pick[1] < half[1].n && ranked_in_set(&half[1], half[0].idx[pick[0]]) &&
                     ranked_in_set(&half[0], half[1].idx[pick[1]]);
    ranking_free(&half[0]);
    ranking_free(&half[1]);
}

/* Ranks the tier ranked[from..to) in place (on every process) and returns how many of it are in
 * its fastest set. */
static size_t rank_tier(struct hb_advice_result *r, size_t from, size_t to, double confidence)
{
    size_t n = to - from, *idx = hb_xcalloc(n + 1, sizeof *idx), *order = hb_xcalloc(n + 1, sizeof *order);
    for (size_t i = 0; i < n; i++)
        idx[i] = from + i;
    struct ranking k;
    rank_on(r, idx, n, NULL, r->processes, 0, confidence, &k);
    order_of(&k, order);
    struct hb_advice_pick *sorted = hb_xcalloc(n + 1, sizeof *sorted);
    size_t members = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = order[i];
        sorted[i] = r->ranked[k.idx[j]];
        sorted[i].rank_lo = k.lo[j], sorted[i].rank_hi = k.hi[j];
        sorted[i].processes = k.processes[j], sorted[i].fastest = k.fastest[j];
        members += k.fastest[j];
    }
    memcpy(r->ranked + from, sorted, n * sizeof *sorted);
    free(sorted);
    free(order);
    free(idx);
    ranking_free(&k);
    return members;
}

/* Moves the picks of tier 1 after those of tier 0, keeping their order; returns tier 0's count. */
static size_t split_tiers(struct hb_advice_result *r)
{
    struct hb_advice_pick *out = hb_xcalloc(r->nranked + 1, sizeof *out);
    size_t k = 0, first = 0;
    for (unsigned tier = 0; tier < 2; tier++)
        for (size_t i = 0; i < r->nranked; i++)
            if ((r->ranked[i].tier != 0) == (tier == 1)) {
                out[k++] = r->ranked[i];
                first += tier == 0;
            }
    memcpy(r->ranked, out, r->nranked * sizeof *out);
    free(out);
    return first;
}

/* The processes of the measure: the most of any entry. */
static size_t processes_of(const struct hb_advice_result *r)
{
    size_t most = 0;
    for (size_t i = 0; i < r->nranked; i++) {
        const struct hb_advice_interval *x = hb_advice_measure(&r->ranked[i].entry, r->rank_by);
        if (x->nprocesses > most)
            most = x->nprocesses;
    }
    return most;
}

/* The words of both tiers once each pick's membership and interval are set, and the count of the
 * first non-empty tier's fastest set. */
static void finish_tiers(struct hb_advice_result *r, size_t split, const size_t members[2])
{
    /* a tier's words stand before the places only where both tiers have entries, and then of tier 0
     * before its pick's alone */
    bool both = split && split < r->nranked;
    for (size_t i = 0; i < r->nranked; i++)
        if (!both || (i > 0 && i < split)) {
            free(r->ranked[i].why);
            r->ranked[i].why = NULL;
        }
    if (split)
        say_why(r, 0, split);
    if (split < r->nranked)
        say_why(r, split, r->nranked);
    r->nfastest = split ? members[0] : members[1];
}

void hb_advice_rank(struct hb_advice_result *r, double confidence, bool halves)
{
    r->confidence = confidence;
    r->processes = processes_of(r);
    if (!r->nranked)
        return;
    size_t split = split_tiers(r), members[2] = {0, 0};
    if (split)
        members[0] = rank_tier(r, 0, split, confidence);
    if (split < r->nranked)
        members[1] = rank_tier(r, split, r->nranked, confidence);
    finish_tiers(r, split, members);
    size_t first_end = split ? split : r->nranked;
    note_noise(r, 0, first_end);
    if (halves)
        check_halves(r, 0, first_end, confidence);
}

/* The machine result's pick of name/impl, or NULL. */
static const struct hb_advice_pick *find_pick(const struct hb_advice_result *m, const struct hb_advice_entry *e)
{
    for (size_t i = 0; i < m->nranked; i++)
        if (strcmp(m->ranked[i].entry.name, e->name) == 0 && strcmp(m->ranked[i].entry.impl, e->impl) == 0)
            return &m->ranked[i];
    return NULL;
}

/* The fleet's tier ranked[from..to): membership and intervals from the machines, then ordered. */
static size_t fleet_tier(struct hb_advice_result *r, size_t from, size_t to, const struct hb_advice_result *machines,
                         size_t nmachines)
{
    size_t n = to - from, everywhere = 0;
    for (size_t i = from; i < to; i++) {
        struct hb_advice_pick *p = &r->ranked[i];
        bool all = true, any = false;
        p->rank_lo = SIZE_MAX, p->rank_hi = 0, p->processes = SIZE_MAX;
        for (size_t m = 0; m < nmachines; m++) {
            const struct hb_advice_pick *own = find_pick(&machines[m], &p->entry);
            all = all && own && own->fastest;
            any = any || (own && own->fastest);
            p->rank_lo = own && own->rank_lo < p->rank_lo ? own->rank_lo : p->rank_lo;
            p->rank_hi = own && own->rank_hi > p->rank_hi ? own->rank_hi : p->rank_hi;
            p->processes = own && own->processes < p->processes ? own->processes : own ? p->processes : 0;
        }
        if (p->rank_lo == SIZE_MAX)
            p->rank_lo = 1, p->rank_hi = n;
        p->fastest = all;
        p->tier = any ? p->tier | 2u : p->tier; /* bit 1: in some machine's set, for the union below */
        everywhere += all;
    }
    if (!everywhere) {
        r->fleet_disagree = true;
        for (size_t i = from; i < to; i++)
            r->ranked[i].fastest = (r->ranked[i].tier & 2u) != 0;
    }
    for (size_t i = from; i < to; i++)
        r->ranked[i].tier &= 1u;
    struct ranking k = {.r = r, .n = n};
    k.idx = hb_xcalloc(n + 1, sizeof *k.idx);
    k.center = hb_xcalloc(n + 1, sizeof *k.center);
    k.fastest = hb_xcalloc(n + 1, sizeof *k.fastest);
    for (size_t i = 0; i < n; i++) {
        k.idx[i] = from + i;
        k.center[i] = ordering_value(&r->ranked[from + i].entry, r->rank_by);
        k.fastest[i] = r->ranked[from + i].fastest;
    }
    size_t *order = hb_xcalloc(n + 1, sizeof *order), members = 0;
    order_of(&k, order);
    struct hb_advice_pick *sorted = hb_xcalloc(n + 1, sizeof *sorted);
    for (size_t i = 0; i < n; i++) {
        sorted[i] = r->ranked[from + order[i]];
        members += sorted[i].fastest;
    }
    memcpy(r->ranked + from, sorted, n * sizeof *sorted);
    free(sorted);
    free(order);
    ranking_free(&k);
    return members;
}

void hb_advice_rank_fleet(struct hb_advice_result *r, const struct hb_advice_result *machines, size_t nmachines,
                          double confidence)
{
    r->confidence = confidence;
    r->fleet = nmachines;
    r->processes = 0;
    for (size_t m = 0; m < nmachines; m++)
        if (machines[m].processes > r->processes)
            r->processes = machines[m].processes;
    if (!r->nranked)
        return;
    size_t split = split_tiers(r), members[2] = {0, 0};
    if (split)
        members[0] = fleet_tier(r, 0, split, machines, nmachines);
    if (split < r->nranked)
        members[1] = fleet_tier(r, split, r->nranked, machines, nmachines);
    finish_tiers(r, split, members);
    struct hb_strbuf not_held = {0};
    r->halves.checked = true;
    r->halves.held = true;
    for (size_t m = 0; m < nmachines; m++) {
        if (machines[m].halves.held)
            continue;
        char tag[24];
        hb_advice_machine_tag(m, tag, sizeof tag);
        hb_strbuf_printf(&not_held, "%s%s", not_held.len ? ", " : "", tag);
        r->halves.held = false;
        r->halves.checked = r->halves.checked && machines[m].halves.checked;
    }
    if (not_held.len)
        r->halves.machines_not_held = hb_xstrdup(hb_strbuf_cstr(&not_held));
    hb_strbuf_free(&not_held);
}

/* test_rank_set.c — the rank confidence set (summarise/ranks) against independent computations:
 * - a brute-force step-down written plainly here (every ordered pair, every resample redrawn, no
 *   code shared with the library but SplitMix64's definition) on small random matrices, with and
 *   without the holes a race leaves: the same rank intervals and fastest sets;
 * - csranks' published PISA 2018 example (the package's vignette "Inference for Ranks": OECD
 *   countries' math scores and standard errors, its data-raw/pisa.csv), through the estimates and
 *   covariance entry point: the same 95% and 90% confidence sets for the top 5, and the vignette's
 *   statements about the 95% and 75% simultaneous rank intervals;
 * - statistical properties at fixed seeds, each with the law it checks: an A/A pair (the same
 *   candidate twice, with identical columns, or with noise of one law drawn again) excludes one of
 *   the two in about 5% of trials at 95%; a candidate 20% slower by construction, with 4% of
 *   process-to-process noise of its own on top of the noise all candidates share, is excluded with
 *   5 processes;
 * - the cases the header names: one candidate, all values equal, pairs sharing fewer than 3
 *   processes, a race's holes, bad values and options, the same answer for the same seed. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hb_splitmix64.h"
#include "ranks.h"

/* ---- the brute force: the method as docs/statistics.md states it, one ordered pair at a time */

static double brute_normal(uint64_t *s)
{
    double u1 = ((double)(hb_splitmix64_next(s) >> 11) + 0.5) / 9007199254740992.0;
    double u2 = ((double)(hb_splitmix64_next(s) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u1)) * cos(2 * 3.14159265358979323846 * u2);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#define MAXN 8
#define MAXP 10

/* Ordered pair (j, k): "j is slower than k" is rejected when the mean of ln x_j - ln x_k over their
 * common processes, over its standard error, exceeds the critical value: the conf quantile (type 7)
 * of the largest deviation over the hypotheses still open, each deviation that of a resample whose
 * new processes are normal combinations of the pair's residuals. */
static void brute_ranks(const double *x, size_t n, size_t P, double conf, unsigned R, uint64_t seed, size_t *lo,
                        size_t *hi)
{
    static size_t common[MAXN][MAXN][MAXP], m[MAXN][MAXN];
    static double resid[MAXN][MAXN][MAXP], stat[MAXN][MAXN];
    static bool open[MAXN][MAXN], spread[MAXN][MAXN], rejected[MAXN][MAXN];
    for (size_t j = 0; j < n; j++)
        for (size_t k = 0; k < n; k++) {
            open[j][k] = rejected[j][k] = spread[j][k] = false;
            m[j][k] = 0;
            if (j == k)
                continue;
            double sum = 0;
            for (size_t p = 0; p < P; p++)
                if (!isnan(x[j * P + p]) && !isnan(x[k * P + p])) {
                    common[j][k][m[j][k]++] = p;
                    sum += log(x[j * P + p]) - log(x[k * P + p]);
                }
            if (m[j][k] < 3)
                continue;
            double mean = sum / (double)m[j][k], ss = 0;
            for (size_t i = 0; i < m[j][k]; i++) {
                size_t p = common[j][k][i];
                resid[j][k][p] = log(x[j * P + p]) - log(x[k * P + p]) - mean;
                ss += resid[j][k][p] * resid[j][k][p];
            }
            double se = sqrt(ss / (double)(m[j][k] - 1) / (double)m[j][k]);
            spread[j][k] = se > 0;
            stat[j][k] = se > 0 ? mean / se : mean > 0 ? INFINITY : mean < 0 ? -INFINITY : 0;
            open[j][k] = se > 0 || mean != 0;
        }
    double *largest = malloc(R * sizeof *largest);
    for (;;) {
        bool any = false;
        for (size_t j = 0; j < n; j++)
            for (size_t k = 0; k < n; k++)
                any = any || open[j][k];
        if (!any)
            break;
        uint64_t s = seed;
        for (unsigned r = 0; r < R; r++) {
            static double g[MAXP][MAXP];
            for (size_t a = 0; a < P; a++)
                for (size_t b = 0; b < P; b++)
                    g[a][b] = brute_normal(&s);
            double top = -INFINITY;
            for (size_t j = 0; j < n; j++)
                for (size_t k = 0; k < n; k++) {
                    if (!open[j][k] || !spread[j][k])
                        continue;
                    size_t mm = m[j][k];
                    double d[MAXP], mean = 0, ss = 0;
                    for (size_t a = 0; a < mm; a++) {
                        d[a] = 0;
                        for (size_t b = 0; b < mm; b++)
                            d[a] += g[common[j][k][a]][common[j][k][b]] * resid[j][k][common[j][k][b]];
                        d[a] /= sqrt((double)(mm - 1));
                        mean += d[a];
                    }
                    mean /= (double)mm;
                    for (size_t a = 0; a < mm; a++)
                        ss += (d[a] - mean) * (d[a] - mean);
                    double se = sqrt(ss / (double)(mm - 1) / (double)mm);
                    double dev = se > 0 ? mean / se : 0;
                    if (dev > top)
                        top = dev;
                }
            largest[r] = top;
        }
        qsort(largest, R, sizeof *largest, by_value);
        double h = (R - 1) * conf, f = h - floor(h);
        size_t l = (size_t)floor(h);
        double q = f == 0 || largest[l] == largest[l + 1] ? largest[l]
                   : isinf(largest[l + 1])                ? largest[l + 1]
                   : isinf(largest[l])                    ? largest[l]
                                                          : largest[l] + f * (largest[l + 1] - largest[l]);
        size_t newly = 0;
        for (size_t j = 0; j < n; j++)
            for (size_t k = 0; k < n; k++)
                if (open[j][k] && stat[j][k] > q) {
                    open[j][k] = false;
                    rejected[j][k] = true;
                    newly++;
                }
        if (newly == 0)
            break;
    }
    free(largest);
    for (size_t k = 0; k < n; k++) {
        lo[k] = 1;
        hi[k] = n;
        for (size_t j = 0; j < n; j++) {
            lo[k] += rejected[k][j];
            hi[k] -= rejected[j][k];
        }
    }
}

static uint64_t data_rng = 20261207;

static double gauss(void)
{
    return brute_normal(&data_rng);
}

static void rank_or_fail(const double *x, size_t n, size_t P, const struct hb_rank_options *o, struct hb_rank_result *r)
{
    char *error = NULL;
    struct hb_rank_input in = {n, P, x};
    if (hb_rank_set(&in, o, r, &error) != 0)
        fail_msg("hb_rank_set: %s", error);
}

static void same_as_brute_force(void **state)
{
    (void)state;
    int separated = 0, holes = 0;
    for (int trial = 0; trial < 160; trial++) {
        size_t n = 2 + (size_t)hb_splitmix64_below(&data_rng, MAXN - 1);
        size_t P = 3 + (size_t)hb_splitmix64_below(&data_rng, MAXP - 2);
        double x[MAXN * MAXP], step = 0.01 + 0.05 * (trial % 4), noise = 0.02 + 0.01 * (trial % 3);
        for (size_t p = 0; p < P; p++) {
            double shared = 0.05 * gauss(); /* the process's state, common to every candidate */
            for (size_t k = 0; k < n; k++)
                x[k * P + p] = 100 * exp(step * (double)k + shared + noise * gauss());
        }
        if (trial % 3 == 1) { /* a race: the slower half stops after the first processes */
            for (size_t k = n / 2; k < n; k++)
                for (size_t p = 3 + (size_t)(trial % 2); p < P; p++)
                    x[k * P + p] = NAN;
            holes++;
        } else if (trial % 3 == 2) { /* single holes anywhere */
            for (size_t i = 0; i < n * P / 5; i++)
                x[hb_splitmix64_below(&data_rng, (uint32_t)(n * P))] = NAN;
            for (size_t k = 0; k < n; k++)
                if (isnan(x[k * P]))
                    x[k * P] = 100; /* every candidate keeps a value */
            holes++;
        }
        struct hb_rank_options o = {0.95, 300, 1000 + (uint64_t)trial};
        struct hb_rank_result r;
        rank_or_fail(x, n, P, &o, &r);
        size_t lo[MAXN], hi[MAXN], nfastest = 0;
        brute_ranks(x, n, P, o.confidence, o.resamples, o.seed, lo, hi);
        for (size_t k = 0; k < n; k++) {
            if (r.rank_lo[k] != lo[k] || r.rank_hi[k] != hi[k])
                fail_msg("trial %d (n=%zu P=%zu): candidate %zu ranks [%zu,%zu], brute force [%zu,%zu]", trial, n, P, k,
                         r.rank_lo[k], r.rank_hi[k], lo[k], hi[k]);
            if (r.fastest[k] != (lo[k] == 1))
                fail_msg("trial %d: candidate %zu fastest %d, brute force rank_lo %zu", trial, k, r.fastest[k], lo[k]);
            nfastest += lo[k] == 1;
            separated += lo[k] > 1;
        }
        assert_int_equal(r.nfastest, nfastest);
        hb_rank_result_free(&r);
    }
    /* Not vacuous: many candidates were told apart, with and without holes. */
    if (separated < 100 || holes < 100)
        fail_msg("only %d exclusions (%d trials with holes): the comparison says little", separated, holes);
}

/* ---- csranks' PISA 2018 example: (math score, standard error) of the 37 OECD countries */

static const struct country {
    const char *name;
    double score, se;
} pisa[] = {
    {"Australia", 491.3600252, 1.939833031},      {"Austria", 498.9423138, 2.970998694},
    {"Belgium", 508.0703063, 2.262662011},        {"Canada", 512.0169429, 2.357475749},
    {"Chile", 417.4065563, 2.41588757},           {"Colombia", 390.9322732, 2.989559274},
    {"Czech Republic", 499.4676508, 2.460661531}, {"Denmark", 509.3983746, 1.735002337},
    {"Estonia", 523.4145802, 1.743602224},        {"Finland", 507.3013618, 1.967920411},
    {"France", 495.4075794, 2.320214487},         {"Germany", 500.0437805, 2.647083096},
    {"Greece", 451.3703438, 3.091228197},         {"Hungary", 481.0826364, 2.319596741},
    {"Iceland", 495.1873762, 1.953082603},        {"Ireland", 499.632894, 2.198621128},
    {"Israel", 463.0345488, 3.498563228},         {"Italy", 486.5898573, 2.780045867},
    {"Japan", 526.9732502, 2.471475318},          {"Korea", 525.933002, 3.121394315},
    {"Latvia", 496.1263306, 1.962766789},         {"Lithuania", 481.1911884, 1.953282039},
    {"Luxembourg", 483.421485, 1.097632409},      {"Mexico", 408.8014734, 2.493225544},
    {"Netherlands", 519.2309824, 2.632277885},    {"New Zealand", 494.489676, 1.705942856},
    {"Norway", 500.9637885, 2.219044878},         {"Poland", 515.6478747, 2.602085176},
    {"Portugal", 492.4874062, 2.684570081},       {"Slovak Republic", 486.1648542, 2.555595707},
    {"Slovenia", 508.8975441, 1.363877596},       {"Spain", 481.3926126, 1.462417763},
    {"Sweden", 502.3877022, 2.654250935},         {"Switzerland", 515.3147131, 2.908003898},
    {"Turkey", 453.5077774, 2.260406789},         {"United Kingdom", 501.7698992, 2.564428111},
    {"United States", 478.2447174, 3.235444099},
};
enum { NPISA = sizeof pisa / sizeof pisa[0] };

static size_t country(const char *name)
{
    for (size_t k = 0; k < NPISA; k++)
        if (strcmp(pisa[k].name, name) == 0)
            return k;
    fail_msg("no country %s", name);
    return 0;
}

/* What a pisa ranking may be, given Monte Carlo error: each country's rank bounds when every pair
 * whose statistic lies within MC_REACH of the critical value could fall either way. The critical
 * value is a 0.9 to 0.95 quantile of 20000 resampled maxima: its standard error, the binomial
 * sqrt(p (1 - p) / 20000) over the maxima's density there, stays near 0.006; 0.03 is five of it. */
#define MC_REACH 0.03
struct pisa_bounds {
    size_t lo_min, lo_max, hi_min, hi_max;
};

/* csranks ranks higher scores first; ranks.h ranks lower values first: the estimates are the
 * negated scores, the covariance diag(se^2) as the vignette sets it. A pair is rejected exactly
 * when its statistic exceeds the last step's critical value, so the bounds follow from it. */
static void pisa_ranks(double confidence, struct hb_rank_result *r, struct pisa_bounds *b)
{
    double estimate[NPISA], cov[NPISA * NPISA] = {0};
    for (size_t k = 0; k < NPISA; k++) {
        estimate[k] = -pisa[k].score;
        cov[k * NPISA + k] = pisa[k].se * pisa[k].se;
    }
    struct hb_rank_options o = {confidence, 20000, 2023};
    char *error = NULL;
    if (hb_rank_set_normal(estimate, cov, NPISA, &o, r, &error) != 0)
        fail_msg("hb_rank_set_normal: %s", error);
    for (size_t k = 0; k < NPISA; k++) {
        size_t faster = 0, maybe_faster = 0, slower = 0, maybe_slower = 0;
        for (size_t j = 0; j < NPISA; j++) {
            if (j == k)
                continue;
            double sd = sqrt(pisa[j].se * pisa[j].se + pisa[k].se * pisa[k].se);
            double over = (pisa[j].score - pisa[k].score) / sd; /* j better than k */
            faster += over > r->critical + MC_REACH;
            maybe_faster += fabs(over - r->critical) <= MC_REACH;
            slower += -over > r->critical + MC_REACH;
            maybe_slower += fabs(-over - r->critical) <= MC_REACH;
        }
        b[k] =
            (struct pisa_bounds){1 + faster, 1 + faster + maybe_faster, NPISA - slower - maybe_slower, NPISA - slower};
        if (r->rank_lo[k] < b[k].lo_min || r->rank_lo[k] > b[k].lo_max || r->rank_hi[k] < b[k].hi_min ||
            r->rank_hi[k] > b[k].hi_max)
            fail_msg("at %g, %s: ranks [%zu,%zu] do not follow from the critical value %.4f", confidence, pisa[k].name,
                     r->rank_lo[k], r->rank_hi[k], r->critical);
    }
}

/* Every statement the vignette makes, checked where Monte Carlo error cannot turn it (a statement
 * that could turn is named and not counted; all of them are decided here). */
static void pisa_published(void **state)
{
    (void)state;
    static const char *const top5_95[] = {"Belgium", "Canada",      "Denmark",     "Estonia", "Finland",
                                          "Japan",   "Korea",       "Netherlands", "Poland",  "Slovenia",
                                          "Sweden",  "Switzerland", NULL};
    static const char *const top5_90[] = {"Belgium", "Canada",      "Denmark", "Estonia",  "Finland",     "Japan",
                                          "Korea",   "Netherlands", "Poland",  "Slovenia", "Switzerland", NULL};
    const double levels[] = {0.95, 0.9};
    const char *const *sets[] = {top5_95, top5_90};
    struct pisa_bounds b[NPISA];
    int undecided = 0;
    for (int l = 0; l < 2; l++) {
        struct hb_rank_result r;
        pisa_ranks(levels[l], &r, b);
        /* csranks' cstaubest(tau = 5): the countries whose lower rank bound is at most 5. */
        bool want[NPISA] = {false};
        for (const char *const *c = sets[l]; *c; c++)
            want[country(*c)] = true;
        for (size_t k = 0; k < NPISA; k++) {
            if (b[k].lo_min <= 5 && b[k].lo_max > 5) {
                print_message("at %g, %s: lower bound %zu to %zu, within Monte Carlo reach of 5\n", levels[l],
                              pisa[k].name, b[k].lo_min, b[k].lo_max);
                undecided++;
            } else if ((r.rank_lo[k] <= 5) != want[k]) {
                fail_msg("at %g, %s: lower rank bound %zu, but the vignette %s it among the possible top 5", levels[l],
                         pisa[k].name, r.rank_lo[k], want[k] ? "puts" : "leaves");
            }
        }
        if (l == 0) {
            /* "Germany performs significantly worse than Korea" cannot be concluded: both intervals hold 7. */
            size_t de = country("Germany"), kr = country("Korea");
            if (!(b[de].lo_max <= 7 && b[de].hi_min >= 7 && b[kr].lo_max <= 7 && b[kr].hi_min >= 7))
                fail_msg("95%%: Germany [%zu..%zu, %zu..%zu], Korea [%zu..%zu, %zu..%zu] should both hold rank 7",
                         b[de].lo_min, b[de].lo_max, b[de].hi_min, b[de].hi_max, b[kr].lo_min, b[kr].lo_max,
                         b[kr].hi_min, b[kr].hi_max);
            /* Chile, Mexico and Colombia: intervals that overlap none of the other countries'. */
            const char *last[] = {"Chile", "Mexico", "Colombia"};
            size_t trio[3] = {country(last[0]), country(last[1]), country(last[2])};
            for (int i = 0; i < 3; i++) {
                size_t c = trio[i];
                for (size_t k = 0; k < NPISA; k++)
                    if (k != trio[0] && k != trio[1] && k != trio[2] && b[k].lo_min <= b[c].hi_max &&
                        b[c].lo_min <= b[k].hi_max)
                        fail_msg("95%%: %s [%zu,%zu] may overlap %s [%zu,%zu]", last[i], r.rank_lo[c], r.rank_hi[c],
                                 pisa[k].name, r.rank_lo[k], r.rank_hi[k]);
            }
        }
        hb_rank_result_free(&r);
    }
    /* At 75%, Germany's and Korea's intervals no longer overlap. */
    struct hb_rank_result r;
    pisa_ranks(0.75, &r, b);
    size_t de = country("Germany"), kr = country("Korea");
    if (b[de].lo_min <= b[kr].hi_max)
        fail_msg("75%%: Germany [%zu,%zu] and Korea [%zu,%zu] may still overlap", r.rank_lo[de], r.rank_hi[de],
                 r.rank_lo[kr], r.rank_hi[kr]);
    hb_rank_result_free(&r);
    if (undecided > 0)
        fail_msg("%d of the vignette's top-5 statements are within Monte Carlo reach here", undecided);
}

/* ---- statistical properties, at fixed seeds */

/* A/A: the same candidate twice. With identical columns nothing can tell them apart: both are in
 * the fastest set, ranked [1, 2]. With the noise drawn again from one law (5 processes, a shared
 * 5% process effect, 3% of each candidate's own per process, log-normal), the law is: one of the
 * two is excluded in 5% of trials (the pair's statistic is Student's t with 4 degrees of freedom
 * and its critical value that t's 97.5% quantile, up to the resamples' Monte Carlo error). Over 600
 * trials the count must stay within 3.5 binomial standard deviations of 30. */
static void aa_pairs(void **state)
{
    (void)state;
    double x[2 * 5];
    for (size_t p = 0; p < 5; p++)
        x[p] = x[5 + p] = 100 * exp(0.05 * gauss());
    struct hb_rank_result r;
    rank_or_fail(x, 2, 5, NULL, &r);
    assert_true(r.fastest[0] && r.fastest[1]);
    assert_int_equal(r.rank_lo[0], 1);
    assert_int_equal(r.rank_hi[0], 2);
    hb_rank_result_free(&r);

    int excluded = 0, trials = 600;
    for (int t = 0; t < trials; t++) {
        for (size_t p = 0; p < 5; p++) {
            double shared = 0.05 * gauss();
            x[p] = 100 * exp(shared + 0.03 * gauss());
            x[5 + p] = 100 * exp(shared + 0.03 * gauss());
        }
        struct hb_rank_options o = {0.95, 1000, 77 + (uint64_t)t};
        rank_or_fail(x, 2, 5, &o, &r);
        excluded += r.nfastest < 2;
        hb_rank_result_free(&r);
    }
    double sd = sqrt(trials * 0.05 * 0.95);
    print_message("A/A: one of two excluded in %d of %d trials (the law: %.0f +- %.1f)\n", excluded, trials,
                  trials * 0.05, sd);
    if (fabs(excluded - trials * 0.05) > 3.5 * sd)
        fail_msg("A/A exclusions %d of %d, the law says %.0f +- %.1f", excluded, trials, trials * 0.05, sd);
}

/* A candidate 20% slower than another by construction, 5 processes, a shared 5% process effect and
 * 4% of each candidate's own per process: the paired log ratio's statistic is a noncentral t with
 * 4 degrees of freedom and noncentrality ln 1.2 / (0.04 sqrt(2) / sqrt(5)) = 7.2, which falls below
 * the critical value (about 2.8) with probability below 1e-4: excluded in every one of 300 trials,
 * the other one kept. The same with three more candidates as fast as the first (the critical value
 * of 20 ordered pairs is larger; the law still gives more than 95% exclusions: at least 270 of 300). */
static void slower_excluded(void **state)
{
    (void)state;
    for (size_t n = 2; n <= 5; n += 3) {
        int excluded = 0, wrongly = 0, trials = 300;
        for (int t = 0; t < trials; t++) {
            double x[5 * 5];
            for (size_t p = 0; p < 5; p++) {
                double shared = 0.05 * gauss();
                for (size_t k = 0; k < n; k++)
                    x[k * 5 + p] = 100 * exp(shared + (k == 1 ? log(1.2) : 0) + 0.04 * gauss());
            }
            struct hb_rank_options o = {0.95, 1000, 5 + (uint64_t)t};
            struct hb_rank_result r;
            rank_or_fail(x, n, 5, &o, &r);
            excluded += !r.fastest[1];
            for (size_t k = 0; k < n; k++)
                if (k != 1 && !r.fastest[k]) {
                    wrongly++;
                    break;
                }
            hb_rank_result_free(&r);
        }
        print_message("20%% slower, %zu candidates: excluded in %d of %d trials, a fast one in %d\n", n, excluded,
                      trials, wrongly);
        /* The fast ones are tied: excluding any of them is the error the confidence bounds, at most 5%
         * of trials (within 3.5 binomial standard deviations of 15). */
        if (wrongly > 15 + 3.5 * sqrt(300 * 0.05 * 0.95))
            fail_msg("20%% slower among %zu: a tied fast candidate excluded in %d of %d trials", n, wrongly, trials);
        if (excluded < (n == 2 ? trials : trials * 9 / 10))
            fail_msg("20%% slower among %zu: excluded in only %d of %d trials", n, excluded, trials);
    }
}

/* ---- the cases the header names */

static void one_candidate_and_equal_values(void **state)
{
    (void)state;
    double one[] = {5, 6, 7};
    struct hb_rank_result r;
    rank_or_fail(one, 1, 3, NULL, &r);
    assert_true(r.fastest[0]);
    assert_int_equal(r.rank_lo[0], 1);
    assert_int_equal(r.rank_hi[0], 1);
    assert_int_equal(r.processes[0], 3);
    assert_true(fabs(r.center[0] - cbrt(5.0 * 6 * 7)) < 1e-12);
    hb_rank_result_free(&r);

    /* All values equal: no pair differs, nothing is tested. */
    double equal[4 * 5];
    for (size_t i = 0; i < 4 * 5; i++)
        equal[i] = 3.5;
    rank_or_fail(equal, 4, 5, NULL, &r);
    assert_int_equal(r.nfastest, 4);
    for (size_t k = 0; k < 4; k++)
        assert_true(r.rank_lo[k] == 1 && r.rank_hi[k] == 4);
    assert_int_equal(r.steps, 0);
    assert_true(isnan(r.critical));
    hb_rank_result_free(&r);

    /* One process: nothing can be separated, however far apart. */
    double single[] = {1, 2, 40};
    rank_or_fail(single, 3, 1, NULL, &r);
    assert_int_equal(r.nfastest, 3);
    assert_int_equal(r.unseparable_pairs, 3);
    hb_rank_result_free(&r);

    /* The same ratio in every process: a certain difference, with no spread to resample. */
    double fixed[] = {10, 11, 12, 13, 20, 22, 24, 26};
    rank_or_fail(fixed, 2, 4, NULL, &r);
    assert_true(r.fastest[0] && !r.fastest[1]);
    assert_true(r.rank_lo[1] == 2 && r.rank_hi[0] == 1);
    hb_rank_result_free(&r);
}

/* Two processes in common are too few to separate a pair, even twice as slow: never an exclusion,
 * and the result counts the pair. With three in common the same pair is separated. */
static void too_few_common_processes(void **state)
{
    (void)state;
    const double N = NAN;
    double x[] = {
        10, 10.2, 9.9, 10.1, 10, N,   /* a: every process but the last */
        20, 20.5, N,   N,    N,  N,   /* b: twice as slow, only the first two */
        10, 10.1, 10,  10.2, 10, 9.9, /* c: every process */
    };
    struct hb_rank_result r;
    rank_or_fail(x, 3, 6, NULL, &r);
    assert_true(r.fastest[1]);
    assert_int_equal(r.unseparable[1], 2);
    assert_int_equal(r.unseparable[0], 1);
    assert_int_equal(r.unseparable_pairs, 2);
    assert_int_equal(r.processes[1], 2);
    assert_int_equal(r.rank_hi[1], 3);
    hb_rank_result_free(&r);
    x[6 + 2] = 19.8; /* b ran a third process beside a and c */
    rank_or_fail(x, 3, 6, NULL, &r);
    assert_int_equal(r.unseparable_pairs, 0);
    assert_false(r.fastest[1]);
    assert_int_equal(r.rank_lo[1], 3);
    hb_rank_result_free(&r);
}

/* A race: after 5 processes the two clear losers stop; 10 more run the three contenders. The
 * losers are excluded on their 5 processes, the contenders compared over all 15 (tied, so the
 * fastest set holds one of them at least), the counts kept. */
static void race_holes(void **state)
{
    (void)state;
    enum { P = 15 };
    double x[5 * P];
    const double slow[] = {0, 0.0, 0.004, 0.4, 0.5};
    for (size_t p = 0; p < P; p++) {
        double shared = 0.05 * gauss();
        for (size_t k = 0; k < 5; k++)
            x[k * P + p] = k >= 3 && p >= 5 ? NAN : 50 * exp(slow[k] + shared + 0.02 * gauss());
    }
    struct hb_rank_result r;
    rank_or_fail(x, 5, P, NULL, &r);
    assert_int_equal(r.processes[3], 5);
    assert_int_equal(r.processes[0], P);
    assert_false(r.fastest[3]);
    assert_false(r.fastest[4]);
    assert_true(r.fastest[0] || r.fastest[1] || r.fastest[2]);
    assert_true(r.rank_lo[3] >= 4 && r.rank_lo[4] >= 4);
    hb_rank_result_free(&r);
}

static void refusals_and_determinism(void **state)
{
    (void)state;
    char *error = NULL;
    struct hb_rank_result r;
    double bad[][4] = {{1, 2, 0, 3}, {1, -2, 2, 3}, {1, INFINITY, 2, 3}, {NAN, NAN, 2, 3}};
    const char *says[] = {"value 0", "value -2", "value inf", "no value"};
    for (int i = 0; i < 4; i++) {
        struct hb_rank_input in = {2, 2, bad[i]};
        assert_int_equal(hb_rank_set(&in, NULL, &r, &error), -1);
        if (strstr(error, says[i]) == NULL)
            fail_msg("case %d: error '%s' does not say '%s'", i, error, says[i]);
        free(error);
        error = NULL;
    }
    double fine[] = {1, 2, 3, 4, 5, 6};
    struct hb_rank_input in = {2, 3, fine};
    struct hb_rank_options o = {1.0, 1000, 1};
    assert_int_equal(hb_rank_set(&in, &o, &r, &error), -1);
    free(error);
    o = (struct hb_rank_options){0.95, 10, 1};
    assert_int_equal(hb_rank_set(&in, &o, &r, &error), -1);
    free(error);
    double cov[] = {1, 2, 2, 1}, est[] = {1, 2};
    assert_int_equal(hb_rank_set_normal(est, cov, 2, NULL, &r, &error), -1);
    free(error);

    /* The same seed, the same answer, to the bit. */
    double x[6 * 5];
    for (size_t i = 0; i < 6 * 5; i++)
        x[i] = 100 * exp(0.02 * (double)(i / 5) + 0.02 * gauss());
    struct hb_rank_result a, b;
    rank_or_fail(x, 6, 5, NULL, &a);
    rank_or_fail(x, 6, 5, NULL, &b);
    assert_true(a.critical == b.critical && a.steps == b.steps);
    assert_memory_equal(a.rank_lo, b.rank_lo, 6 * sizeof *a.rank_lo);
    assert_memory_equal(a.rank_hi, b.rank_hi, 6 * sizeof *a.rank_hi);
    hb_rank_result_free(&a);
    hb_rank_result_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_as_brute_force),
        cmocka_unit_test(pisa_published),
        cmocka_unit_test(aa_pairs),
        cmocka_unit_test(slower_excluded),
        cmocka_unit_test(one_candidate_and_equal_values),
        cmocka_unit_test(too_few_common_processes),
        cmocka_unit_test(race_holes),
        cmocka_unit_test(refusals_and_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

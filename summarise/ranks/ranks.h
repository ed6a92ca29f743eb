/* ranks.h — which candidates could be the fastest, and where each one's rank lies, as confidence
 * sets simultaneous over all candidates (Mogstad, Romano, Shaikh and Wilhelm, "Inference for Ranks
 * with Applications to Mobility across Neighbourhoods and Academic Achievement across Countries",
 * Review of Economic Studies 2023; the method of their R package csranks). hbstat -ranks and the
 * advisor rank with it; docs/statistics.md ("Rankings") states the method.
 *
 * The data are per-process figures: a replicated run's N processes each give every candidate one
 * value (the median of its repetitions in that process), so a candidate is a row of up to N values
 * and the process is the unit of replication. Values of one process are paired (they share its
 * layout and the machine's state), so candidates are compared process by process.
 *
 * In short: on logarithms of the values, for every pair of candidates the mean over the processes
 * both ran of their difference, and its standard error; a candidate j is significantly slower than
 * k when that difference over its standard error exceeds a critical value; the critical value is
 * the confidence quantile of the largest standardised deviation over all pairs still in question,
 * in resamples that draw every process's deviation with the same weights for every candidate
 * (Student's t for each pair, their dependence as observed); the rejections are stepped down as
 * Romano and Wolf's procedure does (after rejecting, the critical value is recomputed over the
 * hypotheses not yet rejected, until nothing changes). The fastest set holds every candidate that
 * no other is significantly faster than; a candidate's rank interval runs from 1 + the number of
 * candidates significantly faster than it to the count of candidates minus the number
 * significantly slower. All of it holds at the confidence simultaneously for every candidate. */
#ifndef HB_RANKS_H
#define HB_RANKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* x holds ncandidates rows of nprocesses values each, row-major: x[k * nprocesses + p] is candidate
 * k's figure in process p (a per-process median, lower is better, finite and > 0: pass 1 / value
 * for a rate), or NAN where candidate k did not run in process p (a race stops measuring the
 * candidates that can no longer win). Two candidates are compared over the processes both ran; a
 * pair with fewer than HB_RANK_MIN_COMMON of them cannot be separated, which the result says, and
 * is never the reason for an exclusion. */
struct hb_rank_input {
    size_t ncandidates, nprocesses;
    const double *x;
};

enum { HB_RANK_MIN_COMMON = 3 };

struct hb_rank_options {
    double confidence;  /* simultaneous coverage, in (0, 1): 0.95 */
    unsigned resamples; /* resamples of the largest deviation, >= 100: HB_RANK_RESAMPLES */
    uint64_t seed;      /* the resamples' SplitMix64 seed: the same seed, the same answer */
};

#define HB_RANK_RESAMPLES 2000
#define HB_RANK_SEED      UINT64_C(0x72616e6b2d736574) /* "rank-set" */
#define HB_RANK_OPTIONS_DEFAULT                                                                                        \
    {                                                                                                                  \
        0.95, HB_RANK_RESAMPLES, HB_RANK_SEED                                                                          \
    }

/* Arrays of ncandidates entries, in the input's order; free with hb_rank_result_free. */
struct hb_rank_result {
    size_t ncandidates;
    double *center;    /* the estimate ranked: exp of the mean of ln x over the processes it ran */
    size_t *processes; /* the processes candidate k ran in (values not NAN) */
    size_t *rank_lo;   /* its rank interval, 1 = fastest: [rank_lo, rank_hi] */
    size_t *rank_hi;
    bool *fastest;            /* in the fastest set: rank_lo == 1 (no candidate significantly faster) */
    size_t nfastest;          /* members of the fastest set: at least 1 when the candidates ran in the same
                          processes (with holes, rejections over different processes can form a cycle) */
    size_t *unseparable;      /* the other candidates it shares fewer than HB_RANK_MIN_COMMON processes with */
    size_t unseparable_pairs; /* such pairs, each counted once */
    double critical;          /* the last step's critical value (standardised units; +inf: none could be
                                 rejected, NAN: no pair could be tested) */
    unsigned steps;           /* steps of the step-down; 0 when no pair could be tested */
};

/* Ranks the candidates of in at opts (NULL: HB_RANK_OPTIONS_DEFAULT) into *out. Returns 0, or -1
 * with *error (free it) naming the first value that is neither NAN nor finite and > 0, a candidate
 * with no value at all, or an option out of range; *out is then left empty. One candidate is
 * fastest with rank [1, 1]; with one process, or none shared by three, no pair can be separated
 * and every candidate is in the fastest set with rank [1, ncandidates]. */
int hb_rank_set(const struct hb_rank_input *in, const struct hb_rank_options *opts, struct hb_rank_result *out,
                char **error);

/* The same ranking from estimates instead of process values, as csranks computes it: estimate[k]
 * (lower is better) with the covariance matrix covariance[n x n] of the estimates, row-major; the
 * resamples draw the estimates' errors from the normal distribution with that covariance
 * (csranks' parametric bootstrap) and standardise each pair by its known standard deviation.
 * center holds the estimates, processes and unseparable zeros. Returns -1 with *error when the
 * covariance is not positive definite or an option is out of range. */
int hb_rank_set_normal(const double *estimate, const double *covariance, size_t n, const struct hb_rank_options *opts,
                       struct hb_rank_result *out, char **error);

void hb_rank_result_free(struct hb_rank_result *r);

#endif

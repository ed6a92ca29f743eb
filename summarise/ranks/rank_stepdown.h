/* rank_stepdown.h — the part of the rank confidence set that both ways of resampling share
 * (ranks.h): the pairs and their standardised differences, Romano and Wolf's step-down over the
 * largest resampled deviation, and the rank intervals the rejections give. Internal to ranks/. */
#ifndef HB_RANK_STEPDOWN_H
#define HB_RANK_STEPDOWN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ranks.h"

/* One unordered pair a < b and its two hypotheses, "a is not slower than b" and "b is not slower
 * than a"; rejecting the first finds a significantly slower than b. */
struct hb_rank_pair {
    uint32_t a, b;
    double t;      /* the standardised difference of a over b: > 0 when a looks slower (+-inf: the
                       difference has no spread and is not 0) */
    bool testable; /* may be rejected; false for pairs that cannot be separated or do not differ */
    bool in_max;   /* its deviation enters the largest deviation (testable and with a spread) */
    bool a_slower; /* outcome: a found significantly slower than b */
    bool b_slower;
};

/* Fills dev[i], for every pair i with need[i], with one resample's standardised deviation of a
 * over b; *rng is the resamples' generator, drawn from in the same order on every call. */
typedef void hb_rank_draw_fn(void *ctx, uint64_t *rng, const bool *need, double *dev);

/* Steps down over pairs[0..npairs): each step resamples the largest deviation over the hypotheses
 * still open opts->resamples times from opts->seed (the same draws every step), takes its
 * opts->confidence quantile (linear between order statistics, R's type 7, as csranks' quantile()
 * does) as the critical value, rejects every open hypothesis whose statistic exceeds it, and stops
 * when a step rejects nothing or none is left open. Sets the pairs' outcomes, *critical (the last
 * step's value; NAN when no step ran) and *steps. */
void hb_rank_stepdown(struct hb_rank_pair *pairs, size_t npairs, hb_rank_draw_fn *draw, void *ctx,
                      const struct hb_rank_options *opts, double *critical, unsigned *steps);

/* Allocates out's arrays for n candidates, zeroed (ranks unset). */
void hb_rank_result_alloc(struct hb_rank_result *out, size_t n);

/* The rank intervals and the fastest set from the pairs' outcomes. */
void hb_rank_intervals(const struct hb_rank_pair *pairs, size_t npairs, struct hb_rank_result *out);

/* Checks the options (one line into *error when out of range); 0 or -1. */
int hb_rank_check_options(const struct hb_rank_options *opts, char **error);

/* A standard normal from two uniforms of the generator (Box and Muller, the cosine half). */
double hb_rank_normal(uint64_t *rng);

#endif

/* fastest.c — the advisor's rows through summarise/ranks: a row with no process values at all (an
 * entry timed nowhere the ranking looks) cannot be ranked and is left out of the library's call, in
 * the fastest set with the widest rank interval, as a candidate that cannot be told apart from any. */
#include "fastest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"
#include "ranks.h"

void hb_advice_fastest_set(const double *x, size_t n, size_t nprocesses, double confidence, size_t *rank_lo,
                           size_t *rank_hi, size_t *processes, bool *fastest)
{
    size_t *row = hb_xcalloc(n + 1, sizeof *row), m = 0;
    double *values = hb_xcalloc(n * nprocesses + 1, sizeof *values);
    for (size_t i = 0; i < n; i++) {
        size_t timed = 0;
        for (size_t p = 0; p < nprocesses; p++) {
            double v = x[i * nprocesses + p];
            values[m * nprocesses + p] = isfinite(v) && v > 0 ? v : NAN;
            timed += isfinite(v) && v > 0;
        }
        processes[i] = timed;
        rank_lo[i] = 1, rank_hi[i] = n, fastest[i] = true;
        if (timed)
            row[m++] = i;
    }
    struct hb_rank_input in = {m, nprocesses, values};
    struct hb_rank_options opts = HB_RANK_OPTIONS_DEFAULT;
    opts.confidence = confidence;
    struct hb_rank_result out;
    char *error = NULL;
    if (m && hb_rank_set(&in, &opts, &out, &error) == 0) {
        /* the rows left out cannot be told apart from any: each widens every other's interval */
        size_t unranked = n - m;
        for (size_t k = 0; k < m; k++) {
            rank_lo[row[k]] = out.rank_lo[k];
            rank_hi[row[k]] = out.rank_hi[k] + unranked;
            fastest[row[k]] = out.fastest[k];
        }
        hb_rank_result_free(&out);
    } else {
        /* the values passed are finite and > 0 and the confidence the rules' own, so the library
         * refuses nothing; were it to, every row stays in the set with the widest interval */
        free(error);
    }
    free(values);
    free(row);
}

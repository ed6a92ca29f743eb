/* plot_axis.c — a logarithmic axis: ticks at round values and the place of a value on it. Both
 * advice plots draw times that span a factor of ten or more, where equal distances should be equal
 * ratios. */
#include "plot_axis.h"

#include <math.h>

/* The ticks: 1, 2 and 5 times the powers of ten inside the range, or, when those are fewer than
 * three, every digit times them, or else the multiples of a linear step. */
void hb_plot_axis_ticks(struct hb_plot_axis *a)
{
    static const double coarse[] = {1, 2, 5}, fine[] = {1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9};
    const double *sets[] = {coarse, fine};
    const size_t sizes[] = {3, 10};
    for (size_t k = 0; k < 2; k++) {
        a->nticks = 0;
        for (double decade = pow(10, floor(log10(a->lo))); decade <= a->hi; decade *= 10)
            for (size_t m = 0; m < sizes[k] && a->nticks < sizeof a->ticks / sizeof *a->ticks; m++)
                if (sets[k][m] * decade >= a->lo && sets[k][m] * decade <= a->hi)
                    a->ticks[a->nticks++] = sets[k][m] * decade;
        if (a->nticks >= 3)
            return;
    }
    double raw = (a->hi - a->lo) / 4, mag = pow(10, floor(log10(raw))), norm = raw / mag;
    double step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
    a->nticks = 0;
    for (double v = ceil(a->lo / step) * step; v <= a->hi && a->nticks < sizeof a->ticks / sizeof *a->ticks; v += step)
        a->ticks[a->nticks++] = v;
}

/* Where ns nanoseconds fall along an axis drawn from `from` over `length` pixels (length negative
 * for the y axis, drawn upwards). */
double hb_plot_axis_place(const struct hb_plot_axis *a, double ns, double from, double length)
{
    double v = ns < a->lo ? a->lo : ns > a->hi ? a->hi : ns;
    return from + (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo)) * length;
}

/* plot_axis.h — the logarithmic axis the advice plots share: its ticks and where a value falls. */
#ifndef HB_ADVICE_PLOT_AXIS_H
#define HB_ADVICE_PLOT_AXIS_H

#include <stddef.h>

/* A logarithmic axis over [lo, hi] nanoseconds and its ticks. */
struct hb_plot_axis {
    double lo, hi;
    double ticks[24];
    size_t nticks;
};

/* Fills a->ticks: 1, 2 and 5 times the powers of ten inside [lo, hi], or every digit times them when
 * those are fewer than three, or else the multiples of a linear step. */
void hb_plot_axis_ticks(struct hb_plot_axis *a);
/* Where ns nanoseconds fall along an axis drawn from `from` over `length` pixels (length negative
 * for an axis drawn upwards); values outside the axis are clamped to its ends. */
double hb_plot_axis_place(const struct hb_plot_axis *a, double ns, double from, double length);

#endif

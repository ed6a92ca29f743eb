/* spikes.h — isolated outliers of a series: single runs far from their neighbours on both sides,
 * such as a run on a busy shared machine. hbstat -history gives them the middle ranks before it
 * tests a series for change points, so that an extreme run weighs nothing either way, and places a
 * change without them, so that one odd run next to a real change cannot move where it lies. */
#ifndef HB_SPIKES_H
#define HB_SPIKES_H

#include <stdbool.h>
#include <stddef.h>

/* How far, in robust standard deviations, a spike lies from both of its neighbourhoods. */
#define HB_SPIKE_SIGMAS 4.0
/* The neighbours on each side whose median a value is compared with. */
enum { HB_SPIKE_NEIGHBOURS = 3 };

/* Marks in spike[0..n) the values of x[0..n) (no NaN) that are spikes: more than HB_SPIKE_SIGMAS
 * robust standard deviations above the median of the HB_SPIKE_NEIGHBOURS values before it and
 * above that of the ones after it, or below both (at an end, the one side there is). The robust
 * standard deviation is 1.4826 times the median absolute difference between neighbours, over the
 * square root of 2: the noise of one value, which a step in the series does not inflate (0 when
 * most neighbours are equal: then any value above or below both sides stands out). A value at a
 * step is close to one side, so it is never a spike. Returns how many. */
size_t hb_find_spikes(const double *x, size_t n, bool *spike);

/* Finds the spikes of x[0..n) (marked in spike[0..n)) and replaces them, in order of position, by
 * values spread evenly between the two middle values of the others, so that they take the middle
 * ranks and tie with nothing that did not tie before: a test on ranks then sees neither their
 * extremes nor a gap where they were, and every series keeps its length. Returns how many. */
size_t hb_neutralise_spikes(double *x, size_t n, bool *spike);

#endif

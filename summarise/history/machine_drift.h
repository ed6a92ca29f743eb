/* machine_drift.h — the part of a history's noise that every benchmark shares: the machine running
 * a little faster or slower from one run to the next (a shared virtual machine drifts, other
 * tenants come and go). Left in, it looks like a change in every series at once; hbstat -history
 * estimates it from the series that show no change and takes it out before searching
 * (docs/history.md). */
#ifndef HB_MACHINE_DRIFT_H
#define HB_MACHINE_DRIFT_H

#include <stdbool.h>
#include <stddef.h>

#include "history.h"

/* The fewest steady series the drift is estimated from: with fewer, their own noise would add more
 * to the others than the drift takes away, and the series are searched as they are. */
enum { HB_DRIFT_MIN_SERIES = 8 };

/* For runs [from, to) and the series h->series[first .. first + n): writes into drift[from..to)
 * the machine's drift at each run, as a natural logarithm: the median, over the series marked
 * steady (steady[k] for series first + k) whose values in [from, to) are all positive, of the
 * series' log value at that run less its median log value over [from, to); 0 at a run none of
 * them has. Returns the number of steady series used; when it is below HB_DRIFT_MIN_SERIES,
 * drift is all 0. */
size_t hb_machine_drift(const struct hb_history *h, size_t first, size_t n, const bool *steady, size_t from, size_t to,
                        double *drift);

#endif

/* history_exact.h — the change points of a history of counted runs (hashbench_measure:
 * instructions). A count is exact: the same code counts the same on every run, so a series needs
 * no test to say where it moved. Within each configuration a change is at the first run whose
 * value differs from the first value of its stretch by more than threshold percent (hbstat's
 * -exact-change), and a new stretch starts there. No p-value (NaN), no permutation, no drift:
 * before and after are the stretches' exact summaries (median, smallest and largest value). */
#ifndef HB_HISTORY_EXACT_H
#define HB_HISTORY_EXACT_H

#include "history.h"
#include "history_changes.h"

void hb_history_find_exact_changes(const struct hb_history *h, double threshold, struct hb_history_changes *out);

#endif

/* sample_per_input.h — -sample input (not in benchstat): each input contributes one sample per
 * cell, the median of its repetitions there, so that the samples a test compares are independent
 * runs (processes) rather than repetitions that share one process's memory layout and state. */
#ifndef HB_SAMPLE_PER_INPUT_H
#define HB_SAMPLE_PER_INPUT_H

#include <stddef.h>

#include "collect.h"

struct hb_input_mark {
    size_t ncells;
    size_t *n; /* each existing cell's sample count before the input */
};

/* Remembers how many samples every cell holds before an input is read. */
void hb_input_mark(const struct hb_collector *c, struct hb_input_mark *mark);

/* Replaces the samples each cell received since mark by their median, and frees mark. */
void hb_input_reduce(struct hb_collector *c, struct hb_input_mark *mark);

#endif

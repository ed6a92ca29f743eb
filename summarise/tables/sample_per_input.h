/* sample_per_input.h — -sample input and -sample paired (not in benchstat): each input contributes
 * one sample per cell, the median of its repetitions there, so that the samples a test compares are
 * independent runs (processes) rather than repetitions that share one process's memory layout and
 * state. -sample paired also remembers, for every such sample, which input of its label it came
 * from (its ordinal), so that the k-th input of each label can be paired with the baseline's k-th. */
#ifndef HB_SAMPLE_PER_INPUT_H
#define HB_SAMPLE_PER_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "collect.h"

struct hb_input_mark {
    size_t ncells;
    size_t *n; /* each existing cell's sample count before the input */
};

/* Per collector cell, the ordinal (1, 2, ...) of the input each of its values came from, in the
 * order of its values as collected (before any sort). */
struct hb_pair_keys {
    uint32_t *ordinal;
    size_t n, cap;
};
struct hb_pairing {
    struct hb_pair_keys *cells;
    size_t ncells, cap;
};

/* Remembers how many samples every cell holds before an input is read. */
void hb_input_mark(const struct hb_collector *c, struct hb_input_mark *mark);

/* Replaces the samples each cell received since mark by their median, and frees mark. */
void hb_input_reduce(struct hb_collector *c, struct hb_input_mark *mark);

/* As hb_input_reduce, and records ordinal (the input's place among the inputs of its label,
 * counting from 1) for every cell that received a value. Returns -1 with *error (free it; it starts
 * with flag, the option that asked: "-sample paired", "-ranks") when a cell already holds a value
 * from an input of the same ordinal, so that its pairs would be ambiguous (a -col that merges
 * labels); mark is freed either way. */
int hb_input_reduce_paired(struct hb_collector *c, struct hb_input_mark *mark, struct hb_pairing *pairing,
                           uint32_t ordinal, const char *flag, char **error);

void hb_pairing_free(struct hb_pairing *p);

#endif

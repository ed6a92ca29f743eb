/* describe.h — what every format says alike: the keys and how they were measured, in sentences,
 * and the figures formatted one way (nanoseconds per key). */
#ifndef HB_ADVICE_DESCRIBE_H
#define HB_ADVICE_DESCRIBE_H

#include <stddef.h>

#include "report.h"

/* The sentences about the machine's keys and measurements, in order (the keys, their lengths,
 * the spread's settings, the timings, DRAM, then the notes: a sample, too few keys, too few
 * repetitions for intervals). Returns how many; free with hb_advice_lines_free. */
size_t hb_advice_describe(const struct hb_advice_machine *m, char ***lines);
void hb_advice_lines_free(char **lines, size_t n);

/* Seconds per key as nanoseconds with two decimals ("2.79"), or "-" when absent or not finite. */
void hb_advice_ns(char *out, size_t len, double seconds, int present);
/* "[2.51, 3.33]", or "-" when the interval is not finite. */
void hb_advice_ns_interval(char *out, size_t len, const struct hb_advice_interval *x);
/* Seconds as nanoseconds with three decimals, the figure JSON and the plot's data attributes
 * carry; "" when not finite. */
void hb_advice_ns_exact(char *out, size_t len, double seconds);

/* The text of an algorithm's properties the outputs show. */
const char *hb_advice_dos_name(int dos);
const char *hb_advice_output_name(int output);

/* "name/impl" into out. */
void hb_advice_entry_label(const struct hb_advice_entry *e, char *out, size_t len);

/* The exclusions of r grouped by reason, in first-seen order: calls emit(reason, "a, b, c", arg)
 * once per distinct reason. */
void hb_advice_excluded_by_reason(const struct hb_advice_result *r,
                                  void (*emit)(const char *reason, const char *names, void *arg), void *arg);

/* "3" or "1-4": a pick's rank interval. */
void hb_advice_rank_text(char *out, size_t len, const struct hb_advice_pick *p);
/* The fastest set in a sentence: its confidence, the processes and entries it rests on, its
 * members and the pick ("Fastest set at 95% (8 processes; simultaneous over the 12 entries
 * ranked): a, b. Pick: a/x."); a fleet says how its set was formed. NULL when nothing is ranked. */
char *hb_advice_set_sentence(const struct hb_advice_result *r);
/* Whether the answer held in both halves of the processes, in a sentence; NULL when not checked
 * and there is nothing to say. */
char *hb_advice_halves_sentence(const struct hb_advice_result *r);

/* One design's own ranking in a sentence: "absl: fastest set {a, b}, pick a/x (held in both
 * halves)". */
char *hb_advice_design_sentence(const struct hb_advice_result *r, enum hb_design d);
/* A ranking by one design's tables against that design's default hash (r->against), in a sentence:
 * "Against the default of absl::flat_hash_set, absl::Hash (absl-hash/abseil): keep it — it is in the
 * fastest set." or the pick's saving per hit with its interval, or why the default is not the
 * pick, or that it was not timed; NULL when r is no such ranking. */
char *hb_advice_against_sentence(const struct hb_advice_result *r);

#endif

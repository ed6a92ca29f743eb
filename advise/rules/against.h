/* against.h — a table need ranked by one design, answered against the hash that design's programs
 * already have (the table of designs' default_hash): keep it when it is in the fastest set, else
 * what the pick saves per hit against it, paired per process, or why the default is not the pick,
 * or that the run did not time it. */
#ifndef HB_ADVICE_AGAINST_H
#define HB_ADVICE_AGAINST_H

#include "advice.h"

/* Fills r->against (r: a table need ranked by one design, ranked and its exclusions listed, on
 * nmachines machines); nothing for any other ranking. */
void hb_advice_against_default(struct hb_advice_result *r, size_t nmachines);

/* The verdict's key in advice.json ("keep", "saving", "not-the-pick", "not-timed", "no-default",
 * "fleet"). */
const char *hb_against_key(enum hb_against_verdict v);

#endif

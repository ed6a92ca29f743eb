/*
 * fidelity_goals.h — what hbfidelity holds each figure to: one row per check, as data. A check
 * compares hashbench's figure with a reference (a tool people already trust, the official library
 * called directly, or a fixed quantity) and states the ratio, or the value, that counts as met.
 */
#ifndef HB_FIDELITY_GOALS_H
#define HB_FIDELITY_GOALS_H

#include <stdbool.h>

enum hb_goal_kind {
    HB_GOAL_WITHIN,   /* lo <= ratio <= hi */
    HB_GOAL_AT_LEAST, /* ratio >= lo */
    HB_GOAL_AT_MOST,  /* ratio <= hi */
};

struct hb_goal {
    const char *id;   /* the check's key in the summary code */
    const char *text; /* the goal as the summary prints it */
    enum hb_goal_kind kind;
    double lo, hi;
    const char *why; /* why this ratio counts as hashbench at its best (docs/tools.md repeats it) */
};

/* The goal of a check, or NULL when id is not in the table (a programming error: the caller
 * fails loudly). */
const struct hb_goal *hb_goal_find(const char *id);
/* Whether value (a ratio, or a quantity for the absolute goals) meets goal. */
bool hb_goal_met(const struct hb_goal *goal, double value);

#endif /* HB_FIDELITY_GOALS_H */

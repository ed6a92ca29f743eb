/* report.h — the whole advice: every need asked for, on one machine or on a fleet (with each
 * machine's own picks beside the fleet's). What the output formats read. */
#ifndef HB_ADVICE_REPORT_H
#define HB_ADVICE_REPORT_H

#include "advice.h"

struct hb_advice_report {
    const struct hb_advice_machine *const *machines;
    size_t nmachines;
    bool wanted[HB_NEEDS];
    struct hb_advice_result need[HB_NEEDS];           /* the machine's, or the fleet's */
    struct hb_advice_result (*per_machine)[HB_NEEDS]; /* a fleet: each machine's own; else NULL */
};

/* Evaluates every wanted need on the machines (borrowed: they must outlive the report). */
void hb_advice_report_build(struct hb_advice_report *rep, const struct hb_advice_registry *reg,
                            const struct hb_advice_machine *const *machines, size_t nmachines,
                            const bool wanted[HB_NEEDS]);
/* The same with the user's parameters (NULL: the defaults). */
void hb_advice_report_build_with(struct hb_advice_report *rep, const struct hb_advice_registry *reg,
                                 const struct hb_advice_machine *const *machines, size_t nmachines,
                                 const bool wanted[HB_NEEDS], const struct hb_advice_params *params);
void hb_advice_report_free(struct hb_advice_report *rep);

#endif

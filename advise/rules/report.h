/* report.h — the whole advice: every need asked for, on one machine or on a fleet (with each
 * machine's own picks beside the fleet's), and for the table needs each design ranked on its own.
 * What the output formats read. */
#ifndef HB_ADVICE_REPORT_H
#define HB_ADVICE_REPORT_H

#include "advice.h"

struct hb_advice_report {
    const struct hb_advice_machine *const *machines;
    size_t nmachines;
    bool wanted[HB_NEEDS];
    struct hb_advice_result need[HB_NEEDS];           /* the machine's, or the fleet's */
    struct hb_advice_result (*per_machine)[HB_NEEDS]; /* a fleet: each machine's own; else NULL */
    /* the table needs ranked by combined designs: each design's own ranking (its lookups only,
     * hbadvise --table DESIGN), when design_ranked[need] */
    bool design_ranked[HB_NEEDS];
    struct hb_advice_result design[HB_NEEDS][HB_DESIGNS];
};

/* Evaluates every wanted need on the machines (borrowed: they must outlive the report) with the
 * user's parameters (NULL: the defaults). */
void hb_advice_report_build(struct hb_advice_report *rep, const struct hb_advice_registry *reg,
                            const struct hb_advice_machine *const *machines, size_t nmachines,
                            const bool wanted[HB_NEEDS], const struct hb_advice_params *params);
void hb_advice_report_free(struct hb_advice_report *rep);

#endif

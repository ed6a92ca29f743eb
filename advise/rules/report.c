/* report.c — every wanted need, for the machine or the fleet and, for a fleet, for each machine. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

void hb_advice_report_build(struct hb_advice_report *rep, const struct hb_advice_registry *reg,
                            const struct hb_advice_machine *const *machines, size_t nmachines,
                            const bool wanted[HB_NEEDS])
{
    hb_advice_report_build_with(rep, reg, machines, nmachines, wanted, NULL);
}

void hb_advice_report_build_with(struct hb_advice_report *rep, const struct hb_advice_registry *reg,
                                 const struct hb_advice_machine *const *machines, size_t nmachines,
                                 const bool wanted[HB_NEEDS], const struct hb_advice_params *params)
{
    static const struct hb_advice_params defaults = {0, 0, HB_DEFAULT_SHARDS, HB_DESIGNS};
    if (!params)
        params = &defaults;
    memset(rep, 0, sizeof *rep);
    rep->machines = machines;
    rep->nmachines = nmachines;
    memcpy(rep->wanted, wanted, sizeof rep->wanted);
    if (nmachines > 1)
        rep->per_machine = hb_xcalloc(nmachines, sizeof *rep->per_machine);
    for (size_t k = 0; k < HB_NEEDS; k++) {
        if (!wanted[k])
            continue;
        hb_advice_evaluate_design(&hb_need_rules[k], reg, machines, nmachines, params->design, &rep->need[k]);
        hb_advice_need_extras(&rep->need[k], params, machines, nmachines);
        for (size_t i = 0; rep->per_machine && i < nmachines; i++) {
            hb_advice_evaluate_design(&hb_need_rules[k], reg, &machines[i], 1, params->design, &rep->per_machine[i][k]);
            hb_advice_need_extras(&rep->per_machine[i][k], params, &machines[i], 1);
        }
    }
}

void hb_advice_report_free(struct hb_advice_report *rep)
{
    for (size_t k = 0; k < HB_NEEDS; k++) {
        hb_advice_result_free(&rep->need[k]);
        for (size_t i = 0; rep->per_machine && i < rep->nmachines; i++)
            hb_advice_result_free(&rep->per_machine[i][k]);
    }
    free(rep->per_machine);
    memset(rep, 0, sizeof *rep);
}

/* report.c — every wanted need, for the machine or the fleet and, for a fleet, for each machine;
 * a table need ranked by the combined designs also by each design alone. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "hb_alloc.h"

void hb_advice_report_build(struct hb_advice_report *rep, const struct hb_advice_registry *reg,
                            const struct hb_advice_machine *const *machines, size_t nmachines,
                            const bool wanted[HB_NEEDS], const struct hb_advice_params *params)
{
    static const struct hb_advice_params defaults = {.shards = HB_DEFAULT_SHARDS, .design = HB_DESIGNS};
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
        hb_advice_evaluate(&hb_need_rules[k], reg, machines, nmachines, params, &rep->need[k]);
        hb_advice_need_extras(&rep->need[k], params, machines, nmachines);
        for (size_t i = 0; rep->per_machine && i < nmachines; i++) {
            hb_advice_evaluate(&hb_need_rules[k], reg, &machines[i], 1, params, &rep->per_machine[i][k]);
            hb_advice_need_extras(&rep->per_machine[i][k], params, &machines[i], 1);
        }
        /* each design on its own, where the need ranks by the combined tables */
        if (rep->need[k].combination == NULL || params->design != HB_DESIGNS)
            continue;
        rep->design_ranked[k] = true;
        for (int d = 0; d < HB_DESIGNS; d++) {
            struct hb_advice_params one = *params;
            one.design = (enum hb_design)d;
            hb_advice_evaluate(&hb_need_rules[k], reg, machines, nmachines, &one, &rep->design[k][d]);
        }
    }
}

void hb_advice_report_free(struct hb_advice_report *rep)
{
    for (size_t k = 0; k < HB_NEEDS; k++) {
        hb_advice_result_free(&rep->need[k]);
        for (size_t i = 0; rep->per_machine && i < rep->nmachines; i++)
            hb_advice_result_free(&rep->per_machine[i][k]);
        for (int d = 0; rep->design_ranked[k] && d < HB_DESIGNS; d++)
            hb_advice_result_free(&rep->design[k][d]);
    }
    free(rep->per_machine);
    memset(rep, 0, sizeof *rep);
}

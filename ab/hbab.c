/* hbab.c — main: the command line (ab_cli.c), then the command: the run design
 * (design_command.c), a judgement of hbstat's tables (judge_command.c) or a tally
 * (tally_command.c). Exit status 0 done, 2 bad flags or input. */
#include <stdio.h>
#include <stdlib.h>

#include "ab_cli.h"
#include "design_command.h"
#include "hb_alloc.h"
#include "hb_version.h"
#include "judge_command.h"
#include "tally_command.h"

int main(int argc, char **argv)
{
    hb_alloc_set_program_name("hbab");
    struct hb_ab_options o;
    char *error = NULL;
    if (hb_ab_parse_args(argc, argv, &o, &error)) {
        fprintf(stderr, "hbab: %s (try --help)\n", error);
        free(error);
        hb_ab_options_free(&o);
        return 2;
    }
    int status = 0;
    if (o.help) {
        struct hb_strbuf usage = {0};
        hb_ab_usage(&usage);
        fputs(hb_strbuf_cstr(&usage), stdout);
        hb_strbuf_free(&usage);
    } else if (o.version) {
        printf("hbab %s\n", HB_VERSION);
    } else {
        switch (o.command) {
        case HB_AB_RUN_ORDER: status = hb_run_order_command(&o); break;
        case HB_AB_DUET_ORDER: status = hb_duet_order_command(&o); break;
        case HB_AB_PAIRS_NEEDED: status = hb_pairs_needed_command(&o); break;
        case HB_AB_VERDICT:
        case HB_AB_NOISE: status = hb_judge_command(&o); break;
        case HB_AB_TALLY: status = hb_tally_command(&o); break;
        }
    }
    hb_ab_options_free(&o);
    return status;
}

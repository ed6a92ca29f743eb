/* design_command.h — hbab's design commands, for scripts/ab.sh: what to run rather than what ran. */
#ifndef HB_DESIGN_COMMAND_H
#define HB_DESIGN_COMMAND_H

#include "ab_cli.h"

/* run-order: prints the balanced order of o->revisions revisions over o->processes rounds after a
 * warm-up round, seeded with o->seed (hb_balanced_order), one "ROUND REVISION" line per process.
 * Returns the exit status: 0, or 2 when the output cannot be written (one line on stderr). */
int hb_run_order_command(const struct hb_ab_options *o);

/* duet-order: prints the duet rounds of two revisions over o->processes rounds after a warm-up
 * round, seeded with o->seed (hb_duet_order), one "ROUND REVISION SLOT" line per process in the
 * order the round's two start. Returns the exit status as run-order's. */
int hb_duet_order_command(const struct hb_ab_options *o);

/* pairs-needed: prints hb_bisect_pairs for o->alpha, o->rows and o->adjust (none when not given).
 * Returns the exit status: 0, or 2 when no number of pairs is enough or the output cannot be
 * written (one line on stderr). */
int hb_pairs_needed_command(const struct hb_ab_options *o);

#endif

/* calibration.h — the figures of ab-calibrate.sh's calibration: each run's tallies from its
 * table.tsv (ab.sh's hbstat -format tsv), and the report's tables from a calibration folder
 * (runs-sec_op.tsv and targets-sec_op.tsv, the ledgers of its runs, and each run's runs/KIND-RUN/
 * table.tsv and machine.txt). The folder's layout is in docs/ab.md. */
#ifndef HB_CALIBRATION_H
#define HB_CALIBRATION_H

#include "hb_strbuf.h"
#include "hb_tsv_file.h"

/* The one unit calibrated: sec/op (B/s is bytes over the same time and gives the same verdicts),
 * and the rows slowed down on purpose: those whose .fullname holds this text. */
#define HB_CALIBRATION_UNIT   "sec/op"
#define HB_CALIBRATION_TARGET "algo:fnv1a-64/"

/* Appends the run's line of runs-sec_op.tsv: kind, run, exit and wall as given, then from the
 * table's "new" rows of the unit: rows, significant before adjustment (p_unadjusted, else p,
 * <= 0.05), significant after (ab.sh's verdict), target rows, those significantly slower and
 * faster, their deltas (%.2f, comma-separated; "-" when none) and the other rows significant. */
void hb_calibration_run_line(const struct hb_tsv_file *table, const char *kind, const char *run, const char *exit,
                             const char *wall, struct hb_strbuf *out);

/* Appends the run's lines of targets-sec_op.tsv: kind, run, the target row, its delta as the
 * table has it, and 1 (significantly slower), -1 (significantly faster) or 0. */
void hb_calibration_target_lines(const struct hb_tsv_file *table, const char *kind, const char *run,
                                 struct hb_strbuf *out);

/* Appends KEY<tab>VALUE lines about the folder dir: first_run (KIND-RUN of the ledger's first
 * line), last_run (the highest run number), runs ("10 aa-aslr, 10 slower-5": the runs of each kind
 * in order of first appearance), cpu_model and num_cpus (the first run's table's), and
 * power_runs_without_targets (power runs whose table had no target row). Returns 0, or -1 with
 * *error. */
int hb_calibration_facts(const char *dir, struct hb_strbuf *out, char **error);

/* Appends the report's tables for dir (markdown, from "## sec/op" on): false alarms, power, other
 * rows flagged, every run. Returns 0, or -1 with *error. */
int hb_calibration_tables(const char *dir, struct hb_strbuf *out, char **error);

/* Appends the side-by-side tables of dir's sequential and duet runs (kinds aa-seq, aa-duet,
 * slow-seq, slow-duet; duet_report.c), the slowdown's row being the one whose .fullname holds
 * target. Returns 0, or -1 with *error when a run's table cannot be read or there is no such run. */
int hb_duet_tables(const char *dir, const char *target, struct hb_strbuf *out, char **error);

#endif

/* noise_tally.h — noise-check.sh's figures: a run's line from hbab noise's tables, and
 * each build's medians over the rounds of noise.tsv. */
#ifndef HB_NOISE_TALLY_H
#define HB_NOISE_TALLY_H

#include "hb_strbuf.h"
#include "hb_tsv_file.h"

/* Appends one line from three hbab noise tables of one run (the rows under -noisy 5,
 * the rows under -uncertain 5, the same-code rows): rows (the cells), noisy_cv5 and uncertain5
 * (the footnoted cells, percent of the rows, %.1f; "-" without rows), median_reach and
 * machine_var (the first table's), same_code_ratio and same_code_tied (the third's). A column a
 * table lacks is "-"; a table without a data line gives "". */
void hb_noise_run_line(const struct hb_tsv_file *noisy, const struct hb_tsv_file *uncertain,
                       const struct hb_tsv_file *same, struct hb_strbuf *out);

/* Appends, for the builds "before" and "after" in that order, the medians over noise.tsv's runs of
 * that build: "BUILD:" then "  COLUMN MEDIAN" for every column after run and build (cells that are
 * not plain decimal numbers left out; "-" when none is), same_code_tied as "TIED/RUNS". A build
 * without runs gives no line. Returns 0, or -1 with *error when the table has no build column. */
int hb_noise_rounds(const struct hb_tsv_file *noise, const char *path, struct hb_strbuf *out, char **error);

#endif

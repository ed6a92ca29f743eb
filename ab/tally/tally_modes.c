/* tally_modes.c — the table of -tally's modes: each reads its files and hands them to the tally. */
#include "tally_modes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aa_share.h"
#include "calibration.h"
#include "cpu_busy.h"
#include "noise_tally.h"
#include "hb_tsv_file.h"

static int calibration_run(char *const *args, struct hb_strbuf *out, char **error)
{
    struct hb_tsv_file t;
    if (hb_tsv_file_read(args[4], &t, error))
        return -1;
    hb_calibration_run_line(&t, args[0], args[1], args[2], args[3], out);
    hb_tsv_file_free(&t);
    return 0;
}

static int calibration_targets(char *const *args, struct hb_strbuf *out, char **error)
{
    struct hb_tsv_file t;
    if (hb_tsv_file_read(args[2], &t, error))
        return -1;
    hb_calibration_target_lines(&t, args[0], args[1], out);
    hb_tsv_file_free(&t);
    return 0;
}

static int calibration_facts(char *const *args, struct hb_strbuf *out, char **error)
{
    return hb_calibration_facts(args[0], out, error);
}

static int calibration_tables(char *const *args, struct hb_strbuf *out, char **error)
{
    return hb_calibration_tables(args[0], out, error);
}

static int duet_tables(char *const *args, struct hb_strbuf *out, char **error)
{
    return hb_duet_tables(args[0], args[1], out, error);
}

static int cpu_busy(char *const *args, struct hb_strbuf *out, char **error)
{
    size_t len;
    char *text = hb_text_file_read(args[0], &len, error);
    if (text == NULL)
        return -1;
    double busy = hb_cpu_busy_others(text);
    if (isnan(busy))
        hb_strbuf_puts(out, "-\n");
    else
        hb_strbuf_printf(out, "%.0f\n", busy);
    free(text);
    return 0;
}

static int noise_run(char *const *args, struct hb_strbuf *out, char **error)
{
    struct hb_tsv_file t[3];
    size_t n = 0;
    int rc = 0;
    for (; n < 3 && rc == 0; n++)
        rc = hb_tsv_file_read(args[n], &t[n], error);
    if (rc == 0)
        hb_noise_run_line(&t[0], &t[1], &t[2], out);
    else
        n--; /* the one that failed holds nothing */
    while (n > 0)
        hb_tsv_file_free(&t[--n]);
    return rc;
}

static int noise_rounds(char *const *args, struct hb_strbuf *out, char **error)
{
    struct hb_tsv_file t;
    if (hb_tsv_file_read(args[0], &t, error))
        return -1;
    int rc = hb_noise_rounds(&t, args[0], out, error);
    hb_tsv_file_free(&t);
    return rc;
}

static int aa_share(char *const *args, struct hb_strbuf *out, char **error)
{
    struct hb_tsv_file t;
    if (hb_tsv_file_read(args[2], &t, error))
        return -1;
    int rc = hb_aa_share_lines(&t, args[2], args[0], args[1], out, error);
    hb_tsv_file_free(&t);
    return rc;
}

const struct hb_tally_mode hb_tally_modes[] = {
    {"calibration-run", "KIND RUN EXIT WALL TABLE", 5, calibration_run,
     "a calibration run's line of runs-sec_op.tsv from ab.sh's table.tsv TABLE (KIND, RUN, EXIT and "
     "WALL copied): rows, significant before and after adjustment, fnv1a-64 rows, those flagged "
     "slower and faster, their changes, other rows flagged"},
    {"calibration-targets", "KIND RUN TABLE", 3, calibration_targets,
     "the run's lines of targets-sec_op.tsv: each fnv1a-64 row, its change and 1 (flagged "
     "slower), -1 (faster) or 0"},
    {"calibration-facts", "DIR", 1, calibration_facts,
     "KEY<tab>VALUE lines about the calibration folder DIR: first_run, last_run, runs (of each "
     "kind), cpu_model, num_cpus, power_runs_without_targets"},
    {"calibration-tables", "DIR", 1, calibration_tables,
     "the markdown tables of DIR's ab-calibration.md: false alarms, power, every run"},
    {"duet-tables", "DIR TARGET", 2, duet_tables,
     "the markdown tables of DIR's sequential and duet runs side by side (kinds aa-seq, aa-duet, slow-seq, "
     "slow-duet): false alarms, the smallest detectable change at 16 B and 1 KiB, the injected slowdown found "
     "in the row whose name holds TARGET, wall time, every run"},
    {"cpu-busy", "MACHINE", 1, cpu_busy,
     "how busy the CPUs other than the last were, in whole percent (\"-\" when unknown), between "
     "the first and last /proc/stat snapshot in the file MACHINE"},
    {"noise-run", "NOISY UNCERTAIN SAME", 3, noise_run,
     "noise-check.sh's figures for a run from three hbab noise tables: rows, noisy_cv5, "
     "uncertain5, median_reach, same_code_ratio, same_code_tied, machine_var"},
    {"noise-rounds", "NOISE", 1, noise_rounds,
     "each build's medians over the runs of noise-check.sh's noise.tsv NOISE"},
    {"aa-share", "ALPHA ADJUST TABLE", 3, aa_share,
     "scripts/reference.sh's A/A lines, one per unit of TABLE (hbstat -format tsv of the same code "
     "as old and new): rows with p_unadjusted <= ALPHA, their share, and rows significant after "
     "ADJUST (named as given)"},
};
const size_t hb_ntally_modes = sizeof hb_tally_modes / sizeof *hb_tally_modes;

const struct hb_tally_mode *hb_tally_find(const char *name)
{
    for (size_t i = 0; i < hb_ntally_modes; i++)
        if (strcmp(hb_tally_modes[i].name, name) == 0)
            return &hb_tally_modes[i];
    return NULL;
}

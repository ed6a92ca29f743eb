/*
 * fidelity_tables.h — the table check of hbfidelity (--tables): per design, hashbench's time per
 * successful lookup (--suite hashtable, op:hit) against hbtableref, a minimal program of our own
 * holding the same keys as uint64_t in the same design (tableref.h), in alternating processes;
 * the medians over the processes compared as a ratio with the goal (fidelity_goals.c: table-hit).
 */
#ifndef HB_FIDELITY_TABLES_H
#define HB_FIDELITY_TABLES_H

#include <stdbool.h>
#include <stdio.h>

#include "fidelity.h"

/* The designs the check knows (hashbench's design names), for --help and --designs. */
extern const char hb_fid_table_designs[];

/* Whether every name of the comma-separated list is a design the check knows; the first that is
 * not in *bad. */
bool hb_fid_tables_known(const char *list, const char **bad, size_t *bad_len);

/* Writes the keys and runs the check's rounds into fid->out; false (with one line on stderr) when
 * a program failed. */
bool hb_fid_tables_run(const struct hb_fid *fid);
/* The rounds compared, written to out. */
bool hb_fid_tables_summarise(const struct hb_fid *fid, FILE *out);

#endif /* HB_FIDELITY_TABLES_H */

/* output.h — what the output formats share (each format's writer is in formats.h's table). */
#ifndef HB_OUTPUT_H
#define HB_OUTPUT_H

#include "formats.h"
#include "hb_markup.h"
#include "hb_strbuf.h"
#include "tables.h"

/* Shared by the formats: the table's config lines that differ from the previous table's (all of
 * them when prev is NULL), each through emit(name, value, arg). */
void hb_table_config_lines(const struct hb_tables *t, const struct hb_table *table, const struct hb_table *prev,
                           void (*emit)(const char *name, const char *value, void *arg), void *arg);

/* Appends s[0..len) as a field of the tsv format: a backslash, tab, newline or carriage return
 * becomes \\, \t, \n or \r, so that a value never spans a field or a line. */
void hb_tsv_text(struct hb_strbuf *out, const char *s, size_t len);

/* Appends the machine-variation sentence ("this machine varied 12.3% during the run (...)", or
 * one figure per label, or a range for a label pooling several inputs), without a newline; nothing when no input does. */
void hb_machine_variation_line(const struct hb_tables *t, struct hb_strbuf *out);

/* -ranks: a cell's rank interval as the formats print it, "[1,3]" ("" for a cell not ranked). */
void hb_rank_text(const struct hb_cell_rank *r, char *buf, size_t size);

/* The best set's word for unit: "fastest" (sec/op, cycles, rates), else "lowest" or "highest". */
const char *hb_rank_best_word(const char *unit);

/* Appends the sentence that names column col's best set ("fastest at 95%, simultaneously over 31 rows
 * and 5 processes (2 of 31): a, b"), prefixed with the column's label when the table has several,
 * or says why the column was not ranked; nothing without -ranks. No newline. */
void hb_rank_line(const struct hb_tables *t, const struct hb_table *table, size_t col, struct hb_strbuf *out);

/* The text format's marker of a best-set member, beside its rank and before the sentence. */
#define HB_RANK_BEST_MARK "*"

#endif

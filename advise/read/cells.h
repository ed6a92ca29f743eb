/* cells.h — what the run readers share of hbstat's collector: a cell's repetitions summarised as
 * hbstat summarises them, and a field of a projection's key. */
#ifndef HB_ADVICE_CELLS_H
#define HB_ADVICE_CELLS_H

#include "collect.h"
#include "reader.h"
#include "advice_machine.h"

/* The median of the cell's repetitions and its 90% order-statistic interval. */
struct hb_advice_interval hb_advice_summarise_cell(const struct hb_cell *cell);
/* The text of field i of a key tuple ("" past its end). */
const char *hb_advice_field_text(const struct hb_intern *in, hb_tuple key, size_t i);

/* Reads PATH through hbstat's reader into a collector of the rows FILTER keeps (hbstat's -filter),
 * projected as COLUMNS x ROWS (its -col and -row); the reader's notes are dropped (they speak as
 * hbstat: an entry without rows is explained by the rules). The callbacks set in HOOKS
 * (context_member, failed_row and their arguments) are handed to the reader. On success calls
 * USE(collector, interned names, ARG) before everything is freed. Returns 0, or -1 with *error. */
int hb_advice_collect(const char *path, const char *filter, const char *columns, const char *rows,
                      const struct hb_read_context *hooks,
                      void (*use)(const struct hb_collector *collector, const struct hb_intern *in, void *arg),
                      void *arg, char **error);

#endif

/* cells.h — what the run readers share of hbstat's collector: a cell's repetitions summarised as
 * hbstat summarises them, and a field of a projection's key. */
#ifndef HB_ADVICE_CELLS_H
#define HB_ADVICE_CELLS_H

#include "collect.h"
#include "machine.h"

/* The median of the cell's repetitions and its 90% order-statistic interval. */
struct hb_advice_interval hb_advice_summarise_cell(const struct hb_cell *cell);
/* The text of field i of a key tuple ("" past its end). */
const char *hb_advice_field_text(const struct hb_intern *in, hb_tuple key, size_t i);

#endif

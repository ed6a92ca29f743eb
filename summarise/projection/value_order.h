/* value_order.h — how two projection values compare under benchstat's named sort orders: @alpha
 * (bytewise) and @num (numbers, with metric and IEC prefixes, ascending; then NaN; then everything
 * that is not a number). */
#ifndef HB_VALUE_ORDER_H
#define HB_VALUE_ORDER_H

#include <stdbool.h>
#include <stddef.h>

/* Reads text[0..len) as @num does: a whole Go float literal ("16", "1e3", "0x1p4", "1_000", "Inf",
 * "NaN"); failing that, the first run of digits and dots in it, times 1000^k (or 1024^k when an 'i'
 * follows) for a prefix letter k of "kKMGTPEZY" right after the run ("4Ki" -> 4096, "rand1-32" -> 1).
 * Returns false when neither reading gives a number. */
bool hb_sort_number(const char *text, size_t len, double *out);

/* @num: <0, 0 or >0. Numbers sort ascending, NaN after them, non-numbers after both; 0 means the
 * values are unordered (two non-numbers, two NaNs or equal numbers) and the caller breaks the tie. */
int hb_compare_numeric(const char *a, size_t alen, const char *b, size_t blen);

/* @alpha: the bytes compared as unsigned, a proper prefix first (Go's strings.Compare). */
int hb_compare_bytes(const char *a, size_t alen, const char *b, size_t blen);

#endif

/* table_walk.h — the walk over one table that the formats written row by row (markdown, html)
 * share: the header, each row's cells with the text format's scaled numbers, ranges and
 * comparisons, the geomean row and the footnotes, always in that order, so that footnotes are
 * numbered alike in every format. A format supplies only how each piece is written. */
#ifndef HB_TABLE_WALK_H
#define HB_TABLE_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "footnotes.h"
#include "tables.h"

/* markers is the footnote markers of a piece ("¹ ²"), "" when it has none. */
struct hb_table_walker {
    /* The header: the unit, each column's label (every column after the first also has a "vs
     * base" column beside it), then the header's end. */
    void (*begin)(void *arg, const char *unit);
    void (*column)(void *arg, size_t col, const char *label);
    void (*header_end)(void *arg, size_t ncols, bool ranked);
    /* Each row: its label, then per column its cell (center, range and markers NULL when
     * !cell->present) and, after the first column, the comparison with base, the row's first cell
     * (delta, comparison and markers NULL when !cell->compared; unit is the table's), then the
     * row's end. */
    void (*row)(void *arg, const char *label);
    void (*cell)(void *arg, const struct hb_table_cell *cell, const char *center, const char *range,
                 const char *markers);
    void (*comparison)(void *arg, const char *unit, const struct hb_table_cell *base, const struct hb_table_cell *cell,
                       const char *delta, const char *comparison, const char *markers);
    void (*row_end)(void *arg);
    /* After the last row (may be NULL). */
    void (*rows_end)(void *arg);
    /* The geomean row, for tables of more than one row: its start, per column the geomean (text
     * NULL when there is none) and, after the first column, the ratio to it ("+1.23%" or "?"),
     * then its end. */
    void (*geomean)(void *arg);
    void (*geomean_cell)(void *arg, const char *text, const char *markers);
    void (*geomean_ratio)(void *arg, const char *ratio, const char *markers);
    void (*geomean_end)(void *arg);
    /* The table's end, with its footnotes (notes->texts[i] is number i + 1). */
    void (*end)(void *arg, const struct hb_footnotes *notes);
    /* -ranks (ranked is then true in header_end): after each column's label its rank column's
     * heading; after each cell its rank ("[1,3]"; NULL for a cell without one, cell NULL on the
     * geomean row); after the table's end each column's sentence naming its best set. */
    void (*rank_column)(void *arg);
    void (*rank_cell)(void *arg, const struct hb_table_cell *cell, const char *rank);
    void (*rank_line)(void *arg, const char *sentence);
};

void hb_table_walk(const struct hb_tables *t, const struct hb_table *table, const struct hb_table_walker *w, void *arg);

#endif

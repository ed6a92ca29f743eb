/* regression_gate.c — the CI gate over the comparisons already in the tables. */
#include "regression_gate.h"

#include "units.h"

bool hb_find_regressions(const struct hb_tables *t, double pct, struct hb_strbuf *report)
{
	bool found = false;
	struct hb_strbuf row = {0}, col = {0};
	for (size_t i = 0; i < t->ntables; i++) {
		const struct hb_table *table = &t->tables[i];
		const char *unit = hb_str_text(t->in, table->unit);
		bool higher_better = hb_unit_higher_is_better(unit);
		for (size_t r = 0; r < table->nrows; r++) {
			double old = hb_table_cell(table, r, 0)->summary.center;
			for (size_t c = 1; c < table->ncols; c++) {
				const struct hb_table_cell *cell = hb_table_cell(table, r, c);
				if (!cell->compared || !hb_comparison_significant(&cell->cmp) || old == 0)
					continue;
				double delta = (cell->summary.center / old - 1) * 100;
				if (!(higher_better ? delta < -pct : delta > pct))
					continue;
				found = true;
				hb_key_label(&t->proj->row, table->rows[r], t->in, &row);
				hb_key_label(&t->proj->col, table->cols[c], t->in, &col);
				hb_strbuf_printf(report, "hbstat: regression beyond %g%%: %s [%s] %s %+.2f%% (p=%.3f)\n", pct,
						 hb_strbuf_cstr(&row), hb_strbuf_cstr(&col), unit, delta, cell->cmp.p);
			}
		}
	}
	hb_strbuf_free(&row);
	hb_strbuf_free(&col);
	return found;
}

/* regression_gate.c — the CI gate over the comparisons already in the tables. Without an
 * adjustment a run of about a hundred rows at alpha 0.05 each would trip on identical code every
 * few runs; Holm's adjustment keeps the chance of any false trip at alpha. */
#include "regression_gate.h"

#include <stdlib.h>

#include "tables_adjust.h"
#include "units.h"

struct gate {
	double pct;
	enum hb_adjust method;
	struct hb_strbuf *report;
	bool found;
};

static void gate_unit(const struct hb_tables *t, hb_str unit, void *arg)
{
	struct gate *g = arg;
	const char *unit_text = hb_str_text(t->in, unit);
	bool higher_better = hb_unit_higher_is_better(unit_text);
	size_t m;
	struct hb_family_member *family = hb_tables_family(t, unit, &m);
	double *q = hb_family_adjusted(t, family, m, g->method);
	struct hb_strbuf row = {0}, col = {0};
	for (size_t k = 0; k < m; k++) {
		const struct hb_table *table = &t->tables[family[k].table];
		const struct hb_table_cell *cell = hb_table_cell(table, family[k].row, family[k].col);
		double old = hb_table_cell(table, family[k].row, 0)->summary.center;
		if (q[k] > cell->cmp.alpha || old == 0)
			continue;
		double delta = (cell->summary.center / old - 1) * 100;
		if (!(higher_better ? delta < -g->pct : delta > g->pct))
			continue;
		g->found = true;
		hb_key_label(&t->proj->row, table->rows[family[k].row], t->in, &row);
		hb_key_label(&t->proj->col, table->cols[family[k].col], t->in, &col);
		hb_strbuf_printf(g->report, "hbstat: regression beyond %g%%: %s [%s] %s %+.2f%% (p=%.3g", g->pct,
				 hb_strbuf_cstr(&row), hb_strbuf_cstr(&col), unit_text, delta, q[k]);
		if (g->method == HB_ADJUST_NONE)
			hb_strbuf_puts(g->report, ", not adjusted)\n");
		else
			hb_strbuf_printf(g->report, " adjusted by %s over %zu comparison%s, raw p=%.3g)\n",
					 g->method == HB_ADJUST_HOLM ? "Holm" : "Benjamini-Hochberg", m, m == 1 ? "" : "s",
					 cell->cmp.p);
	}
	hb_strbuf_free(&row);
	hb_strbuf_free(&col);
	free(q);
	free(family);
}

bool hb_find_regressions(const struct hb_tables *t, double pct, enum hb_adjust method, struct hb_strbuf *report)
{
	struct gate g = {pct, method, report, false};
	hb_tables_each_unit(t, gate_unit, &g);
	return g.found;
}

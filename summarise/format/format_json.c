/* format_json.c — the json and gab-json formats: machine-readable rows for dashboards. json has one
 * object per cell (median, interval, n, and against the baseline: delta in percent, p,
 * significant, better); gab-json is github-action-benchmark's custom format. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go_float_format.h"
#include "output.h"
#include "units.h"

static void json_string(struct hb_strbuf *out, const char *s)
{
	hb_strbuf_puts(out, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			hb_strbuf_printf(out, "\\%c", c);
		else if (c < 0x20)
			hb_strbuf_printf(out, "\\u%04x", c);
		else
			hb_strbuf_append(out, s, 1);
	}
	hb_strbuf_puts(out, "\"");
}

static void json_number(struct hb_strbuf *out, double x)
{
	char num[HB_GO_G_MAX];
	hb_strbuf_puts(out, isfinite(x) ? hb_format_go_g(x, num) : "null");
}

static void json_key(struct hb_strbuf *out, const char *key)
{
	hb_strbuf_puts(out, ", ");
	json_string(out, key);
	hb_strbuf_puts(out, ": ");
}

struct config_object {
	struct hb_strbuf *out;
	bool first;
};

static void emit_config(const char *name, const char *value, void *arg)
{
	struct config_object *o = arg;
	if (!o->first)
		hb_strbuf_puts(o->out, ", ");
	o->first = false;
	json_string(o->out, name);
	hb_strbuf_puts(o->out, ": ");
	json_string(o->out, value);
}

static void cell_object(const struct hb_tables *t, const struct hb_table *table, size_t r, size_t c,
			struct hb_strbuf *out)
{
	const struct hb_table_cell *cell = hb_table_cell(table, r, c);
	const char *unit = hb_str_text(t->in, table->unit);
	struct hb_strbuf label = {0};
	hb_strbuf_puts(out, "{\"config\": {");
	struct config_object cfg = {out, true};
	hb_table_config_lines(t, table, NULL, emit_config, &cfg);
	hb_strbuf_puts(out, "}");
	hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
	json_key(out, "name");
	json_string(out, hb_strbuf_cstr(&label));
	json_key(out, "unit");
	json_string(out, unit);
	hb_key_label(&t->proj->col, table->cols[c], t->in, &label);
	json_key(out, "column");
	json_string(out, hb_strbuf_cstr(&label));
	json_key(out, "median");
	json_number(out, cell->summary.center);
	json_key(out, "ci_lo");
	json_number(out, cell->summary.lo);
	json_key(out, "ci_hi");
	json_number(out, cell->summary.hi);
	json_key(out, "confidence");
	json_number(out, t->confidence);
	json_key(out, "n");
	hb_strbuf_printf(out, "%zu", cell->n);
	if (c > 0 && cell->compared) {
		double old = hb_table_cell(table, r, 0)->summary.center, now = cell->summary.center;
		bool significant = hb_comparison_significant(&cell->cmp);
		double delta = old == now ? 0 : old == 0 ? NAN : (now / old - 1) * 100;
		json_key(out, "delta");
		json_number(out, delta);
		json_key(out, "p");
		json_number(out, cell->cmp.q);
		if (cell->cmp.adjust_note) {
			json_key(out, "p_unadjusted");
			json_number(out, cell->cmp.p);
		}
		json_key(out, "significant");
		hb_strbuf_puts(out, significant ? "true" : "false");
		json_key(out, "better");
		if (!significant || isnan(delta))
			hb_strbuf_puts(out, "null");
		else
			hb_strbuf_puts(out, (hb_unit_higher_is_better(unit) ? delta > 0 : delta < 0) ? "true" : "false");
		if (cell->cmp.detectable_none || !isnan(cell->cmp.detectable)) {
			json_key(out, "detectable"); /* percent; null: none at these sample sizes */
			json_number(out, cell->cmp.detectable_none ? NAN : cell->cmp.detectable);
		}
	}
	char *warnings[5] = {cell->sample_warning, cell->summary.warning, cell->summary.noise_warning,
			     cell->compared ? cell->cmp.warning : NULL, cell->compared ? cell->cmp.adjust_note : NULL};
	json_key(out, "warnings");
	hb_strbuf_puts(out, "[");
	bool first = true;
	for (int i = 0; i < 5; i++) {
		if (!warnings[i])
			continue;
		if (!first)
			hb_strbuf_puts(out, ", ");
		first = false;
		json_string(out, warnings[i]);
	}
	hb_strbuf_puts(out, "]}");
	hb_strbuf_free(&label);
}

void hb_format_json(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
	(void)warnings;
	bool first = true;
	hb_strbuf_puts(out, "[");
	for (size_t i = 0; i < t->ntables; i++) {
		const struct hb_table *table = &t->tables[i];
		for (size_t r = 0; r < table->nrows; r++)
			for (size_t c = 0; c < table->ncols; c++) {
				if (!hb_table_cell(table, r, c)->present)
					continue;
				hb_strbuf_puts(out, first ? "\n  " : ",\n  ");
				first = false;
				cell_object(t, table, r, c, out);
			}
	}
	hb_strbuf_puts(out, first ? "]\n" : "\n]\n");
}

void hb_format_gab_json(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
	(void)warnings;
	bool first = true;
	struct hb_strbuf name = {0}, col = {0};
	char range[32];
	hb_strbuf_puts(out, "[");
	for (size_t i = 0; i < t->ntables; i++) {
		const struct hb_table *table = &t->tables[i];
		const char *unit = hb_str_text(t->in, table->unit);
		/* Dashboards chart seconds per operation in nanoseconds. */
		bool seconds = strcmp(unit, "sec/op") == 0;
		for (size_t r = 0; r < table->nrows; r++)
			for (size_t c = 0; c < table->ncols; c++) {
				const struct hb_table_cell *cell = hb_table_cell(table, r, c);
				if (!cell->present)
					continue;
				hb_key_label(&t->proj->row, table->rows[r], t->in, &name);
				if (table->ncols > 1) {
					hb_key_label(&t->proj->col, table->cols[c], t->in, &col);
					hb_strbuf_printf(&name, " [%s]", hb_strbuf_cstr(&col));
				}
				if (!seconds)
					hb_strbuf_printf(&name, " (%s)", unit);
				hb_strbuf_puts(out, first ? "\n  {\"name\": " : ",\n  {\"name\": ");
				first = false;
				json_string(out, hb_strbuf_cstr(&name));
				json_key(out, "unit");
				json_string(out, seconds ? "ns/op" : unit);
				/* Fifteen significant digits: enough for a chart, and 3.15 ns stays "3.15". */
				char rounded[32];
				snprintf(rounded, sizeof rounded, "%.15g", seconds ? cell->summary.center * 1e9 : cell->summary.center);
				json_key(out, "value");
				json_number(out, strtod(rounded, NULL));
				hb_format_range(&cell->summary, range, sizeof range);
				json_key(out, "range");
				char text[48];
				snprintf(text, sizeof text, "± %s", range);
				json_string(out, text);
				json_key(out, "extra");
				snprintf(text, sizeof text, "n=%zu", cell->n);
				json_string(out, text);
				hb_strbuf_puts(out, "}");
			}
	}
	hb_strbuf_puts(out, first ? "]\n" : "\n]\n");
	hb_strbuf_free(&name);
	hb_strbuf_free(&col);
}

/* format_html.c — the html format: one <table> per benchstat table, with the same scaled numbers,
 * ranges and footnotes as the text format, as a fragment that scripts/report.sh puts in a page.
 * Every cell carries its raw value in data-value so that a page can sort by it; a cell whose
 * samples are noisy has class "noisy", a significant change class "better" or "worse". */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "footnotes.h"
#include "output.h"
#include "scale.h"

static void html_text(struct hb_strbuf *out, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '<': hb_strbuf_puts(out, "&lt;"); break;
		case '>': hb_strbuf_puts(out, "&gt;"); break;
		case '&': hb_strbuf_puts(out, "&amp;"); break;
		case '"': hb_strbuf_puts(out, "&quot;"); break;
		default: hb_strbuf_append(out, text, 1);
		}
	}
}

static void markers(struct hb_footnotes *notes, char *const *warnings, size_t n, struct hb_strbuf *out)
{
	struct hb_strbuf m = {0};
	hb_footnotes_mark(notes, warnings, n, &m);
	if (m.len) {
		hb_strbuf_puts(out, " <sup class=\"note\">");
		html_text(out, m.text);
		hb_strbuf_puts(out, "</sup>");
	}
	hb_strbuf_free(&m);
}

static void emit_config_line(const char *name, const char *value, void *arg)
{
	struct hb_strbuf *out = arg;
	hb_strbuf_puts(out, "<div><dt>");
	html_text(out, name);
	hb_strbuf_puts(out, "</dt><dd>");
	html_text(out, value);
	hb_strbuf_puts(out, "</dd></div>\n");
}

static void data_value(struct hb_strbuf *out, double v)
{
	if (isfinite(v))
		hb_strbuf_printf(out, " data-value=\"%.17g\"", v);
}

static bool higher_is_better(const char *unit)
{
	size_t n = strlen(unit);
	return n >= 2 && strcmp(unit + n - 2, "/s") == 0;
}

static void write_table(const struct hb_tables *t, const struct hb_table *table, struct hb_strbuf *out)
{
	const char *unit = hb_str_text(t->in, table->unit);
	enum hb_unit_class cls = hb_unit_class_of(unit);
	struct hb_footnotes notes = {0};
	struct hb_strbuf label = {0};
	char text[128];
	hb_strbuf_puts(out, "<table class=\"hbstat\" data-unit=\"");
	html_text(out, unit);
	hb_strbuf_puts(out, "\">\n<thead><tr><th scope=\"col\">");
	html_text(out, unit);
	hb_strbuf_puts(out, "</th>");
	for (size_t c = 0; c < table->ncols; c++) {
		hb_key_label(&t->proj->col, table->cols[c], t->in, &label);
		hb_strbuf_puts(out, "<th scope=\"col\" class=\"num\">");
		html_text(out, hb_strbuf_cstr(&label));
		hb_strbuf_puts(out, "</th>");
		if (c > 0)
			hb_strbuf_puts(out, "<th scope=\"col\" class=\"num\">vs base</th>");
	}
	hb_strbuf_puts(out, "</tr></thead>\n<tbody>\n");
	for (size_t r = 0; r < table->nrows; r++) {
		hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
		hb_strbuf_puts(out, "<tr><th scope=\"row\">");
		html_text(out, hb_strbuf_cstr(&label));
		hb_strbuf_puts(out, "</th>");
		struct hb_scaler scaler = hb_table_row_scaler(t, table, r);
		for (size_t c = 0; c < table->ncols; c++) {
			const struct hb_table_cell *cell = hb_table_cell(table, r, c);
			hb_strbuf_puts(out, "<td class=\"num");
			if (cell->present && cell->summary.noise_warning)
				hb_strbuf_puts(out, " noisy");
			hb_strbuf_puts(out, "\"");
			if (cell->present) {
				data_value(out, cell->summary.center);
				hb_strbuf_puts(out, "><span class=\"center\">");
				hb_scaler_format(scaler, cell->summary.center, text, sizeof text);
				html_text(out, text);
				hb_strbuf_puts(out, "</span> <span class=\"range\">± ");
				hb_format_range(&cell->summary, text, sizeof text);
				html_text(out, text);
				hb_strbuf_puts(out, "</span>");
				char *warnings[3] = {cell->sample_warning, cell->summary.warning, cell->summary.noise_warning};
				markers(&notes, warnings, 3, out);
			} else {
				hb_strbuf_puts(out, ">");
			}
			hb_strbuf_puts(out, "</td>");
			if (c == 0)
				continue;
			if (!cell->compared) {
				hb_strbuf_puts(out, "<td class=\"num\"></td>");
				continue;
			}
			double base = hb_table_cell(table, r, 0)->summary.center, now = cell->summary.center;
			const char *mark = "";
			if (hb_comparison_significant(&cell->cmp) && now != base)
				mark = (now > base) == higher_is_better(unit) ? " better" : " worse";
			hb_strbuf_printf(out, "<td class=\"num delta%s\"", mark);
			if (base != 0)
				data_value(out, (now / base - 1) * 100);
			hb_strbuf_puts(out, ">");
			hb_format_delta(&cell->cmp, base, now, text, sizeof text);
			html_text(out, text);
			hb_format_comparison(&cell->cmp, text, sizeof text);
			hb_strbuf_puts(out, " <span class=\"p\">(");
			html_text(out, text);
			hb_strbuf_puts(out, ")</span>");
			char *cmp_warnings[2] = {cell->cmp.warning, cell->cmp.adjust_note};
			markers(&notes, cmp_warnings, 2, out);
			hb_strbuf_puts(out, "</td>");
		}
		hb_strbuf_puts(out, "</tr>\n");
	}
	hb_strbuf_puts(out, "</tbody>\n");
	if (table->nrows > 1) {
		hb_strbuf_puts(out, "<tfoot><tr><th scope=\"row\">geomean</th>");
		for (size_t c = 0; c < table->ncols; c++) {
			const struct hb_column_summary *s = &table->summaries[c];
			size_t n = 0;
			while (n < 4 && s->warnings[n])
				n++;
			hb_strbuf_puts(out, "<td class=\"num\">");
			if (s->has_summary) {
				hb_scale(s->summary, cls, text, sizeof text);
				html_text(out, text);
			}
			if (c == 0)
				markers(&notes, s->warnings, n, out);
			hb_strbuf_puts(out, "</td>");
			if (c == 0)
				continue;
			hb_strbuf_puts(out, "<td class=\"num\">");
			if (s->has_ratio)
				hb_strbuf_printf(out, "%+.2f%%", (s->ratio - 1) * 100);
			else
				hb_strbuf_puts(out, "?");
			markers(&notes, s->warnings, n, out);
			hb_strbuf_puts(out, "</td>");
		}
		hb_strbuf_puts(out, "</tr></tfoot>\n");
	}
	hb_strbuf_puts(out, "</table>\n");
	if (notes.n) {
		hb_strbuf_puts(out, "<ol class=\"notes\">\n");
		for (size_t i = 0; i < notes.n; i++) {
			hb_strbuf_puts(out, "<li>");
			hb_superscript((unsigned)i + 1, out);
			hb_strbuf_puts(out, " ");
			html_text(out, notes.texts[i]);
			hb_strbuf_puts(out, "</li>\n");
		}
		hb_strbuf_puts(out, "</ol>\n");
	}
	hb_footnotes_free(&notes);
	hb_strbuf_free(&label);
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_html;

void hb_format_html(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
	(void)warnings;
	for (size_t i = 0; i < t->ntables; i++) {
		hb_strbuf_puts(out, "<section class=\"hbstat-table\">\n");
		size_t before = out->len;
		hb_strbuf_puts(out, "<dl class=\"config\">\n");
		size_t inner = out->len;
		hb_table_config_lines(t, &t->tables[i], i ? &t->tables[i - 1] : NULL, emit_config_line, out);
		if (out->len == inner)
			out->len = before; /* no config lines: no list */
		else
			hb_strbuf_puts(out, "</dl>\n");
		write_table(t, &t->tables[i], out);
		hb_strbuf_puts(out, "</section>\n");
	}
}

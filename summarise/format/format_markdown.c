/* format_markdown.c — the markdown format: one GitHub table per benchstat table, the same scaled
 * numbers and footnotes as the text format, for READMEs and pull-request comments. */
#include <stdio.h>
#include <stdlib.h>

#include "footnotes.h"
#include "output.h"
#include "scale.h"

/* Appends text with the characters that would break a table cell escaped. */
static void cell_text(struct hb_strbuf *out, const char *text)
{
	for (; *text; text++) {
		if (*text == '|')
			hb_strbuf_puts(out, "\\|");
		else if (*text == '\n')
			hb_strbuf_puts(out, " ");
		else
			hb_strbuf_append(out, text, 1);
	}
}

static void markers(struct hb_footnotes *notes, char *const *warnings, size_t n, struct hb_strbuf *out)
{
	struct hb_strbuf m = {0};
	hb_footnotes_mark(notes, warnings, n, &m);
	if (m.len) {
		hb_strbuf_puts(out, " ");
		hb_strbuf_puts(out, m.text);
	}
	hb_strbuf_free(&m);
}

static void emit_config_line(const char *name, const char *value, void *arg)
{
	struct hb_strbuf *out = arg;
	hb_strbuf_puts(out, "- ");
	cell_text(out, name);
	hb_strbuf_puts(out, ": ");
	cell_text(out, value);
	hb_strbuf_puts(out, "\n");
}

static void write_table(const struct hb_tables *t, const struct hb_table *table, struct hb_strbuf *out)
{
	enum hb_unit_class cls = hb_unit_class_of(hb_str_text(t->in, table->unit));
	struct hb_footnotes notes = {0};
	struct hb_strbuf label = {0};
	char text[128];
	hb_strbuf_puts(out, "| ");
	cell_text(out, hb_str_text(t->in, table->unit));
	hb_strbuf_puts(out, " |");
	for (size_t c = 0; c < table->ncols; c++) {
		hb_key_label(&t->proj->col, table->cols[c], t->in, &label);
		hb_strbuf_puts(out, " ");
		cell_text(out, hb_strbuf_cstr(&label));
		hb_strbuf_puts(out, c > 0 ? " | vs base |" : " |");
	}
	hb_strbuf_puts(out, "\n|:--|");
	for (size_t c = 0; c < table->ncols; c++)
		hb_strbuf_puts(out, c > 0 ? "--:|--:|" : "--:|");
	hb_strbuf_puts(out, "\n");
	for (size_t r = 0; r < table->nrows; r++) {
		hb_key_label(&t->proj->row, table->rows[r], t->in, &label);
		hb_strbuf_puts(out, "| ");
		cell_text(out, hb_strbuf_cstr(&label));
		hb_strbuf_puts(out, " |");
		struct hb_scaler scaler = hb_table_row_scaler(t, table, r);
		for (size_t c = 0; c < table->ncols; c++) {
			const struct hb_table_cell *cell = hb_table_cell(table, r, c);
			hb_strbuf_puts(out, " ");
			if (cell->present) {
				hb_scaler_format(scaler, cell->summary.center, text, sizeof text);
				hb_strbuf_puts(out, text);
				hb_format_range(&cell->summary, text, sizeof text);
				hb_strbuf_printf(out, " ± %s", text);
				char *warnings[3] = {cell->sample_warning, cell->summary.warning, cell->summary.noise_warning};
				markers(&notes, warnings, 3, out);
			}
			hb_strbuf_puts(out, " |");
			if (c == 0)
				continue;
			hb_strbuf_puts(out, " ");
			if (cell->compared) {
				hb_format_delta(&cell->cmp, hb_table_cell(table, r, 0)->summary.center, cell->summary.center,
						text, sizeof text);
				hb_strbuf_puts(out, text);
				hb_format_comparison(&cell->cmp, text, sizeof text);
				hb_strbuf_printf(out, " (%s)", text);
				char *cmp_warnings[2] = {cell->cmp.warning, cell->cmp.adjust_note};
				markers(&notes, cmp_warnings, 2, out);
			}
			hb_strbuf_puts(out, " |");
		}
		hb_strbuf_puts(out, "\n");
	}
	if (table->nrows > 1) {
		hb_strbuf_puts(out, "| geomean |");
		for (size_t c = 0; c < table->ncols; c++) {
			const struct hb_column_summary *s = &table->summaries[c];
			size_t n = 0;
			while (n < 4 && s->warnings[n])
				n++;
			hb_strbuf_puts(out, " ");
			if (s->has_summary) {
				hb_scale(s->summary, cls, text, sizeof text);
				hb_strbuf_puts(out, text);
			}
			if (c == 0)
				markers(&notes, s->warnings, n, out);
			hb_strbuf_puts(out, " |");
			if (c == 0)
				continue;
			if (s->has_ratio)
				hb_strbuf_printf(out, " %+.2f%%", (s->ratio - 1) * 100);
			else
				hb_strbuf_puts(out, " ?");
			markers(&notes, s->warnings, n, out);
			hb_strbuf_puts(out, " |");
		}
		hb_strbuf_puts(out, "\n");
	}
	if (notes.n) {
		hb_strbuf_puts(out, "\n");
		for (size_t i = 0; i < notes.n; i++) {
			hb_strbuf_puts(out, "- ");
			hb_superscript((unsigned)i + 1, out);
			hb_strbuf_puts(out, " ");
			cell_text(out, notes.texts[i]);
			hb_strbuf_puts(out, "\n");
		}
	}
	hb_footnotes_free(&notes);
	hb_strbuf_free(&label);
}

/* Declared through the writer type, so the compiler checks the signature against the table's. */
hb_format_writer hb_format_markdown;

void hb_format_markdown(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings)
{
	(void)warnings;
	for (size_t i = 0; i < t->ntables; i++) {
		if (i > 0)
			hb_strbuf_puts(out, "\n");
		size_t before = out->len;
		hb_table_config_lines(t, &t->tables[i], i ? &t->tables[i - 1] : NULL, emit_config_line, out);
		if (out->len != before)
			hb_strbuf_puts(out, "\n");
		write_table(t, &t->tables[i], out);
	}
}

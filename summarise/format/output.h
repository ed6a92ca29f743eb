/* output.h — the output formats. Each appends the whole output for tables to out; none fails. */
#ifndef HB_OUTPUT_H
#define HB_OUTPUT_H

#include "strbuf.h"
#include "tables.h"

/* benchstat's text layout (as benchstat lays it out). */
void hb_format_text(const struct hb_tables *t, struct hb_strbuf *out);
/* CSV with unscaled numbers; warnings go to warnings as spreadsheet cell references ("B4: msg"). */
void hb_format_csv(const struct hb_tables *t, struct hb_strbuf *out, struct hb_strbuf *warnings);
/* GitHub-flavoured Markdown tables. */
void hb_format_markdown(const struct hb_tables *t, struct hb_strbuf *out);
/* HTML tables (a fragment), raw values in data-value, noisy and significant cells classed. */
void hb_format_html(const struct hb_tables *t, struct hb_strbuf *out);
/* Flat JSON rows for dashboards: one object per cell. */
void hb_format_json(const struct hb_tables *t, struct hb_strbuf *out);
/* github-action-benchmark's custom format: [{"name", "unit", "value", "range", "extra"}]. */
void hb_format_gab_json(const struct hb_tables *t, struct hb_strbuf *out);

/* Shared by the formats: the table's config lines that differ from the previous table's (all of
 * them when prev is NULL), each through emit(name, value, arg). */
void hb_table_config_lines(const struct hb_tables *t, const struct hb_table *table, const struct hb_table *prev,
			   void (*emit)(const char *name, const char *value, void *arg), void *arg);

#endif

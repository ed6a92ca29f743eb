/* json_tables.h — an entry's real-table figures and structure battery in advice.json. */
#ifndef HB_ADVICE_JSON_TABLES_H
#define HB_ADVICE_JSON_TABLES_H

#include "advice.h"
#include "hb_json_writer.h"

/* Writes the members "tables" (per design of `designs`, the run's, a bit each: hit_ns, miss_ns, insert_ns, each with _low and _high,
 * and hit_capped, miss_capped, insert_capped), "table_keys", "table_folded_to_64_bits", "table_ns"
 * (with _low and _high: the combination the list is ranked by) and "battery" of e into the open
 * map. */
void hb_advice_json_tables(struct hb_json_writer *w, const struct hb_advice_entry *e, unsigned designs);

/* KEY: seconds as nanoseconds per key with three decimals, or null when absent or not finite. */
void hb_advice_json_ns(struct hb_json_writer *w, const char *key, double seconds, bool present);

/* KEY: the string, or null when value is NULL. */
void hb_advice_json_str(struct hb_json_writer *w, const char *key, const char *value);

/* A ranking by one design's tables: the member "against_default" into the open map (docs/advice.md,
 * advice.json); nothing for any other ranking. */
void hb_advice_json_against(struct hb_json_writer *w, const struct hb_advice_result *r);

#endif

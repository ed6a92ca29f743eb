/* config_lines.c — the "key: value" lines above a table, shared by the formats: one per table-key
 * field (the .config group counts each of its keys), printed when it differs from the table
 * before. */
#include <string.h>

#include "output.h"

void hb_table_config_lines(const struct hb_tables *t, const struct hb_table *table, const struct hb_table *prev,
                           void (*emit)(const char *name, const char *value, void *arg), void *arg)
{
    const struct hb_projection *proj = &t->proj->table;
    struct hb_strbuf value = {0}, before = {0};
    for (size_t level = 0; level < hb_projection_levels(proj); level++) {
        const char *name = hb_key_level(proj, table->key, level, t->in, &value);
        if (prev) {
            hb_key_level(proj, prev->key, level, t->in, &before);
            if (strcmp(hb_strbuf_cstr(&value), hb_strbuf_cstr(&before)) == 0)
                continue;
        }
        emit(name, hb_strbuf_cstr(&value), arg);
    }
    hb_strbuf_free(&value);
    hb_strbuf_free(&before);
}

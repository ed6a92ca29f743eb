/* collect.c — cells keyed by interned (table, row, column) tuples. Projection, filtering and the
 * residue are worked out once per distinct origin (an "instance"), so each further repetition of
 * a benchmark costs a cache hit and an append. */
#include "collect.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

enum { FILTERED_OUT = UINT32_MAX };

struct unit_link {
    hb_str unit;
    uint32_t cell; /* FILTERED_OUT when the filter drops this unit */
};

struct hb_instance {
    struct hb_origin origin; /* name text points into the interner */
    hb_str name_id;
    bool passes; /* fixed sort orders' verdict, and the filter's when it ignores units */
    hb_tuple table, row, col, residue;
    struct unit_link *links;
    size_t nlinks, links_cap;
};

void hb_collector_init(struct hb_collector *c, struct hb_intern *in, struct hb_projections *proj,
                       const struct hb_filter *filter)
{
    *c = (struct hb_collector){0};
    c->in = in;
    c->proj = proj;
    c->filter = filter;
    c->filter_uses_unit = filter && hb_filter_uses_unit(filter);
    c->last_instance = UINT32_MAX;
}

void hb_collector_free(struct hb_collector *c)
{
    for (size_t i = 0; i < c->ncells; i++) {
        free(c->cells[i].values);
        free(c->cells[i].vary_keys);
    }
    for (size_t i = 0; i < c->ninstances; i++)
        free(c->instances[i].links);
    free(c->cells);
    free(c->tables);
    free(c->instances);
    hb_u32map_free(&c->table_index);
    hb_u32map_free(&c->cell_index);
    hb_u32map_free(&c->instance_index);
    hb_u32map_free(&c->unit_rank);
}

void hb_collector_observe_unit(struct hb_collector *c, hb_str unit)
{
    uint32_t r;
    if (!hb_u32map_get(&c->unit_rank, unit, &r))
        hb_u32map_put(&c->unit_rank, unit, c->nunit_ranks++);
}

uint32_t hb_collector_unit_rank(const struct hb_collector *c, hb_str unit)
{
    uint32_t r = UINT32_MAX;
    hb_u32map_get(&c->unit_rank, unit, &r);
    return r;
}

static uint32_t find_instance(struct hb_collector *c, const struct hb_origin *o, hb_str name_id)
{
    if (c->last_instance != UINT32_MAX) {
        const struct hb_instance *last = &c->instances[c->last_instance];
        if (last->name_id == name_id && last->origin.file_label == o->file_label && last->origin.config == o->config &&
            last->origin.name.go_procs == o->name.go_procs)
            return c->last_instance;
    }
    uint32_t parts[4] = {name_id, o->file_label, o->config, o->name.go_procs};
    hb_tuple key = hb_intern_tuple(c->in, parts, 4);
    uint32_t id;
    if (!hb_u32map_get(&c->instance_index, key, &id)) {
        id = (uint32_t)c->ninstances;
        hb_grow((void **)&c->instances, &c->instances_cap, c->ninstances + 1, sizeof *c->instances);
        struct hb_instance *inst = &c->instances[c->ninstances++];
        *inst = (struct hb_instance){0};
        inst->origin = *o;
        inst->name_id = name_id;
        inst->origin.name.text = hb_str_text(c->in, name_id);
        /* A fixed sort order filters too, before any value is observed for first-appearance
		 * orders, as benchstat applies it with -filter. */
        inst->passes =
            hb_projections_admit(c->proj, &inst->origin, c->in) &&
            (!c->filter || c->filter_uses_unit || hb_filter_match(c->filter, &inst->origin, NULL, NULL, c->in));
        if (inst->passes) {
            inst->table = hb_project(c->proj, &c->proj->table, &inst->origin, c->in);
            inst->row = hb_project(c->proj, &c->proj->row, &inst->origin, c->in);
            inst->col = hb_project(c->proj, &c->proj->col, &inst->origin, c->in);
            inst->residue = hb_project_residue(c->proj, &inst->origin, c->in);
        }
        hb_u32map_put(&c->instance_index, key, id);
    }
    c->last_instance = id;
    return id;
}

static void mark_vary(void *arg, hb_str key)
{
    struct hb_cell *cell = arg;
    if (key == 0) {
        cell->vary_fullname = true;
        return;
    }
    for (size_t i = 0; i < cell->nvary; i++)
        if (cell->vary_keys[i] == key)
            return;
    hb_grow((void **)&cell->vary_keys, &cell->vary_cap, cell->nvary + 1, sizeof *cell->vary_keys);
    cell->vary_keys[cell->nvary++] = key;
}

static uint32_t find_cell(struct hb_collector *c, const struct hb_instance *inst, hb_str unit)
{
    uint32_t table_parts[2] = {inst->table, unit};
    hb_tuple table_key = hb_intern_tuple(c->in, table_parts, 2);
    uint32_t table;
    if (!hb_u32map_get(&c->table_index, table_key, &table)) {
        table = (uint32_t)c->ntables;
        hb_grow((void **)&c->tables, &c->tables_cap, c->ntables + 1, sizeof *c->tables);
        c->tables[c->ntables++] = (struct hb_collected_table){inst->table, unit};
        hb_u32map_put(&c->table_index, table_key, table);
    }
    uint32_t cell_parts[3] = {table, inst->row, inst->col};
    hb_tuple cell_key = hb_intern_tuple(c->in, cell_parts, 3);
    uint32_t id;
    if (!hb_u32map_get(&c->cell_index, cell_key, &id)) {
        id = (uint32_t)c->ncells;
        hb_grow((void **)&c->cells, &c->cells_cap, c->ncells + 1, sizeof *c->cells);
        c->cells[c->ncells++] =
            (struct hb_cell){.table = table, .row = inst->row, .col = inst->col, .residue = inst->residue};
        hb_u32map_put(&c->cell_index, cell_key, id);
    } else if (c->cells[id].residue != inst->residue) {
        hb_residue_differences(c->proj, c->in, c->cells[id].residue, inst->residue, mark_vary, &c->cells[id]);
    }
    return id;
}

static uint32_t link_unit(struct hb_collector *c, struct hb_instance *inst, const struct hb_value *v)
{
    for (size_t i = 0; i < inst->nlinks; i++)
        if (inst->links[i].unit == v->unit)
            return inst->links[i].cell;
    bool keep = inst->passes;
    if (keep && c->filter_uses_unit)
        keep = hb_filter_match(c->filter, &inst->origin, hb_str_text(c->in, v->unit),
                               v->orig_unit ? hb_str_text(c->in, v->orig_unit) : NULL, c->in);
    uint32_t cell = FILTERED_OUT;
    if (keep) {
        hb_collector_observe_unit(c, v->unit);
        cell = find_cell(c, inst, v->unit);
        if (c->rank_filter && !hb_filter_match(c->rank_filter, &inst->origin, hb_str_text(c->in, v->unit),
                                               v->orig_unit ? hb_str_text(c->in, v->orig_unit) : NULL, c->in))
            c->cells[cell].unranked = true;
    }
    hb_grow((void **)&inst->links, &inst->links_cap, inst->nlinks + 1, sizeof *inst->links);
    inst->links[inst->nlinks++] = (struct unit_link){v->unit, cell};
    return cell;
}

void hb_collector_add(struct hb_collector *c, const struct hb_origin *origin, hb_str name_id,
                      const struct hb_value *values, size_t n)
{
    uint32_t id = find_instance(c, origin, name_id); /* may move c->instances */
    struct hb_instance *inst = &c->instances[id];
    if (!inst->passes)
        return;
    for (size_t i = 0; i < n; i++) {
        uint32_t cell_id = link_unit(c, inst, &values[i]);
        if (cell_id == FILTERED_OUT)
            continue;
        struct hb_cell *cell = &c->cells[cell_id];
        hb_grow((void **)&cell->values, &cell->cap, cell->n + 1, sizeof *cell->values);
        cell->values[cell->n++] = values[i].value;
        c->nsamples++;
    }
}

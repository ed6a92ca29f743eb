/* collect.h — gathering samples into cells as they are read: each result's values go to the cell
 * (table, row, column) its projections name, with nothing kept per row but the values. */
#ifndef HB_COLLECT_H
#define HB_COLLECT_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "projection.h"

/* One measurement of a result, tidied to its base unit. */
struct hb_value {
    double value;
    hb_str unit;      /* tidied: "sec/op", "B/s", ... */
    hb_str orig_unit; /* as written ("ns/op"), or 0 when the same */
};

struct hb_cell {
    uint32_t table;
    hb_tuple row, col;
    double *values;
    size_t n, cap;
    hb_tuple residue;  /* the first residue key seen */
    hb_str *vary_keys; /* config keys the residues differ in */
    size_t nvary, vary_cap;
    bool vary_fullname;
    bool unranked; /* a result of the cell fails the collector's rank_filter (-ranks-filter) */
};

struct hb_collected_table {
    hb_tuple key; /* the -table projection's key */
    hb_str unit;
};

struct hb_instance; /* a distinct (name, file, config): its keys and cells, computed once */

struct hb_collector {
    struct hb_intern *in;
    struct hb_projections *proj;
    const struct hb_filter *filter; /* NULL: keep everything */
    bool filter_uses_unit;
    const struct hb_filter *rank_filter; /* -ranks-filter: the results ranked; NULL: all (set after init) */
    struct hb_collected_table *tables;
    size_t ntables, tables_cap;
    struct hb_cell *cells;
    size_t ncells, cells_cap;
    struct hb_u32map table_index, cell_index, instance_index, unit_rank;
    uint32_t nunit_ranks;
    struct hb_instance *instances;
    size_t ninstances, instances_cap;
    uint32_t last_instance;
    size_t nsamples;
};

/* Starts an empty collector over the given projections and filter (both outlive it). */
void hb_collector_init(struct hb_collector *c, struct hb_intern *in, struct hb_projections *proj,
                       const struct hb_filter *filter);
void hb_collector_free(struct hb_collector *c);

/* Records that unit comes before any unit not yet seen (the table order of units). */
void hb_collector_observe_unit(struct hb_collector *c, hb_str unit);

/* Adds the values of one result from origin (name_id is origin->name interned). */
void hb_collector_add(struct hb_collector *c, const struct hb_origin *origin, hb_str name_id,
                      const struct hb_value *values, size_t n);

/* The order of first appearance of unit (for sorting tables). */
uint32_t hb_collector_unit_rank(const struct hb_collector *c, hb_str unit);

#endif

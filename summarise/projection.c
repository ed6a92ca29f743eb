/* projection.c — projection parsing, key extraction and first-appearance ordering. */
#include "projection.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

hb_str hb_config_get(const struct hb_intern *in, hb_tuple config, hb_str key)
{
	size_t n;
	const uint32_t *pairs = hb_tuple_vals(in, config, &n);
	for (size_t i = 0; i + 1 < n; i += 2)
		if (pairs[i] == key)
			return pairs[i + 1];
	return 0;
}

static void observe(struct hb_u32map *rank, uint32_t *nranks, uint32_t value)
{
	uint32_t r;
	if (!hb_u32map_get(rank, value, &r))
		hb_u32map_put(rank, value, (*nranks)++);
}

static uint32_t rank_of(const struct hb_field *f, uint32_t value)
{
	uint32_t r = UINT32_MAX;
	hb_u32map_get(&f->rank, value, &r);
	return r;
}

static void add_group_key(struct hb_field *f, hb_str key)
{
	uint32_t r;
	if (hb_u32map_get(&f->group_keys, key, &r))
		return;
	hb_u32map_put(&f->group_keys, key, (uint32_t)f->ngroup_keys);
	hb_grow((void **)&f->group_key_list, &f->group_keys_cap, f->ngroup_keys + 1, sizeof *f->group_key_list);
	f->group_key_list[f->ngroup_keys++] = key;
}

static bool config_excluded(const struct hb_projections *p, hb_str key)
{
	for (size_t i = 0; i < p->nconfig_excluded; i++)
		if (p->config_excluded[i] == key)
			return true;
	return false;
}

/* The file configuration less the keys other projections name, as a tuple of pairs. */
static hb_tuple config_group(struct hb_projections *p, struct hb_field *group, hb_tuple config,
			     struct hb_intern *in)
{
	size_t n;
	const uint32_t *pairs = hb_tuple_vals(in, config, &n);
	if (!p->nconfig_excluded) {
		for (size_t i = 0; group && i + 1 < n; i += 2)
			add_group_key(group, pairs[i]);
		return config;
	}
	uint32_t *kept = hb_xmalloc((n ? n : 1) * sizeof *kept);
	size_t nkept = 0;
	for (size_t i = 0; i + 1 < n; i += 2) {
		if (config_excluded(p, pairs[i]))
			continue;
		if (group)
			add_group_key(group, pairs[i]);
		kept[nkept++] = pairs[i];
		kept[nkept++] = pairs[i + 1];
	}
	hb_tuple t = hb_intern_tuple(in, kept, nkept);
	free(kept);
	return t;
}

static bool has_exclusions(const struct hb_name_exclusions *ex)
{
	return ex->nkeys || ex->base || ex->procs;
}

static hb_str fullname_value(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in)
{
	if (!has_exclusions(&p->fullname_excluded))
		return hb_intern_str(in, o->name.text, o->name.len);
	size_t need = hb_name_without(&o->name, &p->fullname_excluded, NULL, 0);
	hb_strbuf_reset(&p->scratch);
	hb_grow((void **)&p->scratch.text, &p->scratch.cap, need + 1, 1);
	hb_name_without(&o->name, &p->fullname_excluded, p->scratch.text, need + 1);
	return hb_intern_str(in, p->scratch.text, need);
}

static uint32_t field_value(struct hb_projections *p, struct hb_field *f, const struct hb_origin *o,
			    struct hb_intern *in)
{
	const char *text;
	size_t len;
	switch (f->kind) {
	case HB_FIELD_NAME:
		text = hb_name_base(&o->name, &len);
		return hb_intern_str(in, text, len);
	case HB_FIELD_FULLNAME:
		return fullname_value(p, o, in);
	case HB_FIELD_FILE:
		return o->file_label;
	case HB_FIELD_SUBKEY:
		if (!hb_name_key(&o->name, f->key, strlen(f->key), &text, &len))
			return 0;
		return hb_intern_str(in, text, len);
	case HB_FIELD_CONFIG_KEY:
		return hb_config_get(in, o->config, f->key_id);
	case HB_FIELD_CONFIG_GROUP:
		return config_group(p, f, o->config, in);
	}
	return 0;
}

hb_tuple hb_project(struct hb_projections *p, struct hb_projection *proj, const struct hb_origin *o,
		    struct hb_intern *in)
{
	uint32_t vals[16];
	for (size_t i = 0; i < proj->nfields; i++) {
		struct hb_field *f = &proj->fields[i];
		vals[i] = field_value(p, f, o, in);
		observe(&f->rank, &f->nranks, vals[i]);
	}
	return hb_intern_tuple(in, vals, proj->nfields);
}

hb_tuple hb_project_residue(struct hb_projections *p, const struct hb_origin *o, struct hb_intern *in)
{
	uint32_t vals[2] = {0, 0};
	if (p->residue_has_config) {
		vals[0] = config_group(p, NULL, o->config, in);
		size_t n;
		const uint32_t *pairs = hb_tuple_vals(in, vals[0], &n);
		for (size_t i = 0; i + 1 < n; i += 2)
			observe(&p->residue_config.rank, &p->residue_config.nranks, pairs[i]);
	}
	if (p->residue_has_fullname)
		vals[1] = fullname_value(p, o, in);
	return hb_intern_tuple(in, vals, 2);
}

void hb_residue_differences(const struct hb_projections *p, const struct hb_intern *in, hb_tuple a, hb_tuple b,
			    void (*mark)(void *arg, hb_str key), void *arg)
{
	(void)p;
	size_t n;
	const uint32_t *ra = hb_tuple_vals(in, a, &n);
	const uint32_t *rb = hb_tuple_vals(in, b, &n);
	if (ra[0] != rb[0]) {
		/* A key differs when one side lacks it or holds another value. */
		const uint32_t *sides[2] = {ra, rb};
		for (int s = 0; s < 2; s++) {
			size_t npairs;
			const uint32_t *pairs = hb_tuple_vals(in, sides[s][0], &npairs);
			for (size_t i = 0; i + 1 < npairs; i += 2)
				if (hb_config_get(in, sides[1 - s][0], pairs[i]) != pairs[i + 1])
					mark(arg, pairs[i]);
		}
	}
	if (ra[1] != rb[1])
		mark(arg, 0);
}

char *hb_residue_warning(const struct hb_projections *p, const struct hb_intern *in, const hb_str *keys,
			 size_t nkeys, bool fullname)
{
	struct hb_strbuf b = {0};
	hb_strbuf_puts(&b, "benchmarks vary in ");
	/* Config keys in order of first appearance; nkeys is small, so a selection pass will do. */
	uint32_t last = 0;
	bool any = false;
	for (size_t done = 0; done < nkeys; done++) {
		size_t best = nkeys;
		uint32_t best_rank = UINT32_MAX;
		for (size_t i = 0; i < nkeys; i++) {
			uint32_t r = rank_of(&p->residue_config, keys[i]);
			if ((!any || r > last) && (best == nkeys || r < best_rank)) {
				best = i;
				best_rank = r;
			}
		}
		if (best == nkeys)
			break;
		if (any)
			hb_strbuf_puts(&b, ", ");
		hb_strbuf_puts(&b, hb_str_text(in, keys[best]));
		last = best_rank;
		any = true;
	}
	if (fullname)
		hb_strbuf_puts(&b, any ? ", .fullname" : ".fullname");
	return b.text;
}

int hb_key_compare(const struct hb_projection *proj, hb_tuple a, hb_tuple b, const struct hb_intern *in)
{
	if (a == b)
		return 0;
	size_t n;
	const uint32_t *va = hb_tuple_vals(in, a, &n);
	const uint32_t *vb = hb_tuple_vals(in, b, &n);
	for (size_t i = 0; i < proj->nfields; i++) {
		if (va[i] == vb[i])
			continue;
		uint32_t ra = rank_of(&proj->fields[i], va[i]), rb = rank_of(&proj->fields[i], vb[i]);
		return ra < rb ? -1 : 1;
	}
	return 0;
}

size_t hb_projection_levels(const struct hb_projection *proj)
{
	size_t levels = 0;
	for (size_t i = 0; i < proj->nfields; i++)
		levels += proj->fields[i].kind == HB_FIELD_CONFIG_GROUP ? proj->fields[i].ngroup_keys : 1;
	return levels;
}

const char *hb_key_level(const struct hb_projection *proj, hb_tuple key, size_t level,
			 const struct hb_intern *in, struct hb_strbuf *out)
{
	size_t n;
	const uint32_t *vals = hb_tuple_vals(in, key, &n);
	hb_strbuf_reset(out);
	for (size_t i = 0; i < proj->nfields; i++) {
		const struct hb_field *f = &proj->fields[i];
		if (f->kind != HB_FIELD_CONFIG_GROUP) {
			if (level-- == 0) {
				hb_strbuf_puts(out, hb_str_text(in, vals[i]));
				return f->label;
			}
			continue;
		}
		if (level < f->ngroup_keys) {
			hb_str k = f->group_key_list[level];
			hb_strbuf_puts(out, hb_str_text(in, hb_config_get(in, vals[i], k)));
			return hb_str_text(in, k);
		}
		level -= f->ngroup_keys;
	}
	return "";
}

void hb_key_label(const struct hb_projection *proj, hb_tuple key, const struct hb_intern *in,
		  struct hb_strbuf *out)
{
	size_t n;
	const uint32_t *vals = hb_tuple_vals(in, key, &n);
	hb_strbuf_reset(out);
	for (size_t i = 0; i < proj->nfields; i++) {
		size_t npairs = 1;
		const uint32_t *texts = &vals[i];
		size_t step = 1, start = 0;
		if (proj->fields[i].kind == HB_FIELD_CONFIG_GROUP) {
			texts = hb_tuple_vals(in, vals[i], &npairs);
			step = 2;
			start = 1;
		}
		for (size_t j = start; j < npairs; j += step) {
			const char *t = hb_str_text(in, texts[j]);
			if (!*t)
				continue;
			if (out->len)
				hb_strbuf_puts(out, " ");
			hb_strbuf_puts(out, t);
		}
	}
}

bool hb_origin_key(const struct hb_origin *o, const char *key, const struct hb_intern *in, const char **value,
		   size_t *len)
{
	*value = "";
	*len = 0;
	if (strcmp(key, ".name") == 0) {
		*value = hb_name_base(&o->name, len);
		return true;
	}
	if (strcmp(key, ".fullname") == 0) {
		*value = o->name.text;
		*len = o->name.len;
		return true;
	}
	if (strcmp(key, ".file") == 0) {
		*value = hb_str_text(in, o->file_label);
		*len = hb_str_len(in, o->file_label);
		return true;
	}
	if (key[0] == '/')
		return hb_name_key(&o->name, key + 1, strlen(key + 1), value, len);
	size_t n;
	const uint32_t *pairs = hb_tuple_vals(in, o->config, &n);
	for (size_t i = 0; i + 1 < n; i += 2) {
		if (strcmp(hb_str_text(in, pairs[i]), key) == 0) {
			*value = hb_str_text(in, pairs[i + 1]);
			*len = hb_str_len(in, pairs[i + 1]);
			return true;
		}
	}
	return false;
}

/* ---- parsing ---- */

static int parse_one(struct hb_projections *p, struct hb_projection *proj, struct hb_intern *in,
		     const char *flag, const char *key, char **error)
{
	if (strchr(key, '@')) {
		*error = hb_xasprintf("%s: sort orders (\"%s\") are not supported; keys sort by first appearance",
				      flag, key);
		return -1;
	}
	if (strcmp(key, ".unit") == 0) {
		*error = hb_xasprintf("%s: .unit is only allowed in filters", flag);
		return -1;
	}
	if (key[0] == '/' && key[1] == '\0') {
		*error = hb_xasprintf("%s: \"/\" needs a key name, as in /size", flag);
		return -1;
	}
	if (key[0] == '.' && strcmp(key, ".name") && strcmp(key, ".fullname") && strcmp(key, ".file") &&
	    strcmp(key, ".config")) {
		*error = hb_xasprintf("%s: unknown key \"%s\" (use .name, .fullname, .file, .config, /KEY or a config key)",
				      flag, key);
		return -1;
	}
	struct hb_field f = {0};
	f.label = hb_xstrdup(key);
	if (strcmp(key, ".name") == 0) {
		f.kind = HB_FIELD_NAME;
		p->fullname_excluded.base = true;
	} else if (strcmp(key, ".fullname") == 0) {
		f.kind = HB_FIELD_FULLNAME;
		p->residue_has_fullname = false;
	} else if (strcmp(key, ".file") == 0) {
		f.kind = HB_FIELD_FILE;
	} else if (strcmp(key, ".config") == 0) {
		f.kind = HB_FIELD_CONFIG_GROUP;
		p->residue_has_config = false;
	} else if (key[0] == '/') {
		f.kind = HB_FIELD_SUBKEY;
		f.key = f.label + 1;
		const char **keys = (const char **)p->fullname_excluded.keys;
		keys = hb_xreallocarray(keys, p->fullname_excluded.nkeys + 1, sizeof *keys);
		keys[p->fullname_excluded.nkeys++] = f.key;
		p->fullname_excluded.keys = keys;
		if (strcmp(f.key, "gomaxprocs") == 0)
			p->fullname_excluded.procs = true;
	} else {
		f.kind = HB_FIELD_CONFIG_KEY;
		f.key = f.label;
		f.key_id = hb_intern_cstr(in, key);
		p->config_excluded = hb_xreallocarray(p->config_excluded, p->nconfig_excluded + 1,
						      sizeof *p->config_excluded);
		p->config_excluded[p->nconfig_excluded++] = f.key_id;
	}
	if (!proj) {
		/* -ignore: only the exclusions count, but its labels must live as long as they do. */
		proj = &p->ignored;
	}
	if (proj->nfields == 16) {
		*error = hb_xasprintf("%s: at most 16 keys", flag);
		free(f.label);
		return -1;
	}
	proj->fields = hb_xreallocarray(proj->fields, proj->nfields + 1, sizeof *proj->fields);
	proj->fields[proj->nfields++] = f;
	return 0;
}

static int parse_spec(struct hb_projections *p, struct hb_projection *proj, struct hb_intern *in,
		      const char *flag, const char *spec, char **error)
{
	const char *s = spec;
	while (*s) {
		while (*s == ',' || isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		const char *start = s;
		while (*s && *s != ',' && !isspace((unsigned char)*s))
			s++;
		char *key = hb_xstrndup(start, (size_t)(s - start));
		int rc = parse_one(p, proj, in, flag, key, error);
		free(key);
		if (rc)
			return rc;
	}
	return 0;
}

int hb_projections_init(struct hb_projections *p, struct hb_intern *in, const char *table, const char *row,
			const char *col, const char *ignore, char **error)
{
	*p = (struct hb_projections){0};
	p->residue_has_config = p->residue_has_fullname = true;
	if (parse_spec(p, &p->table, in, "-table", table, error) || parse_spec(p, &p->row, in, "-row", row, error) ||
	    parse_spec(p, &p->col, in, "-col", col, error) || parse_spec(p, NULL, in, "-ignore", ignore, error))
		return -1;
	return 0;
}

static void free_projection(struct hb_projection *proj)
{
	for (size_t i = 0; i < proj->nfields; i++) {
		struct hb_field *f = &proj->fields[i];
		free(f->label);
		hb_u32map_free(&f->rank);
		hb_u32map_free(&f->group_keys);
		free(f->group_key_list);
	}
	free(proj->fields);
}

void hb_projections_free(struct hb_projections *p)
{
	free_projection(&p->table);
	free_projection(&p->row);
	free_projection(&p->col);
	free_projection(&p->ignored);
	free(p->fullname_excluded.keys);
	free(p->config_excluded);
	hb_u32map_free(&p->residue_config.rank);
	hb_strbuf_free(&p->scratch);
}

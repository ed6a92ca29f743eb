/* gbench_json.c — Google Benchmark JSON, streamed through yajl's callbacks: only the current row
 * is held, and each row's values go straight to the collector. Context keys host_name, num_cpus and
 * cpu_model become the file's configuration; aggregate rows are skipped; error and skipped rows
 * are noted, never counted; unknown members are ignored. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "json_nonfinite.h"
#include "parse_double.h"
#include "reader.h"
#include "units.h"
#include "xalloc.h"

/* Members of an iteration row that are not user counters. */
enum member {
	M_COUNTER, /* a user counter, if numeric */
	M_NAME, M_RUN_NAME, M_RUN_TYPE, M_AGGREGATE_NAME, M_ERROR_OCCURRED, M_ERROR_MESSAGE, M_SKIPPED,
	M_SKIP_MESSAGE, M_REAL_TIME, M_CPU_TIME, M_TIME_UNIT, M_BYTES_PER_SECOND, M_NOT_A_COUNTER,
};

static const struct {
	const char *key;
	enum member member;
} members[] = {
	/* In the order Google Benchmark writes them, which member_of tries first. */
	{"name", M_NAME}, {"family_index", M_NOT_A_COUNTER}, {"per_family_instance_index", M_NOT_A_COUNTER},
	{"run_name", M_RUN_NAME}, {"run_type", M_RUN_TYPE}, {"repetitions", M_NOT_A_COUNTER},
	{"repetition_index", M_NOT_A_COUNTER}, {"threads", M_NOT_A_COUNTER},
	{"aggregate_name", M_AGGREGATE_NAME}, {"iterations", M_NOT_A_COUNTER}, {"real_time", M_REAL_TIME},
	{"cpu_time", M_CPU_TIME}, {"time_unit", M_TIME_UNIT}, {"bytes_per_second", M_BYTES_PER_SECOND},
	{"items_per_second", M_NOT_A_COUNTER}, {"error_occurred", M_ERROR_OCCURRED},
	{"error_message", M_ERROR_MESSAGE}, {"skipped", M_SKIPPED}, {"skip_message", M_SKIP_MESSAGE},
};

enum { NMEMBERS = sizeof members / sizeof *members };
static size_t member_lengths[NMEMBERS];

/* The context keys that split tables (see STATS.md, "Tables split by configuration"). */
static const char *const config_keys[] = {"host_name", "num_cpus", "cpu_model"};

static const struct {
	const char *unit;
	double seconds;
} time_units[] = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};

struct counter {
	hb_str unit;
	double value;
};

struct row {
	hb_str name, run_name, message;
	bool has_name, has_run_name, aggregate, failed, skipped;
	bool not_iteration; /* run_type is there and is not "iteration" */
	double real_time, cpu_time, bytes_per_second;
	bool has_real_time, has_cpu_time, has_bytes_per_second;
	double seconds_per_unit; /* from time_unit; 0 when unknown */
	hb_str time_unit;
	bool has_time_unit;
	struct counter *counters;
	size_t ncounters, counters_cap;
};

/* A remembered string and its id, to skip hashing when the next row repeats it. */
struct name_cache {
	char text[192];
	size_t len;
	hb_str id;
	bool valid;
};

static hb_str cached_intern(struct hb_intern *in, struct name_cache *cache, const char *text, size_t len)
{
	if (cache->valid && cache->len == len && memcmp(cache->text, text, len) == 0)
		return cache->id;
	hb_str id = hb_intern_str(in, text, len);
	if (len <= sizeof cache->text) {
		memcpy(cache->text, text, len);
		cache->len = len;
		cache->id = id;
		cache->valid = true;
	}
	return id;
}

struct staged {
	hb_str name;
	struct hb_value *values;
	size_t n;
};

struct parse_state {
	struct hb_read_context *ctx;
	const char *path;
	int depth;
	bool in_context, in_benchmarks, in_row, saw_benchmarks;
	int top_key;     /* 1 context, 2 benchmarks, 0 other */
	int context_key; /* index into config_keys, or -1 */
	enum member row_member;
	char row_key[256];
	size_t row_key_len;
	struct row row;
	size_t row_index; /* of the current row in "benchmarks", from 1 */
	uint32_t *config;  /* pairs */
	size_t nconfig, config_cap;
	hb_tuple config_id; /* of config, once config_id_valid */
	bool config_id_valid;
	bool config_final;
	struct staged *staged;
	size_t nstaged, staged_cap;
	struct hb_value *values;
	size_t values_cap;
	size_t nonfinite, iteration_rows;
	struct failure { /* consecutive error or skipped repetitions of one benchmark, noted as one line */
		hb_str name, message;
		bool skipped, has_message;
		size_t count;
	} failure;
	hb_str sec_per_op, bytes_per_second;
	struct name_cache names[2];      /* the last name and run_name: rows come in blocks */
	struct name_cache counters[8];   /* the last row's counter keys, by position */
	size_t next_member;              /* members[] entry expected next in a row */
	char *error;
};

static int fail(struct parse_state *s, char *message)
{
	if (!s->error)
		s->error = message;
	else
		free(message);
	return 0; /* yajl: stop parsing */
}

static const char *row_label(struct parse_state *s)
{
	if (s->row.has_run_name)
		return hb_str_text(s->ctx->in, s->row.run_name);
	if (s->row.has_name)
		return hb_str_text(s->ctx->in, s->row.name);
	return "(no name)";
}

static hb_tuple file_config(struct parse_state *s)
{
	if (!s->config_id_valid) {
		s->config_id = hb_intern_tuple(s->ctx->in, s->config, s->nconfig);
		s->config_id_valid = true;
	}
	return s->config_id;
}

static void deliver(struct parse_state *s, hb_str name, const struct hb_value *values, size_t n)
{
	struct hb_origin o = {{hb_str_text(s->ctx->in, name), hb_str_len(s->ctx->in, name), false},
			      s->ctx->label, file_config(s)};
	hb_collector_add(s->ctx->collector, &o, name, values, n);
}

/* Adds v to the row's values unless it is NaN or infinite (counted and noted at the end). */
static void push_value(struct parse_state *s, size_t *n, double v, hb_str unit)
{
	if (!isfinite(v)) {
		s->nonfinite++;
		return;
	}
	hb_grow((void **)&s->values, &s->values_cap, *n + 1, sizeof *s->values);
	s->values[(*n)++] = (struct hb_value){v, unit, 0};
}

/* Notes the pending run of error or skipped repetitions on ctx->notes. */
static void note_failure(struct parse_state *s)
{
	struct failure *f = &s->failure;
	if (!f->count)
		return;
	struct hb_intern *in = s->ctx->in;
	fprintf(s->ctx->notes, "hbstat: %s: %s: %s%s%s (%zu %s left out)\n", s->path, hb_str_text(in, f->name),
		f->skipped ? "skipped" : "error", f->has_message ? ": " : "", f->has_message ? hb_str_text(in, f->message) : "",
		f->count, f->count == 1 ? "repetition" : "repetitions");
	f->count = 0;
}

static int finish_row(struct parse_state *s)
{
	struct row *r = &s->row;
	struct hb_intern *in = s->ctx->in;
	if (r->aggregate || r->not_iteration)
		return 1;
	if (!r->has_run_name && !r->has_name)
		return fail(s, hb_xasprintf("%s: benchmark #%zu: missing \"name\"", s->path, s->row_index));
	hb_str name = r->has_run_name ? r->run_name : r->name;
	s->iteration_rows++;
	if (r->failed) {
		struct failure *f = &s->failure;
		bool has_message = r->message != 0;
		if (f->count && (f->name != name || f->skipped != r->skipped || f->message != r->message))
			note_failure(s);
		*f = (struct failure){name, r->message, r->skipped, has_message, f->count + 1};
		return 1;
	}
	bool cpu = s->ctx->cpu_time;
	if (cpu ? !r->has_cpu_time : !r->has_real_time)
		return fail(s, hb_xasprintf("%s: benchmark #%zu (%s): missing \"%s\"", s->path, s->row_index,
					    row_label(s), cpu ? "cpu_time" : "real_time"));
	if (!r->has_time_unit)
		return fail(s, hb_xasprintf("%s: benchmark #%zu (%s): missing \"time_unit\"", s->path, s->row_index,
					    row_label(s)));
	double seconds = r->seconds_per_unit;
	if (seconds == 0)
		return fail(s, hb_xasprintf("%s: benchmark #%zu (%s): unknown time_unit \"%s\"", s->path, s->row_index,
					    row_label(s), hb_str_text(in, r->time_unit)));
	size_t n = 0;
	push_value(s, &n, (cpu ? r->cpu_time : r->real_time) * seconds, s->sec_per_op);
	if (r->has_bytes_per_second)
		push_value(s, &n, r->bytes_per_second, s->bytes_per_second);
	for (size_t i = 0; i < r->ncounters; i++)
		push_value(s, &n, r->counters[i].value, r->counters[i].unit);
	if (!n)
		return 1;
	if (s->config_final) {
		deliver(s, name, s->values, n);
		return 1;
	}
	/* The context has not been read yet: keep the row until it has. */
	hb_grow((void **)&s->staged, &s->staged_cap, s->nstaged + 1, sizeof *s->staged);
	struct hb_value *copy = hb_xmalloc(n * sizeof *copy);
	memcpy(copy, s->values, n * sizeof *copy);
	s->staged[s->nstaged++] = (struct staged){name, copy, n};
	return 1;
}

/* Which member a row key is. Rows list their members in one order, so the entry after the last
 * match is tried first. */
static enum member member_of(struct parse_state *s, const char *key, size_t len)
{
	size_t guess = s->next_member;
	for (size_t k = 0; k < NMEMBERS; k++) {
		size_t i = (guess + k) % NMEMBERS;
		if (member_lengths[i] == len && memcmp(members[i].key, key, len) == 0) {
			s->next_member = i + 1;
			return members[i].member;
		}
	}
	return M_COUNTER;
}

/* ---- yajl callbacks ---- */

static void scalar_text(struct parse_state *s, const char *text, size_t len)
{
	if (s->in_context && s->depth == 2 && s->context_key >= 0) {
		struct hb_intern *in = s->ctx->in;
		hb_grow((void **)&s->config, &s->config_cap, s->nconfig + 2, sizeof *s->config);
		s->config[s->nconfig++] = hb_intern_cstr(in, config_keys[s->context_key]);
		s->config[s->nconfig++] = hb_intern_str(in, text, len);
		s->config_id_valid = false;
	}
}

static int check_top_scalar(struct parse_state *s)
{
	if (s->depth == 0)
		return fail(s, hb_xasprintf("%s: not Google Benchmark JSON: the top level is not an object", s->path));
	if (s->depth == 1 && s->top_key == 2)
		return fail(s, hb_xasprintf("%s: \"benchmarks\" is not an array", s->path));
	return 1;
}

static int on_null(void *arg)
{
	struct parse_state *s = arg;
	return check_top_scalar(s);
}

static int on_boolean(void *arg, int value)
{
	struct parse_state *s = arg;
	if (!check_top_scalar(s))
		return 0;
	scalar_text(s, value ? "true" : "false", value ? 4 : 5);
	if (s->in_row && s->depth == 3 && (s->row_member == M_ERROR_OCCURRED || s->row_member == M_SKIPPED) && value) {
		s->row.failed = true;
		s->row.skipped = s->row_member == M_SKIPPED;
	}
	return 1;
}

static int on_number(void *arg, const char *text, size_t len)
{
	struct parse_state *s = arg;
	if (!check_top_scalar(s))
		return 0;
	scalar_text(s, text, len);
	if (!s->in_row || s->depth != 3)
		return 1;
	switch (s->row_member) { /* convert only what is used */
	case M_COUNTER:
	case M_BYTES_PER_SECOND:
		break;
	case M_REAL_TIME:
		if (s->ctx->cpu_time)
			return 1;
		break;
	case M_CPU_TIME:
		if (!s->ctx->cpu_time)
			return 1;
		break;
	default:
		return 1;
	}
	double v;
	if (len == strlen(HB_JSON_NAN_SPELLING) && memcmp(text, HB_JSON_NAN_SPELLING, len) == 0) {
		v = NAN;
	} else if (!hb_parse_double(text, len, &v)) {
		v = NAN; /* yajl has checked the syntax; only an overlong number gets here */
	}
	struct row *r = &s->row;
	switch (s->row_member) {
	case M_REAL_TIME:
		r->real_time = v;
		r->has_real_time = true;
		break;
	case M_CPU_TIME:
		r->cpu_time = v;
		r->has_cpu_time = true;
		break;
	case M_BYTES_PER_SECOND:
		r->bytes_per_second = v;
		r->has_bytes_per_second = true;
		break;
	case M_COUNTER: {
		size_t k = r->ncounters;
		hb_str unit = k < sizeof s->counters / sizeof *s->counters
				      ? cached_intern(s->ctx->in, &s->counters[k], s->row_key, s->row_key_len)
				      : hb_intern_str(s->ctx->in, s->row_key, s->row_key_len);
		hb_grow((void **)&r->counters, &r->counters_cap, k + 1, sizeof *r->counters);
		r->counters[r->ncounters++] = (struct counter){unit, v};
		break;
	}
	default:
		break;
	}
	return 1;
}

static int on_string(void *arg, const unsigned char *text, size_t len)
{
	struct parse_state *s = arg;
	if (!check_top_scalar(s))
		return 0;
	scalar_text(s, (const char *)text, len);
	if (!s->in_row || s->depth != 3)
		return 1;
	struct row *r = &s->row;
	const char *t = (const char *)text;
	switch (s->row_member) {
	case M_NAME:
		r->name = cached_intern(s->ctx->in, &s->names[0], t, len);
		r->has_name = true;
		break;
	case M_RUN_NAME:
		r->run_name = cached_intern(s->ctx->in, &s->names[1], t, len);
		r->has_run_name = true;
		break;
	case M_RUN_TYPE:
		r->not_iteration = !(len == 9 && memcmp(t, "iteration", 9) == 0);
		break;
	case M_TIME_UNIT:
		r->has_time_unit = true;
		r->seconds_per_unit = 0;
		for (size_t i = 0; i < sizeof time_units / sizeof *time_units; i++)
			if (strlen(time_units[i].unit) == len && memcmp(time_units[i].unit, t, len) == 0)
				r->seconds_per_unit = time_units[i].seconds;
		if (r->seconds_per_unit == 0)
			r->time_unit = hb_intern_str(s->ctx->in, t, len);
		break;
	case M_ERROR_MESSAGE:
	case M_SKIP_MESSAGE:
		r->message = hb_intern_str(s->ctx->in, t, len);
		break;
	default:
		break;
	}
	return 1;
}

static int on_map_key(void *arg, const unsigned char *key, size_t len)
{
	struct parse_state *s = arg;
	if (s->depth == 1) {
		s->top_key = len == 7 && !memcmp(key, "context", 7) ? 1 : len == 10 && !memcmp(key, "benchmarks", 10) ? 2 : 0;
	} else if (s->in_context && s->depth == 2) {
		s->context_key = -1;
		for (int i = 0; i < (int)(sizeof config_keys / sizeof *config_keys); i++)
			if (strlen(config_keys[i]) == len && !memcmp(config_keys[i], key, len))
				s->context_key = i;
	} else if (s->in_row && s->depth == 3) {
		s->row_member = member_of(s, (const char *)key, len);
		if (s->row_member == M_AGGREGATE_NAME)
			s->row.aggregate = true;
		if (s->row_member == M_COUNTER) {
			if (len >= sizeof s->row_key)
				len = sizeof s->row_key - 1;
			memcpy(s->row_key, key, len);
			s->row_key_len = len;
		}
	}
	return 1;
}

static int on_start_map(void *arg)
{
	struct parse_state *s = arg;
	s->depth++;
	if (s->depth == 2 && s->top_key == 1) {
		s->in_context = true;
		s->nconfig = 0;
		s->config_id_valid = false;
	} else if (s->depth == 2 && s->top_key == 2)
		return fail(s, hb_xasprintf("%s: \"benchmarks\" is not an array", s->path));
	else if (s->depth == 3 && s->in_benchmarks) {
		s->in_row = true;
		s->row_index++;
		struct counter *keep = s->row.counters;
		size_t keep_cap = s->row.counters_cap;
		s->row = (struct row){0};
		s->row.counters = keep;
		s->row.counters_cap = keep_cap;
		s->row_member = M_NOT_A_COUNTER;
	}
	return 1;
}

static int on_end_map(void *arg)
{
	struct parse_state *s = arg;
	int ok = 1;
	if (s->depth == 3 && s->in_row) {
		s->in_row = false;
		ok = finish_row(s);
	} else if (s->depth == 2 && s->in_context) {
		s->in_context = false;
		s->config_final = true;
	}
	s->depth--;
	return ok;
}

static int on_start_array(void *arg)
{
	struct parse_state *s = arg;
	s->depth++;
	if (s->depth == 1)
		return fail(s, hb_xasprintf("%s: not Google Benchmark JSON: the top level is an array, not an object", s->path));
	if (s->depth == 2 && s->top_key == 2) {
		s->in_benchmarks = true;
		s->saw_benchmarks = true;
	} else if (s->depth == 3 && s->in_benchmarks) {
		return fail(s, hb_xasprintf("%s: benchmark #%zu is not an object", s->path, s->row_index + 1));
	}
	return 1;
}

static int on_end_array(void *arg)
{
	struct parse_state *s = arg;
	if (s->depth == 2 && s->in_benchmarks)
		s->in_benchmarks = false;
	s->depth--;
	return 1;
}

static int on_scalar_in_benchmarks(struct parse_state *s)
{
	if (s->in_benchmarks && s->depth == 2)
		return fail(s, hb_xasprintf("%s: benchmark #%zu is not an object", s->path, s->row_index + 1));
	return 1;
}

static int on_null_checked(void *arg)
{
	return on_scalar_in_benchmarks(arg) && on_null(arg);
}

static int on_boolean_checked(void *arg, int value)
{
	return on_scalar_in_benchmarks(arg) && on_boolean(arg, value);
}

static int on_number_checked(void *arg, const char *text, size_t len)
{
	return on_scalar_in_benchmarks(arg) && on_number(arg, text, len);
}

static int on_string_checked(void *arg, const unsigned char *text, size_t len)
{
	return on_scalar_in_benchmarks(arg) && on_string(arg, text, len);
}

static const yajl_callbacks callbacks = {
	.yajl_null = on_null_checked,
	.yajl_boolean = on_boolean_checked,
	.yajl_number = on_number_checked,
	.yajl_string = on_string_checked,
	.yajl_start_map = on_start_map,
	.yajl_map_key = on_map_key,
	.yajl_end_map = on_end_map,
	.yajl_start_array = on_start_array,
	.yajl_end_array = on_end_array,
};

static char *syntax_error(yajl_handle h, const char *path, size_t offset, bool at_end)
{
	unsigned char *msg = yajl_get_error(h, 0, NULL, 0);
	char *text = hb_xstrdup((const char *)msg);
	yajl_free_error(h, msg);
	size_t len = strlen(text);
	while (len && (text[len - 1] == '\n' || text[len - 1] == '.' || text[len - 1] == ' '))
		text[--len] = '\0';
	char where[64];
	hb_input_describe_offset(path, offset, where, sizeof where);
	char *error = at_end ? hb_xasprintf("%s: truncated: the JSON text ends early, at %s (%s)", path, where, text)
			     : hb_xasprintf("%s: malformed JSON at %s: %s", path, where, text);
	free(text);
	return error;
}

static void free_state(struct parse_state *s)
{
	for (size_t i = 0; i < s->nstaged; i++)
		free(s->staged[i].values);
	free(s->staged);
	free(s->values);
	free(s->config);
	free(s->row.counters);
}

int hb_read_gbench_json(struct hb_input *in, struct hb_read_context *ctx, char **error)
{
	struct parse_state s = {.ctx = ctx, .path = in->path, .context_key = -1};
	for (size_t i = 0; i < NMEMBERS; i++)
		member_lengths[i] = strlen(members[i].key);
	s.sec_per_op = hb_intern_cstr(ctx->in, "sec/op");
	s.bytes_per_second = hb_intern_cstr(ctx->in, "B/s");
	hb_collector_observe_unit(ctx->collector, s.sec_per_op);
	hb_collector_observe_unit(ctx->collector, s.bytes_per_second);
	yajl_handle h = yajl_alloc(&callbacks, NULL, &s);
	struct hb_json_lexstate lex = {0};
	int rc = 0;
	for (;;) {
		size_t ready = hb_json_rewrite_nonfinite(&lex, in->buf, in->len, in->eof);
		if (ready) {
			yajl_status st = yajl_parse(h, (const unsigned char *)in->buf, ready);
			if (st != yajl_status_ok) {
				size_t consumed = yajl_get_bytes_consumed(h);
				if (st == yajl_status_client_canceled || s.error) {
					*error = s.error ? s.error : hb_xasprintf("%s: malformed", in->path);
					s.error = NULL;
				} else {
					*error = syntax_error(h, in->path, in->offset + consumed, false);
				}
				rc = -1;
				break;
			}
			hb_input_consume(in, ready);
		}
		if (in->eof)
			break;
		if (hb_input_advance(in, error) < 0) {
			rc = -1;
			break;
		}
	}
	if (rc == 0 && yajl_complete_parse(h) != yajl_status_ok) {
		if (s.error) {
			*error = s.error;
			s.error = NULL;
		} else {
			*error = syntax_error(h, in->path, in->offset, true);
		}
		rc = -1;
	}
	if (rc == 0 && !s.saw_benchmarks) {
		*error = hb_xasprintf("%s: not Google Benchmark JSON: no \"benchmarks\" array", in->path);
		rc = -1;
	}
	if (rc == 0) {
		note_failure(&s);
		s.config_final = true;
		for (size_t i = 0; i < s.nstaged; i++)
			deliver(&s, s.staged[i].name, s.staged[i].values, s.staged[i].n);
		if (s.nonfinite)
			fprintf(ctx->notes, "hbstat: %s: %zu NaN or infinite values left out\n", in->path, s.nonfinite);
		if (!s.iteration_rows)
			fprintf(ctx->notes, "hbstat: %s: no iteration rows\n", in->path);
	}
	free(s.error);
	free_state(&s);
	yajl_free(h);
	return rc;
}

/* cli.c — flag parsing as Go's flag package does it, and the help text. */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exact_tables.h"
#include "formats.h"
#include "history.h"
#include "history_formats.h"
#include "padjust.h"
#include "xalloc.h"

static const char usage_head[] =
    "usage: hbstat [flags] [label=]FILE...\n"
    "\n"
    "Summarises benchmark repetitions as Go's benchstat does: the median of each benchmark with its\n"
    "confidence interval and, with several inputs, a Mann-Whitney U test of every later input against\n"
    "the first (\"~\" when the difference is not significant), plus a geomean row. Reads Google\n"
    "Benchmark JSON and Go benchmark text (\"BenchmarkX-8  100  123 ns/op\"), told apart by content.\n"
    "FILE may be \"-\" for standard input; label=FILE names its column; inputs with the same label pool.\n"
    "Inputs are streamed (memory follows the rows kept, not the input's size), and refused with one\n"
    "line as soon as they pass a limit: a Go text line of 1 MiB (1048576 bytes, newline excluded), a\n"
    "JSON string of 1 MiB, JSON nested 64 levels deep, 1 MiB of blank space before any content.\n"
    "A FIFO is read as a stream (one with no writer yet reads as empty); a directory is refused.\n"
    "Google Benchmark JSON from hashbench may carry its run's machine variation (context key\n"
    "machine_variation: how far apart a fixed reference loop's repetitions came out over the run);\n"
    "text, markdown and html then begin with \"this machine varied 12.3% during the run (...)\", json\n"
    "adds it to every record; inputs without it print exactly what benchstat would.\n"
    "\n"
    "flags (Go syntax: -col /load, -col=/load and --col /load are the same; flags come before\n"
    "the files, and \"--\" ends them):\n"
    "  -col KEYS       split results into columns by KEYS (default .file)\n"
    "                    hbstat -col /load run.json      compares load:cpu with load:ram\n"
    "  -row KEYS       split results into rows by KEYS (default .fullname)\n"
    "                    hbstat -row .name -col /algo run.json\n"
    "  -table KEYS     split results into tables by KEYS; one table per unit too (default .config)\n"
    "                    hbstat -table /size run.json\n"
    "                  KEYS: comma- or space-separated .name (name before the first /), .fullname,\n"
    "                  .file, .config (all file configuration), /KEY (a key=value or key:value part\n"
    "                  of the name) or a configuration key such as cpu_model. Values sort in order\n"
    "                  of first appearance, or as a KEY@ORDER says: @alpha (alphabetical), @num\n"
    "                  (numbers ascending, 4k and 4Ki read as 4000 and 4096; then the rest), or\n"
    "                  @(V1 V2 ...) (as listed; results with other values are left out)\n"
    "                    hbstat -row /algo@alpha,/impl -col /size@num run.json\n"
    "                    hbstat -col '/impl@(generic sse42 avx2)' -row /algo run.json\n"
    "  -filter EXPR    use only results matching EXPR: key:value, key:\"quoted\", key:/regexp/,\n"
    "                  key:(a OR b), *, combined with AND (or juxtaposition), OR, -, (...);\n"
    "                  keys as above plus .unit; regexps are POSIX extended, unanchored\n"
    "                  (default *)\n"
    "                    hbstat -filter '/algo:(crc32c OR xxh64) -/load:ram' old.json new.json\n"
    "  -ignore KEYS    ignore differences in KEYS when grouping\n"
    "                    hbstat -row .name -ignore .fullname run.json\n"
    "  -alpha A        a change is significant if p <= A (default 0.05)\n"
    "                    hbstat -alpha 0.01 old.json new.json\n"
    "  -confidence L   confidence level of the median's interval (default 0.95)\n"
    "                    hbstat -confidence 0.99 run.json\n"
    "  -noisy PCT      footnote every cell whose samples' coefficient of variation (standard\n"
    "                  deviation / mean) exceeds PCT percent; not in benchstat (default 0: off)\n"
    "                    hbstat -noisy 5 run.json\n"
    "  -uncertain PCT  footnote every cell whose median's confidence interval reaches more than\n"
    "                  PCT percent from the median on either side (the ± figure), a cell that\n"
    "                  -noisy has footnoted excepted: how far a ranking can trust the median,\n"
    "                  where -noisy says how much the samples spread; not in benchstat\n"
    "                  (default 0: off)\n"
    "                    hbstat -confidence 0.9 -uncertain 5 -rank run.json\n"
    "  -rank           order each table's rows by the first column's median, best first: lowest\n"
    "                  sec/op, B/op, allocs/op ..., highest B/s (units ending in /s); rows\n"
    "                  without a first-column value last; the geomean row stays last; works in\n"
    "                  every -format; not in benchstat\n"
    "                    hbstat -rank -filter '/size:16' -row /algo,/impl run.json\n"
    "  -ranks          within each table and column, every row's rank interval and the best set\n"
    "                  (the fastest, for times and rates): the rows that could be the best at\n"
    "                  95%, simultaneously over all rows, and for each row the ranks it could\n"
    "                  hold, from the inputs' medians (each input one process of a replicated\n"
    "                  run, a row's values from one input paired with the other rows'; a\n"
    "                  bootstrap of the largest standardised pairwise difference, stepped down:\n"
    "                  docs/statistics.md, \"Rankings\"). Implies -sample input (or takes\n"
    "                  paired); needs at least 2 inputs per column. Text: a rank column\n"
    "                  (\"[1,3]\", \"*\" for the best set) and under each table one line naming\n"
    "                  the set; csv, tsv, markdown, html: rank and best columns; json: rank_lo,\n"
    "                  rank_hi, fastest. Overlapping intervals alone say nothing of a ranking;\n"
    "                  not in benchstat\n"
    "                    hbstat -ranks -rank -row /algo,/impl run=p1.json run=p2.json run=p3.json\n"
    "  -ranks-filter EXPR\n"
    "                  under -ranks, rank only the results EXPR selects (the -filter language);\n"
    "                  the other rows stay in the tables without a rank, as floors and ceilings do\n"
    "                    hbstat -ranks -ranks-filter '-.name:baseline' run=p1.json run=p2.json\n"
    "  -sample S       what one sample is: repetition (default, as benchstat: every repetition\n"
    "                  of every input), or input: the median of each input's repetitions, one\n"
    "                  sample per input, so that the U test compares independent runs (one\n"
    "                  process per file) instead of repetitions that share one process; or\n"
    "                  paired: one sample per input as with input, and the k-th input of each\n"
    "                  label (label=FILE; the label's k-th appearance, counting from 1) is paired\n"
    "                  with the k-th input of the first column's label, so that runs from the\n"
    "                  same round of an A/B run are compared with each other (below, a1 with b1\n"
    "                  and a2 with b2): p comes from the Wilcoxon signed-rank test of the log\n"
    "                  ratios ln(new_k/old_k) over the k both cells have (values > 0; equal\n"
    "                  pairs dropped, as the test drops them), and n counts the pairs used;\n"
    "                  the delta is the test's own estimate of the ratio (Hodges-Lehmann: the\n"
    "                  median of the pairwise means of the log ratios), so its sign is the\n"
    "                  test's; medians and ± are as with input; a footnote names the test; not\n"
    "                  in benchstat\n"
    "  -pair-block N   under -sample paired, N consecutive pairs (inputs 1..N of each label, then\n"
    "                  N+1..2N, ...) make one pair, their mean log ratio, and a block missing a\n"
    "                  pair is dropped: for a duet run (scripts/ab.sh --duet) the two rounds of a\n"
    "                  block put each side once on each CPU, so that a CPU faster for the whole\n"
    "                  run cancels within the pair instead of spreading the pairs (default 1)\n"
    "                    hbstat -sample input old=a1.json old=a2.json new=b1.json new=b2.json\n"
    "                    hbstat -sample paired old=a1.json old=a2.json new=b1.json new=b2.json\n"
    "  -adjust M       adjust p-values for multiple comparisons over each unit's family (every\n"
    "                  comparison of that unit in the output): none (default), holm (family-wise\n"
    "                  error) or bh (Benjamini-Hochberg, false discovery rate); p= then shows the\n"
    "                  adjusted p, which decides significance, and a footnote names the method\n"
    "                  and the family size; not in benchstat\n"
    "                    hbstat -adjust holm old.json new.json\n"
    "  -detectable     after every \"~\", the smallest change that this comparison would have\n"
    "                  detected with 80% power (\", ≥1.8%\"; \"none detectable\" when the sample\n"
    "                  sizes cannot reach the level at all), at alpha, or alpha/m under -adjust\n"
    "                  (m the family size); a resampling estimate from both sides' spread and n\n"
    "                  (under -sample paired, from the spread of the pairs' log ratios);\n"
    "                  in json as \"detectable\" (percent); not in benchstat\n"
    "                    hbstat -sample input -adjust holm -detectable old=*.old.json new=*.new.json\n"
    "  -delta-ci       in text, after each comparison's p and n, the change's own estimate and\n"
    "                  confidence interval at -confidence (\"shift -3.1% [-4.0, -2.2]\"), which\n"
    "                  the tsv, json, markdown and html formats always give: the Hodges-Lehmann\n"
    "                  estimate of the shift of ln(value) (new against old), from the median of\n"
    "                  all pairwise differences with the interval that inverts the U test, or\n"
    "                  under -sample paired from the Walsh averages of the pairs' log ratios with\n"
    "                  the signed-rank test's interval, shown as exp(shift) - 1 in percent;\n"
    "                  \"[too few samples]\" when no interval reaches the confidence; without the\n"
    "                  flag text is exactly benchstat's; not in benchstat\n"
    "                    hbstat -delta-ci -sample paired old=a1.json old=a2.json new=b1.json new=b2.json\n"
    "  -exact-change PCT\n"
    "                  counted inputs (Google Benchmark JSON whose context says hashbench_measure:\n"
    "                  instructions: instruction counts under valgrind) are exact: their times\n"
    "                  under valgrind are left out, and instructions/op, instructions/B and\n"
    "                  estimated-cycles/op are compared as the exact difference in percent, no\n"
    "                  test and no p (\"exact\" where p would be); a row is a change when the\n"
    "                  difference exceeds PCT percent (default 0.02: three instructions in a call\n"
    "                  of FNV-1a over 1 KiB, about 0.07%, are a change). A side whose inputs\n"
    "                  counted differently (old=a1.json old=a2.json pool) is \"not repeatable\":\n"
    "                  reported, not compared. Counted and timed inputs in one run are refused;\n"
    "                  not in benchstat\n"
    "                    hbstat -exact-change 0.05 old=a1.json old=a2.json new=b1.json new=b2.json\n";

/* After the -format entry, which the table of formats writes. */
static const char usage_tail[] =
    "                    hbstat -format csv old.json new.json > diff.csv\n"
    "  -metric M       real_time (default) or cpu_time: which Google Benchmark time becomes sec/op\n"
    "                    hbstat -metric cpu_time run.json\n"
    "  -context KEY    print the member KEY of a Google Benchmark JSON file's context (one FILE)\n"
    "                  instead of tables: a string as it is, a number or boolean as written; KEY *\n"
    "                  prints every member as KEY<tab>VALUE lines in the file's order. Arrays,\n"
    "                  objects and nulls (caches) are left out; \\, tab and newline in a value are\n"
    "                  written \\\\, \\t, \\n. Exit status 1 when the file has no member KEY; not in\n"
    "                  benchstat\n"
    "                    hbstat -context cpu_model run.json\n"
    "                    hbstat -context '*' run.json > context.tsv\n"
    "  --fail-on-regression PCT\n"
    "                  exit with status 1 when a change significant after adjustment goes the\n"
    "                  worse way (slower sec/op, B/op, ...; lower B/s) by more than PCT percent;\n"
    "                  each such row is named on stderr with its adjusted p. The adjustment is\n"
    "                  Holm's (unless -adjust says otherwise) over every comparison of every unit\n"
    "                  together, so a false trip on identical code stays at -alpha per run; an exact\n"
    "                  comparison (counted inputs) is one when it is a change (-exact-change) going\n"
    "                  the worse way by more than PCT (0 gates on every such change)\n"
    "                    hbstat --fail-on-regression 5 base.json head.json\n"
    "  --output FORMAT=FILE\n"
    "                  also write the tables in FORMAT (any -format above) to FILE; repeatable, so\n"
    "                  that one run writes several formats from one reading of the inputs. With\n"
    "                  --output, standard output gets nothing unless -format is given. Each FILE\n"
    "                  is written to a temporary file beside it and renamed into place (replacing\n"
    "                  one already there) once every FILE is written; on an error none is\n"
    "                  touched. Not with -history or -context; not in benchstat\n"
    "                    hbstat -format text --output tsv=t.tsv --output json=t.json old.json new.json\n";

/* -history's entry, wrapped by hb_help_entry; its formats follow from their table. */
static const char usage_history[] =
    "read the inputs as a history of RUNs and report where each benchmark's speed changed, not "
    "in benchstat. A RUN is a folder holding run.json or run.json.gz, or such a file (any name, "
    "gzipped or not); at least two. A run's value of a benchmark is the median of its repetitions "
    "(repetitions in one process are not independent), one series per benchmark and unit: every "
    "unit the runs have, sec/op first (-filter '.unit:sec/op' keeps one; -filter and -metric work "
    "as above). A series is cut where the machine or build changes (any of the context's host_name, "
    "num_cpus, cpu_model, compiler, cxx_compiler, c_flags, cxx_flags, build_type, sanitizers): that "
    "is reported as a change of configuration, never of speed, and each piece is searched on its "
    "own. Change points come from E-divisive (Matteson and James 2014) on the ranks of the runs' "
    "values, at least 3 runs a side, with a permutation test from a fixed seed; a run far from its "
    "neighbours on both sides (a spike) is left out of the search, so one odd run is never a change, "
    "and the drift that every benchmark of a run shares (the machine's), estimated from the series "
    "without a change, is taken out first. A unit's series are one family of m pieces: a piece's "
    "first split is kept at a Holm-adjusted p <= -alpha, further splits at p <= alpha/m, so that a "
    "false change among a unit's series stays near -alpha (docs/history.md). A change point "
    "shows its run (from 0: the first run after it), its commit (the context's hashbench_version, "
    "else the run's folder name), the medians of the runs before and after it (up to the next "
    "change) with their -confidence intervals, the change after/before - 1 of the medians (+ is "
    "slower for sec/op, faster for B/s), p, and the runs on each side. "
    "Counted runs (hashbench_measure: instructions) are exact: a change is where a run's count "
    "leaves its stretch's first by more than -exact-change, with no test (p null); counted and timed "
    "runs are not mixed in one history. "
    "-format under -history: ";

static const char usage_order[] =
    "the order of -history's runs: given (default: as on the command line), date (the context's "
    "date, as Google Benchmark writes it) or commit (hashbench_version, a git describe TAG-N-gHASH: "
    "by tag as a version, then by N; a bare hash has no place and is refused); runs with equal keys "
    "keep the order given";

static const char usage_end[] =
    "  -h, --help      show this help\n"
    "  --version       show the version\n"
    "\n"
    "Exit status: 0 done, 1 a regression beyond --fail-on-regression, 2 bad flags or input.\n";

enum flag_kind { FLAG_STRING, FLAG_NUMBER, FLAG_BOOL, FLAG_OUTPUT };

struct flag {
    const char *name;
    enum flag_kind kind;
    size_t offset; /* of the field in struct hb_options */
};

#define FIELD(f) offsetof(struct hb_options, f)
static const struct flag flags[] = {
    {"col", FLAG_STRING, FIELD(col)},
    {"row", FLAG_STRING, FIELD(row)},
    {"table", FLAG_STRING, FIELD(table)},
    {"filter", FLAG_STRING, FIELD(filter)},
    {"ignore", FLAG_STRING, FIELD(ignore)},
    {"format", FLAG_STRING, FIELD(format)},
    {"metric", FLAG_STRING, FIELD(metric)},
    {"alpha", FLAG_NUMBER, FIELD(alpha)},
    {"confidence", FLAG_NUMBER, FIELD(confidence)},
    {"noisy", FLAG_NUMBER, FIELD(noisy_pct)},
    {"uncertain", FLAG_NUMBER, FIELD(uncertain_pct)},
    {"fail-on-regression", FLAG_NUMBER, FIELD(regression_pct)},
    {"exact-change", FLAG_NUMBER, FIELD(exact_change)},
    {"rank", FLAG_BOOL, FIELD(rank)},
    {"ranks", FLAG_BOOL, FIELD(ranks)},
    {"ranks-filter", FLAG_STRING, FIELD(ranks_filter)},
    {"adjust", FLAG_STRING, FIELD(adjust)},
    {"sample", FLAG_STRING, FIELD(sample)},
    {"pair-block", FLAG_NUMBER, FIELD(pair_block)},
    {"detectable", FLAG_BOOL, FIELD(detectable)},
    {"delta-ci", FLAG_BOOL, FIELD(delta_ci)},
    {"history", FLAG_BOOL, FIELD(history)},
    {"order", FLAG_STRING, FIELD(order)},
    {"context", FLAG_STRING, FIELD(context)},
    {"h", FLAG_BOOL, FIELD(help)},
    {"help", FLAG_BOOL, FIELD(help)},
    {"version", FLAG_BOOL, FIELD(version)},
    {"output", FLAG_OUTPUT, FIELD(outputs)},
};

void hb_usage(struct hb_strbuf *out)
{
    hb_strbuf_puts(out, usage_head);
    hb_format_help(out);
    hb_strbuf_puts(out, usage_tail);
    struct hb_strbuf text = {0};
    hb_strbuf_puts(&text, usage_history);
    hb_history_format_help(&text);
    hb_help_entry(out, "-history", hb_strbuf_cstr(&text));
    hb_strbuf_puts(out, "                    hbstat -history results/*/\n"
                        "                    hbstat -history -order date -filter '.unit:sec/op' -format tsv runs/* > "
                        "series.tsv\n");
    hb_help_entry(out, "-order O", usage_order);
    hb_strbuf_puts(out, "                    hbstat -history -order date runs/*\n");
    hb_strbuf_free(&text);
    hb_strbuf_puts(out, usage_end);
}

static int set_flag(struct hb_options *o, const struct flag *f, const char *value, char **error)
{
    void *field = (char *)o + f->offset;
    if (f->kind == FLAG_BOOL) {
        if (value && strcmp(value, "true") != 0 && strcmp(value, "1") != 0 && strcmp(value, "false") != 0 &&
            strcmp(value, "0") != 0) {
            *error = hb_xasprintf("invalid boolean value \"%s\" for -%s", value, f->name);
            return -1;
        }
        *(bool *)field = !value || strcmp(value, "true") == 0 || strcmp(value, "1") == 0;
        return 0;
    }
    if (f->kind == FLAG_STRING) {
        *(const char **)field = value;
        return 0;
    }
    if (f->kind == FLAG_OUTPUT) {
        char why[512];
        if (!hb_out_files_add(field, value, why, sizeof why)) {
            *error = hb_xasprintf("--output: %s", why);
            return -1;
        }
        return 0;
    }
    char *end;
    double x = strtod(value, &end);
    if (!*value || *end || !isfinite(x)) {
        *error = hb_xasprintf("invalid value \"%s\" for -%s: not a number", value, f->name);
        return -1;
    }
    *(double *)field = x;
    if (f->offset == FIELD(regression_pct))
        o->gate = true;
    return 0;
}

/* The flags -history has no use for: each is refused rather than silently ignored. */
static const char *const not_for_history[] = {
    "col",     "row",          "table",    "ignore", "noisy",      "rank",
    "ranks",   "ranks-filter", "adjust",   "sample", "detectable", "fail-on-regression",
    "context", "exact-change", "delta-ci", "output", "pair-block"};

bool hb_option_given(const struct hb_options *o, const char *name)
{
    for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
        if (strcmp(flags[k].name, name) == 0)
            return o->given >> k & 1;
    return false;
}

static int check_history(const struct hb_options *o, char **error)
{
    enum hb_run_order order;
    for (size_t i = 0; i < sizeof not_for_history / sizeof *not_for_history; i++)
        if (hb_option_given(o, not_for_history[i])) {
            *error = hb_xasprintf("-history does not take -%s", not_for_history[i]);
            return -1;
        }
    if (hb_run_order_parse(o->order, &order))
        *error = hb_xasprintf("-order must be given, date or commit, not \"%s\"", o->order);
    else if (!hb_history_format_find(o->format)) {
        struct hb_strbuf names = {0};
        hb_history_format_names(&names);
        *error = hb_xasprintf("-format under -history must be %s, not \"%s\"", hb_strbuf_cstr(&names), o->format);
        hb_strbuf_free(&names);
    } else if (o->ninputs < 2)
        *error = hb_xasprintf("-history needs at least 2 runs to compare, got %zu", o->ninputs);
    else
        return 0;
    return -1;
}

/* Every --output's FORMAT is one of -format's (under -history, check_history refuses --output). */
static int check_outputs(const struct hb_options *o, char **error)
{
    for (size_t i = 0; i < o->outputs.n && !o->history; i++)
        if (!hb_format_find(o->outputs.v[i].format)) {
            struct hb_strbuf names = {0};
            hb_format_names(&names);
            *error = hb_xasprintf("--output: the format must be %s, not \"%s\"", hb_strbuf_cstr(&names),
                                  o->outputs.v[i].format);
            hb_strbuf_free(&names);
            return -1;
        }
    return 0;
}

static int check_options(const struct hb_options *o, char **error)
{
    enum hb_adjust method;
    if (hb_option_given(o, "order") && !o->history)
        *error = hb_xasprintf("-order needs -history");
    else if (o->alpha < 0 || o->alpha > 1)
        *error = hb_xasprintf("-alpha must be in range [0, 1]");
    else if (o->confidence < 0 || o->confidence > 1)
        *error = hb_xasprintf("-confidence must be in range [0, 1]");
    else if (o->noisy_pct < 0)
        *error = hb_xasprintf("-noisy must be a percentage >= 0");
    else if (o->uncertain_pct < 0)
        *error = hb_xasprintf("-uncertain must be a percentage >= 0");
    else if (o->exact_change < 0)
        *error = hb_xasprintf("-exact-change must be a percentage >= 0");
    else if (o->gate && o->regression_pct < 0)
        *error = hb_xasprintf("--fail-on-regression must be a percentage >= 0");
    else if (o->adjust && hb_adjust_parse(o->adjust, &method))
        *error = hb_xasprintf("-adjust must be none, holm or bh, not \"%s\"", o->adjust);
    else if (strcmp(o->sample, "repetition") != 0 && strcmp(o->sample, "input") != 0 &&
             strcmp(o->sample, "paired") != 0)
        *error = hb_xasprintf("-sample must be repetition, input or paired, not \"%s\"", o->sample);
    else if (o->pair_block < 1 || o->pair_block > 64 || o->pair_block != floor(o->pair_block))
        *error = hb_xasprintf("-pair-block must be a whole number of pairs from 1 to 64, not %g", o->pair_block);
    else if (o->pair_block > 1 && strcmp(o->sample, "paired") != 0)
        *error = hb_xasprintf("-pair-block groups the pairs of -sample paired: it needs -sample paired");
    else if (o->ranks_filter && !o->ranks)
        *error = hb_xasprintf("-ranks-filter needs -ranks");
    else if (o->ranks && strcmp(o->sample, "repetition") == 0)
        *error = hb_xasprintf("-ranks ranks the inputs' medians (one per process): it takes -sample input or "
                              "paired, not repetition");
    else if (strcmp(o->metric, "real_time") != 0 && strcmp(o->metric, "cpu_time") != 0)
        *error = hb_xasprintf("-metric must be real_time or cpu_time, not \"%s\"", o->metric);
    else if (!o->history && !hb_format_find(o->format)) {
        struct hb_strbuf names = {0};
        hb_format_names(&names);
        *error = hb_xasprintf("-format must be %s, not \"%s\"", hb_strbuf_cstr(&names), o->format);
        hb_strbuf_free(&names);
    } else if (o->outputs.n && o->context)
        *error = hb_xasprintf("-context does not take --output");
    else
        return check_outputs(o, error);
    return -1;
}

int hb_parse_args(int argc, char **argv, struct hb_options *o, char **error)
{
    *o = (struct hb_options){.col = ".file",
                             .row = ".fullname",
                             .table = ".config",
                             .filter = "*",
                             .ignore = "",
                             .format = hb_formats[0].name,
                             .metric = "real_time",
                             .sample = "repetition",
                             .pair_block = 1,
                             .order = "given",
                             .alpha = 0.05,
                             .confidence = 0.95,
                             .exact_change = HB_EXACT_CHANGE_DEFAULT};
    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || arg[1] == '\0')
            break;
        if (strcmp(arg, "--") == 0) {
            i++;
            break;
        }
        const char *name = arg + (arg[1] == '-' ? 2 : 1);
        if (!*name || *name == '-' || *name == '=') {
            *error = hb_xasprintf("bad flag syntax: %s", arg);
            return -1;
        }
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const struct flag *f = NULL;
        for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
            if (strlen(flags[k].name) == len && memcmp(flags[k].name, name, len) == 0)
                f = &flags[k];
        if (!f) {
            *error = hb_xasprintf("flag provided but not defined: -%.*s", (int)len, name);
            return -1;
        }
        const char *value = eq ? eq + 1 : NULL;
        if (!value && f->kind != FLAG_BOOL) {
            if (i + 1 >= argc) {
                *error = hb_xasprintf("flag needs an argument: -%s", f->name);
                return -1;
            }
            value = argv[++i];
        }
        if (set_flag(o, f, value, error))
            return -1;
        o->given |= 1UL << (f - flags);
    }
    o->inputs = argv + i;
    o->ninputs = (size_t)(argc - i);
    if (o->help || o->version)
        return 0;
    if (o->ranks && !hb_option_given(o, "sample"))
        o->sample = "input";
    if (check_options(o, error))
        return -1;
    if (o->history)
        return check_history(o, error);
    if (!o->ninputs) {
        *error = hb_xasprintf("no input files");
        return -1;
    }
    return 0;
}

void hb_options_free(struct hb_options *o)
{
    hb_out_files_free(&o->outputs);
}

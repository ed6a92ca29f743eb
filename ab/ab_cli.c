/* ab_cli.c — hbab's commands and their flags. Each command takes only its own flags: any other is
 * refused by name rather than silently ignored. verdict and noise hand their flags to hbstat's
 * parser, then refuse those that would change what they print (-format, -history, ...). */
#include "ab_cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "balanced_order.h"
#include "formats.h"
#include "cli.h"
#include "padjust.h"
#include "tally_modes.h"
#include "xalloc.h"

enum flag_kind { FLAG_NUMBER, FLAG_STRING };

struct flag {
    const char *name;
    enum flag_kind kind;
    size_t offset; /* of the field in struct hb_ab_options */
    bool required;
};

#define FIELD(f) offsetof(struct hb_ab_options, f)
static const struct flag run_order_flags[] = {{"seed", FLAG_STRING, FIELD(seed), true},
                                              {"revisions", FLAG_NUMBER, FIELD(revisions), true},
                                              {"processes", FLAG_NUMBER, FIELD(processes), true},
                                              {NULL, FLAG_NUMBER, 0, false}};
static const struct flag duet_order_flags[] = {{"seed", FLAG_STRING, FIELD(seed), true},
                                               {"processes", FLAG_NUMBER, FIELD(processes), true},
                                               {NULL, FLAG_NUMBER, 0, false}};
static const struct flag pairs_flags[] = {{"rows", FLAG_NUMBER, FIELD(rows), true},
                                          {"alpha", FLAG_NUMBER, FIELD(alpha), false},
                                          {"adjust", FLAG_STRING, FIELD(adjust), false},
                                          {NULL, FLAG_NUMBER, 0, false}};

struct command {
    const char *name;
    enum hb_ab_command id;
    const char *synopsis;     /* after the name, for --help */
    const struct flag *flags; /* a design command's own flags; NULL for the others */
    const char *help;
    const char *example;
};

static const struct command commands[] = {
    {"run-order", HB_AB_RUN_ORDER, "-seed S -revisions K -processes N", run_order_flags,
     "the run order of a sequential A/B run (scripts/ab.sh), one line \"ROUND REVISION\" per process: round 0, "
     "the warm-up, is a random permutation of the revisions 1..K; rounds 1..N then go in blocks of K rounds, each "
     "block a Latin square (the K rotations of a random permutation, in a random order), so that every revision "
     "runs in every place of a round once per block. Drawn from SplitMix64 seeded with S (0 to 2^64 - 1): the "
     "same seed gives the same order on every machine. K is 1 to 100, N 1 to 10000",
     "hbab run-order -seed 7 -revisions 2 -processes 16 > order.txt"},
    {"duet-order", HB_AB_DUET_ORDER, "-seed S -processes N", duet_order_flags,
     "the rounds of a duet run of two revisions (scripts/ab.sh --duet), two lines \"ROUND REVISION SLOT\" per "
     "round in the order the two processes are started: both run at once, revision 1 on one of the two CPUs "
     "(SLOT 1 or 2) and revision 2 on the other, and the sides swap CPUs every round, so that a faster CPU "
     "favours neither; which side starts first is balanced over blocks of four rounds. Round 0 is the warm-up. "
     "Drawn from SplitMix64 seeded with S; N is 1 to 10000",
     "hbab duet-order -seed 7 -processes 32 > order.txt"},
    {"pairs-needed", HB_AB_PAIRS_NEEDED, "-rows M [-alpha A] [-adjust METHOD]", pairs_flags,
     "the pairs of processes a step of scripts/ab.sh --bisect needs: the fewest, even and at least 8, at which a "
     "slowdown seen in every round but one (the odd round's change the third smallest) is significant by the "
     "signed-rank test at -alpha (default 0.05) after -adjust (none, the default, holm or bh) over M rows of which "
     "only that one moved (the bar alpha/M under holm and bh)",
     "hbab pairs-needed -rows 12 -alpha 0.05 -adjust holm"},
    {"verdict", HB_AB_VERDICT, "PCT [hbstat table flags] INPUT...", NULL,
     "the comparison's verdict for a bisection step, from hbstat's tables of the inputs built with the table flags "
     "given (hbstat --help): a TSV of one record after its header line, with the columns verdict (slower when "
     "any row of a later column is slower than the first column, else not-slower), rows (the cells of the later "
     "columns), rows_slower and rows_faster, detectable_max (the largest detectable change, -detectable, of the "
     "rows not slower; 0 when none has one) and summary (\"slower than BASE:\" and one line per slower row with "
     "its change and adjusted p, or \"not slower\" with the faster rows and the range of detectable changes; "
     "BASE is the first column's label; a newline written \\n). A row is slower when its change is significant "
     "after -adjust and goes the worse way (as hbstat --fail-on-regression's) by more than PCT percent, faster "
     "when significant and the better way; an exact comparison (counted inputs) is significant when it is a "
     "change (-exact-change). The rows are those the flags select: -filter .unit:sec/op keeps one unit. Not "
     "with -format, -history, -context, --output or --fail-on-regression",
     "hbab verdict 3 -sample paired -adjust holm -detectable -filter .unit:sec/op \\\n"
     "  good=a1.json good=a2.json new=b1.json new=b2.json"},
    {"noise", HB_AB_NOISE, "[hbstat table flags] INPUT...", NULL,
     "how noisy hbstat's tables of the inputs came out (built with the table flags given), a TSV for scripts "
     "with a line per table and column: unit, column, cells, footnoted (cells footnoted by -noisy or "
     "-uncertain), median_reach_pct (the median of the cells' ± figures), max_over_min (the largest median over "
     "the smallest), intervals_overlap (yes when every interval shares a point with every other), "
     "machine_variation_pct (of the inputs the column is named after; - when none says). Not with -format, "
     "-history, -context, --output or --fail-on-regression",
     "hbab noise -confidence 0.9 -uncertain 5 -filter .unit:sec/op run=run.json"},
    {"tally", HB_AB_TALLY, "MODE ARG...", NULL,
     "one of the figures that scripts/ab-calibrate.sh, scripts/noise-check.sh and scripts/reference.sh need, "
     "computed from the files and values after MODE (no flags):",
     "hbab tally cpu-busy run/machine.txt"},
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

static const char usage_head[] =
    "usage: hbab COMMAND [flags] [arguments]\n"
    "\n"
    "The A/B experiment driver behind scripts/ab.sh, its bisection and its calibration: what an A/B\n"
    "run is to run (the run design), what a run found (verdicts), and the calibration's and noise\n"
    "checks' figures. It reads Google Benchmark JSON and Go benchmark text through hbstat's own\n"
    "reader, statistics and tables, so that its figures are the ones hbstat prints (docs/ab.md).\n"
    "Flags follow Go's syntax, as hbstat's: -seed 7, -seed=7 and --seed 7 are the same.\n"
    "\n"
    "commands:\n";

static const char usage_end[] = "  -h, --help        show this help\n"
                                "  --version         show the version\n"
                                "\n"
                                "Exit status: 0 done, 2 bad flags or input.\n";

void hb_ab_usage(struct hb_strbuf *out)
{
    hb_strbuf_puts(out, usage_head);
    for (size_t c = 0; c < NCOMMANDS; c++) {
        hb_strbuf_printf(out, "  %s %s\n", commands[c].name, commands[c].synopsis);
        struct hb_strbuf text = {0};
        hb_strbuf_puts(&text, commands[c].help);
        if (commands[c].id == HB_AB_TALLY)
            for (size_t i = 0; i < hb_ntally_modes; i++)
                hb_strbuf_printf(&text, "\n%s %s: %s", hb_tally_modes[i].name, hb_tally_modes[i].args,
                                 hb_tally_modes[i].help);
        hb_help_entry(out, "", hb_strbuf_cstr(&text));
        hb_strbuf_free(&text);
        for (const char *line = commands[c].example; *line;) {
            size_t len = strcspn(line, "\n");
            hb_strbuf_printf(out, "                    %.*s\n", (int)len, line);
            line += len + (line[len] == '\n');
        }
    }
    hb_strbuf_puts(out, usage_end);
}

/* A whole number in [lo, hi] given as a flag's value. */
static bool whole(double x, double lo, double hi)
{
    return x == floor(x) && x >= lo && x <= hi;
}

/* -seed's value: decimal digits that fit 64 bits. */
static bool seed_ok(const char *s)
{
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return false;
    static const char max[] = "18446744073709551615";
    size_t len = strlen(s);
    while (len > 1 && *s == '0')
        s++, len--;
    return len < sizeof max - 1 || (len == sizeof max - 1 && strcmp(s, max) <= 0);
}

/* A design command's flags, Go's syntax, into o; every flag must be the command's own, the
 * required ones given, and nothing left after them. */
static int parse_design_flags(const struct command *cmd, int argc, char **argv, struct hb_ab_options *o, char **error)
{
    bool given[8] = {false};
    int i = 0;
    for (; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            i++;
            break;
        }
        if (arg[0] != '-' || arg[1] == '\0')
            break;
        const char *name = arg + (arg[1] == '-' ? 2 : 1), *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const struct flag *f = NULL;
        for (const struct flag *g = cmd->flags; g->name; g++)
            if (strlen(g->name) == len && memcmp(g->name, name, len) == 0)
                f = g;
        if (f == NULL) {
            *error = hb_xasprintf("%s does not take -%.*s", cmd->name, (int)len, name);
            return -1;
        }
        const char *value = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (value == NULL) {
            *error = hb_xasprintf("flag needs an argument: -%s", f->name);
            return -1;
        }
        void *field = (char *)o + f->offset;
        if (f->kind == FLAG_STRING) {
            *(const char **)field = value;
        } else {
            char *end;
            double x = strtod(value, &end);
            if (!*value || *end || !isfinite(x)) {
                *error = hb_xasprintf("invalid value \"%s\" for -%s: not a number", value, f->name);
                return -1;
            }
            *(double *)field = x;
        }
        given[f - cmd->flags] = true;
    }
    if (i < argc) {
        *error = hb_xasprintf("%s reads no files, but \"%s\" was given", cmd->name, argv[i]);
        return -1;
    }
    for (const struct flag *f = cmd->flags; f->name; f++)
        if (f->required && !given[f - cmd->flags]) {
            *error = hb_xasprintf("%s needs -%s", cmd->name, f->name);
            return -1;
        }
    return 0;
}

static int check_design(const struct hb_ab_options *o, char **error)
{
    enum hb_adjust method;
    if ((o->command == HB_AB_RUN_ORDER || o->command == HB_AB_DUET_ORDER) && !seed_ok(o->seed))
        *error = hb_xasprintf("-seed must be a whole number from 0 to 18446744073709551615, not \"%s\"", o->seed);
    else if (o->command == HB_AB_RUN_ORDER && !whole(o->revisions, 1, HB_ORDER_MAX_REVISIONS))
        *error = hb_xasprintf("-revisions must be a whole number from 1 to %d, not %g", HB_ORDER_MAX_REVISIONS,
                              o->revisions);
    else if ((o->command == HB_AB_RUN_ORDER || o->command == HB_AB_DUET_ORDER) &&
             !whole(o->processes, 1, HB_ORDER_MAX_ROUNDS))
        *error =
            hb_xasprintf("-processes must be a whole number from 1 to %d, not %g", HB_ORDER_MAX_ROUNDS, o->processes);
    else if (o->command == HB_AB_PAIRS_NEEDED && !whole(o->rows, 1, 1e6))
        *error = hb_xasprintf("-rows must be a whole number from 1 to 1000000, not %g", o->rows);
    else if (o->command == HB_AB_PAIRS_NEEDED && !(o->alpha > 0 && o->alpha <= 1))
        *error = hb_xasprintf("-alpha must be above 0 and at most 1, not %g", o->alpha);
    else if (o->command == HB_AB_PAIRS_NEEDED && o->adjust && hb_adjust_parse(o->adjust, &method))
        *error = hb_xasprintf("-adjust must be none, holm or bh, not \"%s\"", o->adjust);
    else
        return 0;
    return -1;
}

/* The hbstat flags verdict and noise refuse: each would change what they print, or print nothing
 * of theirs. */
static const char *const not_for_judging[] = {"format", "history", "context", "fail-on-regression", "output"};

/* verdict's and noise's flags through hbstat's parser (argv[0] names the command in its messages). */
static int parse_table_flags(const struct command *cmd, int argc, char **argv, struct hb_ab_options *o, char **error)
{
    if (hb_parse_args(argc, argv, &o->table, error))
        return -1;
    for (size_t i = 0; i < sizeof not_for_judging / sizeof *not_for_judging; i++)
        if (hb_option_given(&o->table, not_for_judging[i])) {
            *error = hb_xasprintf("%s does not take -%s", cmd->name, not_for_judging[i]);
            return -1;
        }
    if (o->table.help || o->table.version) {
        *error = hb_xasprintf("%s does not take -%s (hbab --help)", cmd->name, o->table.help ? "help" : "version");
        return -1;
    }
    return 0;
}

static int parse_tally(int argc, char **argv, struct hb_ab_options *o, char **error)
{
    if (argc < 1) {
        *error = hb_xasprintf("tally needs a MODE");
        return -1;
    }
    o->tally = argv[0];
    const struct hb_tally_mode *mode = hb_tally_find(o->tally);
    if (mode == NULL) {
        struct hb_strbuf names = {0};
        for (size_t i = 0; i < hb_ntally_modes; i++)
            hb_strbuf_printf(&names, "%s%s", i ? ", " : "", hb_tally_modes[i].name);
        *error = hb_xasprintf("tally's MODE must be one of %s, not \"%s\"", hb_strbuf_cstr(&names), o->tally);
        hb_strbuf_free(&names);
        return -1;
    }
    o->args = argv + 1;
    o->nargs = (size_t)(argc - 1);
    for (size_t i = 0; i < o->nargs; i++)
        if (o->args[i][0] == '-' && o->args[i][1] != '\0') {
            *error = hb_xasprintf("tally takes no flags, but \"%s\" was given", o->args[i]);
            return -1;
        }
    if (o->nargs == mode->nargs)
        return 0;
    *error = hb_xasprintf("tally %s takes %s, got %zu arguments", mode->name, mode->args, o->nargs);
    return -1;
}

int hb_ab_parse_args(int argc, char **argv, struct hb_ab_options *o, char **error)
{
    *o = (struct hb_ab_options){.alpha = 0.05};
    if (argc < 2) {
        *error = hb_xasprintf("no command");
        return -1;
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-help") == 0) {
        o->help = true;
        return 0;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-version") == 0) {
        o->version = true;
        return 0;
    }
    const struct command *cmd = NULL;
    for (size_t c = 0; c < NCOMMANDS; c++)
        if (strcmp(commands[c].name, name) == 0)
            cmd = &commands[c];
    if (cmd == NULL) {
        struct hb_strbuf names = {0};
        for (size_t c = 0; c < NCOMMANDS; c++)
            hb_strbuf_printf(&names, "%s%s", c == 0 ? "" : c + 1 == NCOMMANDS ? " or " : ", ", commands[c].name);
        *error = hb_xasprintf("unknown command \"%s\" (%s)", name, hb_strbuf_cstr(&names));
        hb_strbuf_free(&names);
        return -1;
    }
    o->command = cmd->id;
    if (cmd->flags)
        return parse_design_flags(cmd, argc - 2, argv + 2, o, error) || check_design(o, error) ? -1 : 0;
    if (cmd->id == HB_AB_TALLY)
        return parse_tally(argc - 2, argv + 2, o, error);
    int first = 2;
    if (cmd->id == HB_AB_VERDICT) {
        char *end;
        const char *pct = argc > 2 ? argv[2] : "";
        o->min_change = strtod(pct, &end);
        if (!*pct || *end || !isfinite(o->min_change) || o->min_change < 0) {
            *error = argc > 2 ? hb_xasprintf("verdict's PCT must be a percentage >= 0, not \"%s\"", pct)
                              : hb_xasprintf("verdict needs PCT, the change beyond which a row is slower");
            return -1;
        }
        first = 3;
    }
    /* hbstat's parser reads from argv[1]: the element before the flags stands in for the program. */
    return parse_table_flags(cmd, argc - first + 1, argv + first - 1, o, error);
}

void hb_ab_options_free(struct hb_ab_options *o)
{
    hb_options_free(&o->table);
}

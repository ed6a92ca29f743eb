/* cli_design.c — the design commands' flags. Each command takes only its own flags: any other is
 * refused by name rather than silently ignored, and a command's flag without the command too. */
#include "cli_design.h"

#include <math.h>
#include <string.h>

#include "balanced_order.h"
#include "formats.h"
#include "xalloc.h"

struct command {
    const char *name;
    const char *const *own; /* its flags, the command's own name first; NULL-terminated */
};

static const char *const run_order_flags[] = {"run-order", "seed", "revisions", "processes", NULL};
static const char *const pairs_flags[] = {"pairs-needed", "rows", "alpha", "adjust", NULL};

static bool given_flag(unsigned long given, const char *(*name_of)(size_t), const char *name)
{
    for (size_t i = 0; name_of(i); i++)
        if (strcmp(name_of(i), name) == 0)
            return given >> i & 1;
    return false;
}

static bool listed(const char *const *list, const char *name)
{
    for (; *list; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

/* A flag the tables take too, with a default: optional for a command. */
static bool shared(const char *name)
{
    return strcmp(name, "alpha") == 0 || strcmp(name, "adjust") == 0;
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

static int check_command(const struct hb_options *o, unsigned long given, const char *(*name_of)(size_t),
                         const char *const *own, char **error)
{
    for (size_t i = 0; name_of(i); i++)
        if ((given >> i & 1) && !listed(own, name_of(i))) {
            *error = hb_xasprintf("-%s does not take -%s", own[0], name_of(i));
            return -1;
        }
    for (size_t i = 1; own[i]; i++)
        if (!shared(own[i]) && !given_flag(given, name_of, own[i])) {
            *error = hb_xasprintf("-%s needs -%s", own[0], own[i]);
            return -1;
        }
    if (o->ninputs) {
        *error = hb_xasprintf("-%s reads no files, but \"%s\" was given", own[0], o->inputs[0]);
        return -1;
    }
    return 0;
}

int hb_check_design(const struct hb_options *o, unsigned long given, const char *(*name_of)(size_t bit), char **error)
{
    static const struct command commands[] = {{"run-order", run_order_flags}, {"pairs-needed", pairs_flags}};
    if (o->run_order && o->pairs_needed) {
        *error = hb_xasprintf("-run-order and -pairs-needed: one or the other");
        return -1;
    }
    for (size_t c = 0; c < sizeof commands / sizeof *commands; c++) {
        const struct command *cmd = &commands[c];
        if (strcmp(cmd->name, "run-order") == 0 ? o->run_order : o->pairs_needed) {
            if (check_command(o, given, name_of, cmd->own, error))
                return -1;
            continue;
        }
        for (size_t i = 1; cmd->own[i]; i++)
            if (!shared(cmd->own[i]) && given_flag(given, name_of, cmd->own[i])) {
                *error = hb_xasprintf("-%s needs -%s", cmd->own[i], cmd->name);
                return -1;
            }
    }
    if (o->run_order && !seed_ok(o->seed))
        *error = hb_xasprintf("-seed must be a whole number from 0 to 18446744073709551615, not \"%s\"", o->seed);
    else if (o->run_order && !whole(o->revisions, 1, HB_ORDER_MAX_REVISIONS))
        *error = hb_xasprintf("-revisions must be a whole number from 1 to %d, not %g", HB_ORDER_MAX_REVISIONS,
                              o->revisions);
    else if (o->run_order && !whole(o->processes, 1, HB_ORDER_MAX_ROUNDS))
        *error =
            hb_xasprintf("-processes must be a whole number from 1 to %d, not %g", HB_ORDER_MAX_ROUNDS, o->processes);
    else if (o->pairs_needed && !whole(o->rows, 1, 1e6))
        *error = hb_xasprintf("-rows must be a whole number from 1 to 1000000, not %g", o->rows);
    else if (o->pairs_needed && !(o->alpha > 0))
        *error = hb_xasprintf("-pairs-needed needs -alpha above 0");
    else if (o->verdict && o->verdict_pct < 0)
        *error = hb_xasprintf("-verdict must be a percentage >= 0");
    else if (o->verdict && given_flag(given, name_of, "format"))
        *error = hb_xasprintf("-verdict prints its own TSV: it does not take -format");
    else if (o->verdict && o->history)
        *error = hb_xasprintf("-history does not take -verdict");
    else
        return 0;
    return -1;
}

static const char usage_verdict[] =
    "print the comparison's verdict for scripts/ab.sh --bisect instead of tables: a TSV of one record "
    "after its header line, with the columns verdict (slower when any row of a later column is slower "
    "than the first column, else not-slower), rows (the cells of the later columns), rows_slower and "
    "rows_faster, detectable_max (the largest detectable change, -detectable, of the rows not slower; 0 "
    "when none has one) and summary (\"slower than BASE:\" and one line per slower row with its change "
    "and adjusted p, or \"not slower\" with the faster rows and the range of detectable changes; BASE "
    "is the first column's label; a newline written \\n). A row is slower when its change is "
    "significant after -adjust and goes the worse way (as --fail-on-regression's) by more than PCT "
    "percent, faster when significant and the better way; an exact comparison (counted inputs) is "
    "significant when it is a change (-exact-change). The rows are those the flags select: "
    "-filter .unit:sec/op keeps one unit; not in benchstat";

static const char usage_run_order[] =
    "print the run order of an A/B run (scripts/ab.sh) instead of tables, one line \"ROUND REVISION\" "
    "per process: round 0, the warm-up, is a random permutation of the revisions 1..K; rounds 1..N then "
    "go in blocks of K rounds, each block a Latin square (the K rotations of a random permutation, in a "
    "random order), so that every revision runs in every place of a round once per block. Drawn from "
    "SplitMix64 seeded with S (0 to 2^64 - 1): the same seed gives the same order on every machine. "
    "K is 1 to 100, N 1 to 10000. "
    "Takes no files and no other flags; not in benchstat";

static const char usage_pairs[] =
    "print the pairs of processes a step of scripts/ab.sh --bisect needs, instead of tables: the "
    "fewest, even and at least 8, at which a slowdown seen in every round but one (the odd round's "
    "change the third smallest) is significant by the signed-rank test at -alpha after -adjust "
    "(default none) over M rows of which only that one moved (the bar alpha/M under holm and bh). "
    "Takes no files and no flags but -rows, -alpha and -adjust; not in benchstat";

void hb_design_usage(struct hb_strbuf *out)
{
    hb_help_entry(out, "-verdict PCT", usage_verdict);
    hb_strbuf_puts(out, "                    hbstat -verdict 3 -sample paired -adjust holm -detectable -filter "
                        ".unit:sec/op \\\n                      good=a1.json good=a2.json new=b1.json new=b2.json\n");
    hb_strbuf_puts(out, "  -run-order -seed S -revisions K -processes N\n");
    hb_help_entry(out, "", usage_run_order);
    hb_strbuf_puts(out, "                    hbstat -run-order -seed 7 -revisions 2 -processes 16 > order.txt\n");
    hb_strbuf_puts(out, "  -pairs-needed -rows M\n");
    hb_help_entry(out, "", usage_pairs);
    hb_strbuf_puts(out, "                    hbstat -pairs-needed -rows 12 -alpha 0.05 -adjust holm\n");
}

/* advise_cli.c — hbadvise's flags (getopt_long, as hbspread and hbsum), its --help, and the checks on
 * every value a user types: one line and exit status 2 for anything wrong. */
#include "advise_cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_version.h"

/* "absl, uthash, ...": the designs of the table of designs (hb_designs.h). */
static const char *design_names(void)
{
    static char names[512];
    size_t n = 0;
    for (int d = 0; d < HB_DESIGNS && n < sizeof names; d++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", d ? ", " : "", hb_design_name((enum hb_design)d));
    return names;
}

static void print_advise_help(FILE *to)
{
    fprintf(to, "usage: hbadvise [--need NEED[,NEED...]|all] [--rows SIZE] [--format FORMAT] [--record-size BYTES]\n"
                "                [--volume N] [--shards N] [--output FORMAT=FILE]... DIR...\n"
                "       hbadvise --default-buckets DIR\n"
                "       hbadvise --verdicts [--format text|html] DIR\n"
                "       hbadvise --list-needs | --describe-needs | --default-shards | --default-record-size\n"
                "       hbadvise --time-password\n"
                "       hbadvise --table-entries\n"
                "       hbadvise --table-designs\n"
                "       hbadvise --candidates NEED\n"
                "       hbadvise --contenders run|tables|record|bulk DIR\n"
                "       hbadvise --agree DIR DIR\n"
                "\n"
                "Which hash for which need, from measurements on your keys. DIR is an advice folder,\n"
                "scripts/advise.sh makes one: in its runs/ folder, per process P = 1..N (each with its\n"
                "own row order, buffer offset and environment), run-P.json (hashbench --keys FILE --size\n"
                "keys), tables-P.json (hashbench --suite hashtable --keys FILE), record-P.json and\n"
                "bulk-P.json (rows at one size); and spread.json (hbspread --keys file:FILE --battery\n"
                "--format json). A folder of the old layout (one run.json, no runs/) is refused.\n"
                "A measure's figure is the median of its process medians; each need's entries are\n"
                "ranked by a fastest set at 95%% (the entries that could be the fastest, simultaneously\n"
                "over all, from the spread between processes) with each entry's rank interval; the pick\n"
                "is the set's member the need's tie-break prefers. The same ranking on the odd and on\n"
                "the even processes alone says whether the answer held.\n"
                "Several DIRs of one machine (same host name and CPU model, same keys: runs at\n"
                "different times) pool their processes. Several machines (same keys) are a fleet:\n"
                "each machine's pick, and the fleet's: of the entries that qualify on every machine,\n"
                "those in every machine's fastest set (each at 1 - 5%%/machines; their union when no\n"
                "entry is in all), the pick by the tie-break, then the least time on its slowest one.\n"
                "\n"
                "Needs (each rule in full in the output and in docs/advice.md; all: every one, the\n"
                "default):\n");
    hb_need_describe(to, "  ", 96);
    fprintf(to, "Entries this CPU cannot run, and baselines, never qualify; of several implementations\n"
                "of one algorithm the fastest that qualifies stands for it.\n"
                "\n"
                "  --need LIST          needs, comma-separated, or all\n"
                "  --rows SIZE          the size rows to read (default keys: size:keys; bench.sh's runs\n"
                "                       have size:16); a run without latency rows ranks table needs by\n"
                "                       time per key and says so\n"
                "  --format FORMAT      ");
    for (size_t i = 0; i < hb_advice_format_count; i++)
        fprintf(to, "%s%s (%s)%s", i ? "                       " : "", hb_advice_formats[i].name,
                hb_advice_formats[i].help, i + 1 < hb_advice_format_count ? ",\n" : "\n");
    fprintf(to,
            "  --output FORMAT=FILE also write FORMAT (one of the above) to FILE; repeatable, so one\n"
            "                       run writes several formats. With --output, standard output gets\n"
            "                       nothing unless --format is given. Each FILE is written to a\n"
            "                       temporary file beside it, renamed into place (replacing one\n"
            "                       already there) once every FILE is written; on an error none is\n"
            "                       touched\n"
            "  --record-size BYTES  checksum: the record a check covers (default %d, a page or a\n"
            "                       block); the data word of each CRC's Hamming distance, and the\n"
            "                       rows ranked when the folder has them at that size (record.json)\n"
            "  --volume N           checksum: corrupted records a year that reach the check (at most\n"
            "                       the records you write a year); sets the expected undetected\n"
            "                       corruptions, and a width too few for it is listed after wider ones\n"
            "  --shards N           shard: your shard count (default %d): the output says whether the\n"
            "                       folder's spread.json tested it (advise.sh --shards measures it)\n"
            "  --time-password      time Argon2id at OWASP's minimum parameters on this machine, print\n"
            "                       one line (advise.sh keeps it as password-cost.txt) and exit\n",
            HB_DEFAULT_RECORD_SIZE, HB_DEFAULT_SHARDS);
    fprintf(to,
            "  --table DESIGN       rank the table needs by one design's lookups, one of:\n"
            "                       %s\n"
            "                       (default: the geometric mean of hit and miss over them all)\n",
            design_names());
    fprintf(to, "  --table-entries      print the entries the table needs consider, for hashbench --suite\n"
                "                       hashtable --algo: of each algorithm of at most 64 output bits, its\n"
                "                       first implementation this CPU runs (its default), comma-separated,\n"
                "                       and exit\n");
    fprintf(to, "  --table-designs      print the table designs advise.sh measures by default (the C++\n"
                "                       standard table, Abseil, Boost and a C table), comma-separated, for\n"
                "                       hashbench --designs, and exit\n");
    fprintf(to, "  --candidates NEED    print, comma-separated, the names of this build that pass NEED's rules on\n"
                "                       their properties alone (what advise.sh times at the record size or\n"
                "                       64 KiB: hashbench --algo), and exit\n");
    fprintf(to,
            "  --contenders KIND    print, comma-separated, the name/impl of every entry DIR's processes\n"
            "                       so far still leave able to be in a fastest set that KIND's rows\n"
            "                       rank (run: the needs ranked by time per key, with the baselines;\n"
            "                       tables: the table needs and each design; record: checksum at\n"
            "                       --record-size; bulk: crypto at 64 KiB), at %.0f%% (stricter than\n"
            "                       the advice's %.0f%%, so that dropping is conservative), every\n"
            "                       implementation on its own, for the next process's hashbench\n"
            "                       --algo (advise.sh races with it), and exit\n",
            100 * HB_CONTENDER_CONFIDENCE, 100 * HB_FASTEST_CONFIDENCE);
    fprintf(to, "  --agree              two advice folders of the same keys, ranked each on its own: per\n"
                "                       need (and per table design), tab-separated with a header, the\n"
                "                       entries ranked, each folder's fastest set and pick, whether the sets\n"
                "                       intersect and are identical, whether each pick is in the other's\n"
                "                       set, and whether each held in its halves; then exit\n");
    fprintf(to, "  --shard-counts       print the shard counts the shard need tests (advise.sh gives them to\n"
                "                       hbspread --shards): --shards N, the powers of two up to 1024, and 3,\n"
                "                       5, 12, comma-separated, and exit\n"
                "  --rendezvous-servers print the server counts of the shard need's rendezvous test\n"
                "                       (hbspread --rendezvous), comma-separated, and exit\n");
    fprintf(to, "  --default-buckets    print the bucket count advise.sh gives hbspread for DIR's run: its\n"
                "                       distinct keys rounded up to a power of two (2 to 2^30), and exit\n"
                "  --verdicts           print DIR's spread verdicts as a table (text or html) and exit\n"
                "  --list-needs         print the needs' names, one per line, and exit\n"
                "  --describe-needs     print each need with what it is for and its rule in brief (the\n"
                "                       list above; advise.sh --help prints it), and exit\n"
                "  --default-shards     print the shard count the shard need spreads keys over when\n"
                "                       none is given (advise.sh asks), and exit\n"
                "  --default-record-size  print the record size the checksum need gives its figures at\n"
                "                       when --record-size is not given (advise.sh asks), and exit\n"
                "  -h, --help           this help\n"
                "      --version        hashbench version\n"
                "\n"
                "exit status: 0 done, 2 bad usage or a folder, run or spread file that cannot be read\n");
}

static _Noreturn void advise_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static _Noreturn void advise_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("hbadvise: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static void parse_needs(const char *text, bool wanted[HB_NEEDS])
{
    memset(wanted, 0, HB_NEEDS * sizeof *wanted);
    if (strcmp(text, "all") == 0) {
        for (size_t k = 0; k < HB_NEEDS; k++)
            wanted[k] = true;
        return;
    }
    const char *p = text;
    do {
        size_t len = strcspn(p, ",");
        char name[64];
        if (len == 0 || len >= sizeof name)
            advise_usage_error("--need: '%s' is not a list of needs (%s, or all)", text, hb_need_names());
        memcpy(name, p, len);
        name[len] = '\0';
        const struct hb_need_rule *rule = hb_need_find(name);
        if (!rule)
            advise_usage_error("--need: unknown need '%s' (%s, or all)", name, hb_need_names());
        wanted[rule->need] = true;
        p += len;
    } while (*p++ == ',');
}

/* A whole number from 1 to max, or one line and exit 2 naming the flag. */
static uint64_t positive(const char *text, const char *flag, uint64_t max)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (!*text || *text == '-' || *text == '+' || *end || errno || v == 0 || v > max)
        advise_usage_error("%s: '%s' is not a whole number from 1 to %llu", flag, text, (unsigned long long)max);
    return v;
}

/* A size as hashbench names rows: letters, digits and '-' ("keys", "16", "rand1-32"). */
static bool size_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 32)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return false;
    return true;
}

static _Noreturn void unknown_format(const char *flag, const char *format)
{
    char names[200] = "";
    for (size_t i = 0; i < hb_advice_format_count; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", hb_advice_formats[i].name);
    advise_usage_error("%s: unknown format '%s' (%s)", flag, format, names);
}

static void add_output(struct hb_advice_options *o, const char *arg)
{
    char why[1024];
    if (!hb_out_files_add(&o->outputs, arg, why, sizeof why))
        advise_usage_error("--output: %s", why);
    if (hb_advice_format_find(o->outputs.v[o->outputs.n - 1].format) == NULL)
        unknown_format("--output", o->outputs.v[o->outputs.n - 1].format);
}

void hb_advice_parse_options(int argc, char **argv, struct hb_advice_options *o)
{
    enum {
        OPT_NEED = 256,
        OPT_ROWS,
        OPT_FORMAT,
        OPT_DEFAULT_BUCKETS,
        OPT_VERDICTS,
        OPT_LIST_NEEDS,
        OPT_DESCRIBE_NEEDS,
        OPT_DEFAULT_SHARDS,
        OPT_DEFAULT_RECORD_SIZE,
        OPT_VERSION,
        OPT_RECORD_SIZE,
        OPT_VOLUME,
        OPT_SHARDS,
        OPT_TIME_PASSWORD,
        OPT_TABLE,
        OPT_TABLE_ENTRIES,
        OPT_TABLE_DESIGNS,
        OPT_CANDIDATES,
        OPT_CONTENDERS,
        OPT_AGREE,
        OPT_OUTPUT,
        OPT_SHARD_COUNTS,
        OPT_RENDEZVOUS_SERVERS
    };
    static const struct option longopts[] = {
        {"need", required_argument, NULL, OPT_NEED},
        {"rows", required_argument, NULL, OPT_ROWS},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"default-buckets", no_argument, NULL, OPT_DEFAULT_BUCKETS},
        {"verdicts", no_argument, NULL, OPT_VERDICTS},
        {"list-needs", no_argument, NULL, OPT_LIST_NEEDS},
        {"describe-needs", no_argument, NULL, OPT_DESCRIBE_NEEDS},
        {"default-shards", no_argument, NULL, OPT_DEFAULT_SHARDS},
        {"default-record-size", no_argument, NULL, OPT_DEFAULT_RECORD_SIZE},
        {"record-size", required_argument, NULL, OPT_RECORD_SIZE},
        {"volume", required_argument, NULL, OPT_VOLUME},
        {"shards", required_argument, NULL, OPT_SHARDS},
        {"time-password", no_argument, NULL, OPT_TIME_PASSWORD},
        {"candidates", required_argument, NULL, OPT_CANDIDATES},
        {"contenders", required_argument, NULL, OPT_CONTENDERS},
        {"agree", no_argument, NULL, OPT_AGREE},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, OPT_VERSION},
        {"table", required_argument, NULL, OPT_TABLE},
        {"table-entries", no_argument, NULL, OPT_TABLE_ENTRIES},
        {"shard-counts", no_argument, NULL, OPT_SHARD_COUNTS},
        {"rendezvous-servers", no_argument, NULL, OPT_RENDEZVOUS_SERVERS},
        {"table-designs", no_argument, NULL, OPT_TABLE_DESIGNS},
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    for (size_t k = 0; k < HB_NEEDS; k++)
        o->wanted[k] = true;
    o->rows = "keys";
    o->params.shards = HB_DEFAULT_SHARDS;
    o->params.design = HB_DESIGNS;
    o->format = &hb_advice_formats[0];
    const char *format = NULL;
    opterr = 0; /* our own one-line messages */
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h': print_advise_help(stdout); exit(0);
        case OPT_VERSION: printf("hbadvise (hashbench) %s\n", HB_VERSION); exit(0);
        case OPT_NEED: parse_needs(optarg, o->wanted); break;
        case OPT_ROWS:
            if (!size_ok(optarg))
                advise_usage_error("--rows: '%s' is not a size as hashbench names rows (keys, 16, rand1-32)", optarg);
            o->rows = optarg;
            break;
        case OPT_FORMAT: format = optarg; break;
        case OPT_TABLE:
            if ((o->params.design = hb_design_find(optarg)) == HB_DESIGNS)
                advise_usage_error("--table: unknown design '%s' (%s)", optarg, design_names());
            break;
        case OPT_OUTPUT: add_output(o, optarg); break;
        case OPT_DEFAULT_BUCKETS: o->mode = HB_MODE_DEFAULT_BUCKETS; break;
        case OPT_RECORD_SIZE: o->params.record_size = positive(optarg, "--record-size", 1ull << 40); break;
        case OPT_VOLUME: o->params.volume = (double)positive(optarg, "--volume", UINT64_MAX); break;
        case OPT_SHARDS: o->params.shards = (unsigned)positive(optarg, "--shards", 65536); break; /* hbspread's most */
        case OPT_TIME_PASSWORD: o->mode = HB_MODE_TIME_PASSWORD; break;
        case OPT_VERDICTS: o->mode = HB_MODE_VERDICTS; break;
        case OPT_TABLE_ENTRIES: o->mode = HB_MODE_TABLE_ENTRIES; break;
        case OPT_SHARD_COUNTS: o->mode = HB_MODE_SHARD_COUNTS; break;
        case OPT_RENDEZVOUS_SERVERS: o->mode = HB_MODE_RENDEZVOUS_SERVERS; break;
        case OPT_TABLE_DESIGNS: o->mode = HB_MODE_TABLE_DESIGNS; break;
        case OPT_CANDIDATES:
            if (!(o->candidates = hb_need_find(optarg)))
                advise_usage_error("--candidates: unknown need '%s' (%s)", optarg, hb_need_names());
            o->mode = HB_MODE_CANDIDATES;
            break;
        case OPT_CONTENDERS:
            if ((o->contenders = hb_advice_file_find(optarg)) == HB_FILES)
                advise_usage_error("--contenders: unknown kind '%s' (run, tables, record, bulk)", optarg);
            o->mode = HB_MODE_CONTENDERS;
            break;
        case OPT_AGREE: o->mode = HB_MODE_AGREE; break;
        case OPT_LIST_NEEDS:
            for (size_t k = 0; k < HB_NEEDS; k++)
                printf("%s\n", hb_need_rules[k].name);
            exit(0);
        case OPT_DESCRIBE_NEEDS: hb_need_describe(stdout, "  ", 96); exit(0);
        case OPT_DEFAULT_SHARDS: printf("%d\n", HB_DEFAULT_SHARDS); exit(0);
        case OPT_DEFAULT_RECORD_SIZE: printf("%d\n", HB_DEFAULT_RECORD_SIZE); exit(0);
        case ':': advise_usage_error("option '%s' needs a value (see hbadvise --help)", argv[optind - 1]);
        default: advise_usage_error("unknown option '%s' (see hbadvise --help)", argv[optind - 1]);
        }
    }
    if (format && o->mode == HB_MODE_VERDICTS) {
        if (strcmp(format, "html") != 0 && strcmp(format, "text") != 0)
            advise_usage_error("--format: '%s' is not text or html (the formats of --verdicts)", format);
        o->verdicts_html = strcmp(format, "html") == 0;
    } else if (format && !(o->format = hb_advice_format_find(format))) {
        unknown_format("--format", format);
    }
    o->to_stdout = format != NULL || o->outputs.n == 0;
    static const char *const mode_flags[] = {
        [HB_MODE_DEFAULT_BUCKETS] = "--default-buckets",
        [HB_MODE_VERDICTS] = "--verdicts",
        [HB_MODE_TIME_PASSWORD] = "--time-password",
        [HB_MODE_TABLE_ENTRIES] = "--table-entries",
        [HB_MODE_CANDIDATES] = "--candidates",
        [HB_MODE_CONTENDERS] = "--contenders",
        [HB_MODE_AGREE] = "--agree",
        [HB_MODE_SHARD_COUNTS] = "--shard-counts",
        [HB_MODE_RENDEZVOUS_SERVERS] = "--rendezvous-servers",
        [HB_MODE_TABLE_DESIGNS] = "--table-designs",
    };
    if (o->outputs.n && o->mode != HB_MODE_ADVISE)
        advise_usage_error("--output: only with advice (not %s)", mode_flags[o->mode]);
    o->dirs = argv + optind;
    o->ndirs = (size_t)(argc - optind);
    if (o->mode == HB_MODE_TIME_PASSWORD || o->mode == HB_MODE_CANDIDATES) {
        if (o->ndirs)
            advise_usage_error("--%s takes no folder ('%s')",
                               o->mode == HB_MODE_CANDIDATES ? "candidates" : "time-password", o->dirs[0]);
        return;
    }
    if ((o->mode == HB_MODE_TABLE_ENTRIES || o->mode == HB_MODE_TABLE_DESIGNS || o->mode == HB_MODE_SHARD_COUNTS ||
         o->mode == HB_MODE_RENDEZVOUS_SERVERS) &&
        o->ndirs)
        advise_usage_error("%s takes no folder ('%s')", mode_flags[o->mode], o->dirs[0]);
    if (o->mode == HB_MODE_TABLE_ENTRIES || o->mode == HB_MODE_TABLE_DESIGNS || o->mode == HB_MODE_SHARD_COUNTS ||
        o->mode == HB_MODE_RENDEZVOUS_SERVERS)
        return;
    if (o->ndirs == 0)
        advise_usage_error(
            "no advice folder given (DIR with runs/run-1.json to run-N.json and spread.json; see hbadvise --help)");
    if (o->mode == HB_MODE_AGREE && o->ndirs != 2)
        advise_usage_error("--agree takes two advice folders, not %zu", o->ndirs);
    if (o->mode != HB_MODE_ADVISE && o->mode != HB_MODE_AGREE && o->ndirs != 1)
        advise_usage_error("%s takes one folder, not %zu", mode_flags[o->mode], o->ndirs);
}

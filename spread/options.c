/*
 * options.c — hbspread's flags, its --help text, and the checks on every number a user types.
 */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hb_version.h"

#define MAX_BUCKETS        ((size_t)1 << 30)
#define MAX_AVALANCHE_KEYS ((size_t)10000000)
#define MAX_THREADS        256

const char *const spread_default_keysets[] = {"seq", "ints:4", "rand:16", "sparse:32:3"};
const size_t spread_default_keyset_count = sizeof spread_default_keysets / sizeof spread_default_keysets[0];

static void print_spread_help(FILE *to)
{
    fprintf(to,
            "usage: hbspread [--keys SPEC]... [--keys-format F] [--n N] [--buckets N] [--bucketing mod|prime|high]\n"
            "                [--algo LIST] [--avalanche-keys N] [--format text|json] [--threads N]\n"
            "                [--output FORMAT=FILE]... [--exit-code-on-fail] [--battery [--battery-max-buckets N]]\n"
            "                [--shards LIST] [--rendezvous LIST]\n"
            "\n"
            "How evenly each hash spreads keys: bucket loads, collisions and avalanche, for every\n"
            "algorithm name in the registry (its default implementation; noop is left out), with a\n"
            "pass / warn / FAIL verdict per measure.\n"
            "\n"
            "Keysets (--keys, repeatable; a comma separates several, except after seq: and file:,\n"
            "which take the rest of the argument):\n"
            "  seq[:PREFIX]     PREFIX followed by the decimal number 0..n-1 (default prefix \"user:\")\n"
            "  ints:W           the integers 0..n-1 as W-byte little-endian keys (W 1..64); at W 4, 8\n"
            "                   and 16 held by value: a table default hashes them as its program's\n"
            "                   table does (std-hash: std::hash<uint64_t>, the identity; docs/hashes.md)\n"
            "  rand:L           n random L-byte keys from a fixed seed, all distinct (L 1..65536)\n"
            "  sparse:BITS:K    every BITS-bit key with at most K bits set (all of them; --n ignored)\n"
            "  words            n text keys \"FooXXXXBar\", XXXX over [a-zA-Z0-9] (at most 62^4)\n"
            "  zeros            all-zero keys of lengths 0..n-1 (n defaults to 4096 here, at most 65536)\n"
            "  file:PATH        the keys of PATH, read as hashbench --keys reads them (--n ignored):\n"
            "                   by default one per line, the newline and a '\\r' before it removed, an\n"
            "                   empty line is the empty key; a repeated key is counted once; more than\n"
            "                   4194304 keys or 128 MiB of keys: a fixed-seed sample, which is said;\n"
            "                   --keys-format fixed:4, 8 or 16: held by value, as ints:W\n"
            "Without --keys: seq, ints:4, rand:16, sparse:32:3. The avalanche test (its own random\n"
            "keys) runs with any keysets, unless --avalanche-keys 0.\n"
            "\n"
            "Output (text): first the classic table, min / max / std dev of the bucket loads on the\n"
            "seq keyset (on the first keyset when seq is not among them); then one table per keyset,\n"
            "the avalanche table and the verdict matrix. A timing line goes to stderr.\n"
            "\n"
            "  --keys SPEC            a keyset, as above\n"
            "  --keys-format F        how file: keysets are split: lines (default), nul (each key\n"
            "                         ends with a NUL byte), fixed:N (binary N-byte keys)\n"
            "  --n N                  keys per open-ended keyset (default 2^20; N or 2^K, up to 2^24)\n"
            "  --buckets N            bucket count (default 16384, 2 to 2^30)\n"
            "  --bucketing HOW        mod: the bucketing value modulo N (a mask when N is a power of 2);\n"
            "                         prime: modulo the largest prime not above N; high: the top bits\n"
            "                         (value * N / 2^bits, bits = min(64, output bits))\n"
            "  --algo LIST            comma-separated names (default implementation) or name/impl\n"
            "  --avalanche-keys N     random keys per avalanche key size 4, 8, 16, 64 bytes\n"
            "                         (default 10000; 0 skips the avalanche test)\n"
            "  --format text|json     json: every figure, the verdict rule and N\n"
            "  --output FORMAT=FILE   also write FORMAT (text or json) to FILE; repeatable, so one run\n"
            "                         writes several formats. With --output, standard output gets\n"
            "                         nothing unless --format is given. Each FILE is written to a\n"
            "                         temporary file beside it, renamed into place (replacing one\n"
            "                         already there) once every FILE is written; on an error none is\n"
            "                         touched\n"
            "  --threads N            worker threads (default: the CPUs online)\n"
            "  --exit-code-on-fail    exit status 1 when any verdict is FAIL (the battery's too)\n"
            "  --battery              the structure battery too (below); without --keys, the battery alone\n"
            "                         (no keysets, and no avalanche test unless --avalanche-keys is given)\n"
            "  --battery-max-buckets N  the battery's largest table, a power of 2 from 2^8 to 2^24\n"
            "                         (default 2^20, or the table that holds the largest file keyset's\n"
            "                         keys at 7/8 load, up to 2^24); each key hashed once: 9 x 7/8 x N\n"
            "                         hashes per algorithm, 132 M at 2^24\n"
            "  --shards LIST          also spread each keyset over these shard counts, h mod N (2 to\n"
            "                         65536, comma-separated, at most 32): the share of the fullest\n"
            "                         shard and a chi-square against an even spread, one test each\n"
            "  --rendezvous LIST      also assign each key by rendezvous hashing over these server\n"
            "                         counts (at most 8): to the server s of the highest weight\n"
            "                         h(key || s), s an 8-byte little-endian index; a chi-square each.\n"
            "                         Each key is hashed once per server\n"
            "  -h, --help             this help\n"
            "      --version          hashbench version\n"
            "\n"
            "The bucketing value is the hash's integer for integer-valued hashes, else its first 8\n"
            "output bytes read big-endian; low-32 collisions compare its low 32 bits. Seed 0.\n"
            "\n"
            "Verdicts: every test gives a one-sided p-value (the upper tail of the bucket chi-square,\n"
            "fitted to its mean, variance and skewness so that it holds at low loads too; the Poisson\n"
            "tail of the colliding pairs against n(n-1)/2 / 2^bits; the two-sided binomial of the worst\n"
            "avalanche cell, scaled by the number of cells). Each is scaled by N, the number of tests per\n"
            "algorithm in the run (3 per keyset, and one per keyset and shard or server count, + 1 for\n"
            "avalanche; 13 by default), as p' = 1-(1-p)^N;\n"
            "warn at p' <= 2^%g, FAIL at p' <= 2^%g. Printed as ^N = floor(-log2 p): about 1 in 2^N.\n"
            "A spread more even than random is not a failure (upper tails only).\n"
            "\n"
            "The structure battery (--battery) does not read the keysets: it asks what a hash does to\n"
            "keys with structure, whatever today's sample holds. Linearity: h(a)^h(b)^h(c)^h(a^b^c) over\n"
            "96 fixed-seed random triples of 8, 16 and 64 bytes; 0 for every one means GF(2)-affine (every\n"
            "CRC), a failure. Occupancy: the keys i*2^s (8-byte little-endian, s = 0..16) in tables of 2^8\n"
            "to 2^max buckets holding 7/8 as many keys, through each view of the bits table designs consume:\n"
            "  low        h mod 2^b (open addressing; uthash, whose 32-bit hashv keeps the low bits)\n"
            "  absl-h1    h >> 7 mod 2^b (Abseil 20220623's H1; its per-table salt only permutes buckets)\n"
            "  absl-h2    the low 7 bits, Abseil 20220623's H2 tag\n"
            "  top7       the top 7 bits of the 64-bit value, the tag of hashbrown and current Abseil\n"
            "  high       h >> (64 - b): Boost's unordered_flat_map group, Linux's hash_long\n"
            "  mod-prime  h mod the prime bucket count libstdc++'s std::unordered_map has at that load\n"
            "  glib       (the low 32 bits x 11) mod the largest prime below 2^b: GLib's GHashTable\n"
            "  low32      pairs of keys whose low 32 bits are equal (uthash's hashv, GLib's guint),\n"
            "             in the largest table, once per stride\n"
            "A bucket view fails when fewer buckets are occupied than a random function's mean minus 7\n"
            "standard deviations, a tag view when its 128 tags' chi-square, and low32 when its pairs'\n"
            "Poisson tail, has p' <= 2^%g, scaled by every test of the battery; each names its first\n"
            "failure (s, 2^b). The battery's verdict is fail when the hash is linear or any view fails.\n"
            "\n"
            "exit status: 0 done, 1 a FAIL with --exit-code-on-fail, 2 bad usage or input\n",
            HB_WARN_LOG2_P, HB_FAIL_LOG2_P, HB_FAIL_LOG2_P);
}

static _Noreturn void spread_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("hbspread: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* A count: decimal digits, or 2^K. */
static bool parse_count_or_power(const char *s, size_t lo, size_t hi, size_t *out)
{
    unsigned long long v;
    char *end;
    if (s[0] < '0' || s[0] > '9')
        return false;
    errno = 0;
    if (s[0] == '2' && s[1] == '^') {
        if (s[2] < '0' || s[2] > '9')
            return false;
        unsigned long long k = strtoull(s + 2, &end, 10);
        if (errno != 0 || *end != '\0' || k > 62)
            return false;
        v = 1ull << k;
    } else {
        v = strtoull(s, &end, 10);
        if (errno != 0 || *end != '\0')
            return false;
    }
    if (v < lo || v > hi)
        return false;
    *out = (size_t)v;
    return true;
}

/* A comma-separated list of counts from 2 to HB_MAX_SHARDS into out (a repeated one kept once). */
static size_t parse_counts(const char *flag, const char *arg, unsigned *out, size_t most)
{
    size_t n = 0;
    char *copy = hb_xstrdup(arg), *save = NULL;
    if (*arg == '\0' || arg[strlen(arg) - 1] == ',')
        spread_usage_error("%s: '%s' is not a comma-separated list of counts", flag, arg);
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        size_t v;
        if (!parse_count_or_power(item, 2, HB_MAX_SHARDS, &v))
            spread_usage_error("%s: '%s' is not a count from 2 to %d", flag, item, HB_MAX_SHARDS);
        bool seen = false;
        for (size_t i = 0; i < n && !seen; i++)
            seen = out[i] == v;
        if (seen)
            continue;
        if (n == most)
            spread_usage_error("%s: more than %zu counts in '%s'", flag, most, arg);
        out[n++] = (unsigned)v;
    }
    free(copy);
    return n;
}

static void add_keys(struct spread_options *o, const char *arg)
{
    const char *p = arg;
    for (;;) {
        /* seq: and file: take the rest verbatim: prefixes and paths may hold commas */
        bool rest = strncmp(p, "seq:", 4) == 0 || strncmp(p, "file:", 5) == 0;
        const char *comma = rest ? NULL : strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0)
            spread_usage_error("--keys: empty keyset in '%s'", arg);
        o->keys = hb_xrealloc(o->keys, (o->nkeys + 1) * sizeof *o->keys);
        char *spec = hb_xmalloc(len + 1);
        memcpy(spec, p, len);
        spec[len] = '\0';
        o->keys[o->nkeys++] = spec;
        if (comma == NULL)
            break;
        p = comma + 1;
    }
}

void spread_parse_options(int argc, char **argv, struct spread_options *o)
{
    enum {
        OPT_KEYS = 256,
        OPT_N,
        OPT_BUCKETS,
        OPT_BUCKETING,
        OPT_ALGO,
        OPT_AVALANCHE,
        OPT_FORMAT,
        OPT_OUTPUT,
        OPT_THREADS,
        OPT_EXIT_CODE,
        OPT_VERSION,
        OPT_KEYS_FORMAT,
        OPT_BATTERY,
        OPT_BATTERY_MAX,
        OPT_SHARDS,
        OPT_RENDEZVOUS
    };
    static const struct option longopts[] = {
        {"keys", required_argument, NULL, OPT_KEYS},
        {"keys-format", required_argument, NULL, OPT_KEYS_FORMAT},
        {"n", required_argument, NULL, OPT_N},
        {"buckets", required_argument, NULL, OPT_BUCKETS},
        {"bucketing", required_argument, NULL, OPT_BUCKETING},
        {"algo", required_argument, NULL, OPT_ALGO},
        {"avalanche-keys", required_argument, NULL, OPT_AVALANCHE},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"exit-code-on-fail", no_argument, NULL, OPT_EXIT_CODE},
        {"battery", no_argument, NULL, OPT_BATTERY},
        {"battery-max-buckets", required_argument, NULL, OPT_BATTERY_MAX},
        {"shards", required_argument, NULL, OPT_SHARDS},
        {"rendezvous", required_argument, NULL, OPT_RENDEZVOUS},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->buckets = 16384;
    o->bucketing = HB_BUCKET_MOD;
    o->avalanche_keys = HB_DEFAULT_AVALANCHE_KEYS;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    o->threads = cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (unsigned)cpus;
    size_t value, battery_max = (size_t)1 << HB_BATTERY_DEFAULT_MAX_LOG2;
    bool battery = false, battery_max_given = false, avalanche_given = false, format_given = false;
    char why[1024];
    const char *keyset_flag = NULL; /* a flag that only keysets read */
    opterr = 0;                     /* our own one-line messages */
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h': print_spread_help(stdout); exit(0);
        case OPT_VERSION: printf("hbspread (hashbench) %s\n", HB_VERSION); exit(0);
        case OPT_KEYS: add_keys(o, optarg); break;
        case OPT_KEYS_FORMAT:
            keyset_flag = "--keys-format";
            if (!hb_keyset_set_file_format(optarg))
                spread_usage_error("--keys-format: '%s' is not lines, nul or fixed:N (N 1..65536)", optarg);
            break;
        case OPT_N:
            keyset_flag = "--n";
            if (!parse_count_or_power(optarg, 1, HB_MAX_KEYS, &o->n))
                spread_usage_error("--n: '%s' is not a key count from 1 to 2^24 (N or 2^K)", optarg);
            break;
        case OPT_BUCKETS:
            keyset_flag = "--buckets";
            if (!parse_count_or_power(optarg, 2, MAX_BUCKETS, &o->buckets))
                spread_usage_error("--buckets: '%s' is not a bucket count from 2 to 2^30", optarg);
            break;
        case OPT_BUCKETING:
            keyset_flag = "--bucketing";
            if (strcmp(optarg, "mod") == 0)
                o->bucketing = HB_BUCKET_MOD;
            else if (strcmp(optarg, "prime") == 0)
                o->bucketing = HB_BUCKET_PRIME;
            else if (strcmp(optarg, "high") == 0)
                o->bucketing = HB_BUCKET_HIGH;
            else
                spread_usage_error("--bucketing: '%s' is not mod, prime or high", optarg);
            break;
        case OPT_SHARDS:
            keyset_flag = "--shards";
            o->shards.ncounts = parse_counts("--shards", optarg, o->shards.counts, HB_MAX_SHARD_COUNTS);
            break;
        case OPT_RENDEZVOUS:
            keyset_flag = "--rendezvous";
            o->shards.nservers = parse_counts("--rendezvous", optarg, o->shards.servers, HB_MAX_RENDEZVOUS);
            break;
        case OPT_ALGO: o->algo = optarg; break;
        case OPT_AVALANCHE:
            if (!parse_count_or_power(optarg, 0, MAX_AVALANCHE_KEYS, &o->avalanche_keys))
                spread_usage_error("--avalanche-keys: '%s' is not a count from 0 to 10000000", optarg);
            avalanche_given = true;
            break;
        case OPT_BATTERY: battery = true; break;
        case OPT_BATTERY_MAX:
            if (!parse_count_or_power(optarg, (size_t)1 << HB_BATTERY_MIN_LOG2, (size_t)1 << HB_BATTERY_MAX_LOG2,
                                      &battery_max) ||
                (battery_max & (battery_max - 1)) != 0)
                spread_usage_error("--battery-max-buckets: '%s' is not a power of 2 from 2^8 to 2^24", optarg);
            battery_max_given = true;
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "json") == 0)
                o->json = true;
            else if (strcmp(optarg, "text") != 0)
                spread_usage_error("--format: '%s' is not text or json", optarg);
            format_given = true;
            break;
        case OPT_OUTPUT:
            if (!hb_out_files_add(&o->outputs, optarg, why, sizeof why))
                spread_usage_error("--output: %s", why);
            if (strcmp(o->outputs.v[o->outputs.n - 1].format, "text") != 0 &&
                strcmp(o->outputs.v[o->outputs.n - 1].format, "json") != 0)
                spread_usage_error("--output: '%s' is not text or json", o->outputs.v[o->outputs.n - 1].format);
            break;
        case OPT_THREADS:
            if (!parse_count_or_power(optarg, 1, MAX_THREADS, &value))
                spread_usage_error("--threads: '%s' is not a thread count from 1 to %d", optarg, MAX_THREADS);
            o->threads = (unsigned)value;
            break;
        case OPT_EXIT_CODE: o->exit_code_on_fail = true; break;
        case ':': spread_usage_error("option '%s' needs a value (see hbspread --help)", argv[optind - 1]);
        default: spread_usage_error("unknown option '%s' (see hbspread --help)", argv[optind - 1]);
        }
    }
    o->to_stdout = format_given || o->outputs.n == 0;
    if (optind < argc)
        spread_usage_error("unexpected argument '%s' (keysets go after --keys; see hbspread --help)", argv[optind]);
    if (battery_max_given && !battery)
        spread_usage_error("--battery-max-buckets: only with --battery");
    if (battery) {
        o->battery_log2 = (unsigned)__builtin_ctzll(battery_max);
        o->battery_log2_given = battery_max_given;
        if (o->keys == NULL) {
            if (keyset_flag != NULL)
                spread_usage_error("%s: the battery alone reads no keysets (add --keys SPEC)", keyset_flag);
            if (!avalanche_given)
                o->avalanche_keys = 0;
            return; /* the battery alone */
        }
    }
    if (o->keys == NULL)
        for (size_t i = 0; i < spread_default_keyset_count; i++)
            add_keys(o, spread_default_keysets[i]);
}

void spread_options_free(struct spread_options *o)
{
    for (size_t i = 0; i < o->nkeys; i++)
        free(o->keys[i]);
    free(o->keys);
    o->keys = NULL;
    o->nkeys = 0;
    hb_out_files_free(&o->outputs);
}

/*
 * hbsum.c — a sha256sum-style command over every algorithm in the registry.
 *
 *   hbsum -a NAME[/IMPL] [--seed N] [--chunk BYTES] [FILE|-]...   print "<hex>  <file>"
 *   hbsum -a NAME -c LIST                                          check a list it or sha256sum wrote
 *   hbsum --list [--format table|tsv]                              the registry
 *   hbsum --hamming [-a CRC [--data-bits N]]                       CRC error profiles (hamming_cli.c)
 *
 * Files are streamed through init/update/final in chunks (read(2)), so memory does not grow with
 * the file. Exit status: 0 all good, 1 a checksum did not match (-c), 2 bad usage or a file that
 * could not be read (the other files are still hashed).
 */
#include "hb_hash.h"
#include "hb_dos_evidence.h"
#include "hb_hamming_cli.h"
#include "hb_hash_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_list.h"
#include "hb_byte_size.h"
#include "hb_version.h"

#define DEFAULT_CHUNK (64 * 1024)
#define MAX_CHUNK     ((size_t)1 << 30)

struct options {
    const struct hb_hash *hash;
    uint64_t seed;
    size_t chunk;
    int check, quiet, status, list, tsv, hamming;
};

static void print_hbsum_help(FILE *to)
{
    fprintf(to, "usage: hbsum -a NAME[/IMPL] [--seed N] [--chunk BYTES] [FILE|-]...\n"
                "       hbsum -a NAME[/IMPL] -c [--quiet|--status] LIST...\n"
                "       hbsum --list [--format table|tsv]\n"
                "       hbsum --hamming [-a CRC [--data-bits N]]\n"
                "\n"
                "Print or check hashes of files, like sha256sum, for every algorithm hashbench has.\n"
                "With no FILE, or when FILE is -, read standard input. Output bytes follow the\n"
                "usual tools: -a sha256 prints what sha256sum prints, -a xxh64 what xxhsum -H1 prints,\n"
                "-a crc32 the usual 8-hex-digit CRC-32.\n"
                "\n"
                "  -a, --algo NAME[/IMPL]  algorithm (a bare name uses its default implementation)\n"
                "      --seed N            seed for seeded algorithms (decimal or 0x hex; default 0)\n"
                "      --chunk BYTES       read size (default 65536; suffixes k/K, M, G, binary; at most 1G)\n"
                "  -c, --check             read '<hex>  <file>' lines from LIST and check each file\n"
                "      --quiet             with -c: do not print OK lines\n"
                "      --status            with -c: print nothing, the exit status tells\n"
                "      --list              print the registry: name, impl, family, kind, bits, seeded,\n"
                "                          the algorithm's properties (below), linkage, provider and\n"
                "                          its version, whether this CPU runs it and which entry is\n"
                "                          the name's default (the first it runs)\n"
                "      --format table|tsv  --list layout (default table)\n"
                "      --hamming           the CRCs' error profiles (below): alone, every CRC's stored\n"
                "                          profile; with -a CRC, its profile computed now (a minute for\n"
                "                          a 64-bit CRC); with --data-bits N too, its Hamming distance at\n"
                "                          N data bits (the record's bits, the CRC not counted)\n"
                "  -h, --help              this help\n"
                "      --version           hashbench version\n"
                "\n"
                "examples:\n"
                "  hbsum -a xxh3-64 big.iso          hbsum -a sha256 *.tar > SUMS\n"
                "  hbsum -a sha256 -c SUMS            hbsum -a siphash-2-4 --seed 0x1234 key.bin\n"
                "\n"
                "limits: a check list line holds at most 65536 bytes (the list stops there, exit 2);\n"
                "noop, which does not stream, reads at most 1 GiB. A FIFO is read as a stream (one\n"
                "with no writer yet reads as empty); a directory is refused.\n"
                "\n"
                "properties in --list (the same for every implementation of a name):\n"
                "  dos      against keys chosen to collide (HashDoS): prf (a keyed pseudo-random\n"
                "           function designed against it), seeded (a seed, and no multicollision\n"
                "           known that holds for every seed), seed-independent (multicollisions\n"
                "           that hold for every seed), none (no seed); dos_evidence says what each\n"
                "           rests on\n"
                "  output   frozen (fixed by a specification or unchanged test vectors) or versioned\n"
                "           (changed between releases; version names the release implemented)\n"
                "  needs    CPU features every implementation of the algorithm needs, or -\n"
                "  linear   yes when GF(2)-affine for keys of one length, h(a)^h(b)^h(c) = h(a^b^c)\n"
                "           (every CRC): keys with structure fill a fraction of a table's buckets\n"
                "           (hbspread --battery); no otherwise. The column after runs here.\n"
                "  dos_evidence  what dos rests on: published (a paper, an advisory, a CVE), reported\n"
                "           (an issue, unconfirmed), reproduced (our test_dos.c builds the pairs),\n"
                "           by-design (the designers' claim, or the definition); dos_source cites it\n"
                "  key      the algorithm's own key where it is wider than the seed (SipHash's,\n"
                "           for one), filled from the seed here; a program keys it at its full width\n"
                "\n"
                "\n"
                "CRC error profiles (--hamming): a CRC misses an error of w flipped bits exactly when its\n"
                "generator g divides the error polynomial, so its Hamming distance at k data bits is the\n"
                "least weight of a multiple of g of degree below k + r (r: the CRC's bits). For each weight\n"
                "w from 2 to 8 the profile gives the least degree of such a multiple, found by a search by\n"
                "increasing degree (weight 2: the order of x modulo g; weight 3: a table of x^i mod g;\n"
                "heavier: meet in the middle over sums of x^i mod g), or how far the search proved there is\n"
                "none (bounds: degree 2^36 for weight 2, 2^21 for 3, 2^16 for heavier weights and 2^21 sums\n"
                "in memory); an odd weight is impossible when g has an even number of terms. A distance the\n"
                "search cannot settle is printed as 'at least', with the least weight known to fit (g\n"
                "itself: its number of terms) as its upper bound.\n"
                "\n"
                "exit status: 0 success, 1 a checksum did not match (-c), 2 usage error or unreadable file\n");
}

/* One line on stderr, exit 2: the contract for every bad input. */
static _Noreturn void die_usage(const char *fmt, const char *arg)
{
    fputs("hbsum: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(2);
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (*s == '\0' || *s == '-' || *s == '+')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno != 0 || *end != '\0')
        return false;
    *out = v;
    return true;
}

static const struct hb_hash *resolve_algorithm(const char *spec)
{
    const struct hb_hash *h = hb_lookup(spec);
    char why[1024];
    if (hb_describe_unusable(spec, h, "see hbsum --list", why, sizeof why)) {
        fprintf(stderr, "hbsum: %s\n", why);
        exit(2);
    }
    if (h->output == HB_OUTPUT_PER_PROCESS)
        fprintf(stderr, "hbsum: note: %s/%s is salted per process: another run prints other values\n", h->name,
                h->impl);
    return h;
}

/* ---- hashing a file ---- */

/* Hashes fd into out. Returns 0, or an errno value. */
static int hash_fd(const struct options *o, int fd, uint8_t *buf, uint8_t *out)
{
    const struct hb_hash *h = o->hash;
    if (h->init == NULL) {
        /* An entry that does not stream (the noop baseline): hash the whole input at once. */
        size_t cap = o->chunk < MAX_CHUNK ? o->chunk : MAX_CHUNK, len = 0;
        uint8_t *all = malloc(cap);
        if (all == NULL)
            return ENOMEM;
        for (;;) {
            if (len == cap) {
                if (cap >= MAX_CHUNK) {
                    free(all);
                    return EFBIG;
                }
                uint8_t *grown = realloc(all, cap *= 2);
                if (grown == NULL) {
                    free(all);
                    return ENOMEM;
                }
                all = grown;
            }
            ssize_t n = read(fd, all + len, cap - len);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                int e = errno;
                free(all);
                return e;
            }
            if (n == 0)
                break;
            len += (size_t)n;
        }
        h->oneshot(all, len, o->seed, out);
        free(all);
        return 0;
    }
    _Alignas(HB_STATE_ALIGN) uint8_t state[HB_MAX_STATE_SIZE];
    h->init(state, o->seed);
    for (;;) {
        ssize_t n = read(fd, buf, o->chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            h->final(state, out); /* pairs the init; the result is discarded */
            return e;
        }
        if (n == 0)
            break;
        h->update(state, buf, (size_t)n);
    }
    h->final(state, out);
    return 0;
}

/* Opens path ("-" is standard input) for reading as a stream: a directory is refused, and a FIFO
 * is opened without waiting for a writer (one with none reads as empty). Returns the descriptor,
 * or -1 with errno set (EISDIR for a directory). */
static int open_stream(const char *path)
{
    if (strcmp(path, "-") == 0)
        return STDIN_FILENO;
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -1;
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 || fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        int e = S_ISDIR(st.st_mode) ? EISDIR : errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* Hashes the named file ("-" is standard input); on failure prints "hbsum: PATH: reason". */
static bool hash_path(const struct options *o, const char *path, uint8_t *buf, char *hex)
{
    int fd = open_stream(path);
    if (fd < 0) {
        fprintf(stderr, "hbsum: %s: %s\n", path, strerror(errno));
        return false;
    }
    uint8_t out[HB_MAX_OUT_BYTES];
    int err = hash_fd(o, fd, buf, out);
    if (fd != STDIN_FILENO)
        close(fd);
    if (err == EFBIG) {
        fprintf(stderr, "hbsum: %s: 1 GiB or more, past the most %s reads (it does not stream)\n", path, o->hash->name);
        return false;
    }
    if (err != 0) {
        fprintf(stderr, "hbsum: %s: %s\n", path, strerror(err));
        return false;
    }
    hb_hex(out, o->hash->out_bits / 8, hex);
    return true;
}

/* sha256sum's convention: a name with a newline or backslash is escaped and the line starts
 * with a backslash. */
static void print_sum_line(const char *hex, const char *name)
{
    bool escape = strpbrk(name, "\n\\") != NULL;
    if (escape)
        putchar('\\');
    fputs(hex, stdout);
    fputs("  ", stdout);
    for (const char *p = name; *p; p++) {
        if (escape && *p == '\\')
            fputs("\\\\", stdout);
        else if (escape && *p == '\n')
            fputs("\\n", stdout);
        else
            putchar(*p);
    }
    putchar('\n');
}

/* Hashes each file (buf: o->chunk bytes) and prints its line; 2 when any could not be read. */
static int sum_files(const struct options *o, char **files, int nfiles, uint8_t *buf)
{
    int status = 0;
    char hex[2 * HB_MAX_OUT_BYTES + 1];
    for (int i = 0; i < nfiles; i++) {
        if (hash_path(o, files[i], buf, hex))
            print_sum_line(hex, files[i]);
        else
            status = 2;
    }
    return status;
}

/* ---- checking a list ---- */

static int check_list(const struct options *o, const char *list_path, uint8_t *buf, long *mismatches, long *unreadable,
                      long *malformed)
{
    int fd = open_stream(list_path);
    if (fd < 0) {
        fprintf(stderr, "hbsum: %s: %s\n", list_path, errno == EISDIR ? "is a directory, not a list" : strerror(errno));
        return 2;
    }
    size_t hex_len = o->hash->out_bits / 4;
    struct hb_line_reader reader;
    hb_line_reader_init(&reader, fd);
    char *line;
    size_t len;
    long checked = 0;
    enum hb_line_result got;
    char actual[2 * HB_MAX_OUT_BYTES + 1];
    while ((got = hb_line_next(&reader, &line, &len)) == HB_LINE_OK) {
        char *expected;
        char *name = hb_check_line_parse(line, len, hex_len, &expected);
        if (name == NULL) {
            (*malformed)++;
            continue;
        }
        checked++;
        if (!hash_path(o, name, buf, actual)) {
            (*unreadable)++;
            if (!o->status)
                printf("%s: FAILED open or read\n", name);
            continue;
        }
        bool ok = strcmp(actual, expected) == 0;
        if (!ok)
            (*mismatches)++;
        if (!o->status && (!ok || !o->quiet))
            printf("%s: %s\n", name, ok ? "OK" : "FAILED");
    }
    int read_errno = errno;
    size_t line_number = reader.line_number + 1;
    hb_line_reader_free(&reader);
    if (fd != STDIN_FILENO)
        close(fd);
    if (got == HB_LINE_TOO_LONG) {
        fprintf(stderr, "hbsum: %s:%zu: line longer than %zu bytes, the longest check line allowed\n", list_path,
                line_number, HB_CHECK_MAX_LINE);
        return 2;
    }
    if (got == HB_LINE_READ_ERROR) {
        fprintf(stderr, "hbsum: %s: read error: %s\n", list_path, strerror(read_errno));
        return 2;
    }
    if (checked == 0) {
        fprintf(stderr, "hbsum: %s: no properly formatted %s checksum lines found\n", list_path, o->hash->name);
        return 2;
    }
    return 0;
}

/* Checks every list (buf: o->chunk bytes); 1 on a mismatch or unreadable listed file, 2 on an
 * unreadable or empty list. */
static int check_files(const struct options *o, char **lists, int nlists, uint8_t *buf)
{
    int status = 0;
    long mismatches = 0, unreadable = 0, malformed = 0;
    for (int i = 0; i < nlists; i++)
        if (check_list(o, lists[i], buf, &mismatches, &unreadable, &malformed) != 0)
            status = 2;
    if (!o->status) {
        if (malformed > 0)
            fprintf(stderr, "hbsum: WARNING: %ld line%s improperly formatted\n", malformed,
                    malformed == 1 ? " is" : "s are");
        if (unreadable > 0)
            fprintf(stderr, "hbsum: WARNING: %ld listed file%s could not be read\n", unreadable,
                    unreadable == 1 ? "" : "s");
        if (mismatches > 0)
            fprintf(stderr, "hbsum: WARNING: %ld computed checksum%s did NOT match\n", mismatches,
                    mismatches == 1 ? "" : "s");
    }
    if (status == 0 && (mismatches > 0 || unreadable > 0))
        status = 1;
    return status;
}

/* ---- the registry ---- */

static int print_list(bool tsv)
{
    static const char *const header[] = {"name",      "impl",   "family",       "kind",       "bits",    "seeded",
                                         "dos",       "output", "version",      "needs",      "linkage", "provider",
                                         "runs here", "linear", "dos_evidence", "dos_source", "key"};
    enum { COLS = sizeof header / sizeof header[0] };
    const char *cells[COLS];
    char bits[16], seeded[16], key[16], runs[160];
    int width[COLS] = {0};
    /* two passes: measure the columns, then print */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i <= hb_registry_len; i++) {
            if (i == 0) {
                memcpy(cells, header, sizeof cells);
            } else {
                const struct hb_hash *h = hb_registry[i - 1];
                snprintf(bits, sizeof bits, "%u", h->out_bits);
                snprintf(seeded, sizeof seeded, h->seed_bits ? "%u-bit" : "no", h->seed_bits);
                snprintf(key, sizeof key, h->key_bits ? "%u-bit" : "-", h->key_bits);
                char why[128];
                bool ok = hb_can_run(h, why, sizeof why);
                const struct hb_dos_evidence *evidence = h->kind == HB_KIND_BASELINE ? NULL : hb_dos_evidence(h->name);
                /* the name's default: what -a NAME (and every tool given a bare name) uses */
                if (ok)
                    snprintf(runs, sizeof runs, "%s", hb_lookup(h->name) == h ? "yes, default" : "yes");
                else
                    snprintf(runs, sizeof runs, "no (%s)", why);
                const char *row[COLS] = {h->name,
                                         h->impl,
                                         h->family,
                                         hb_kind_name(h->kind),
                                         bits,
                                         seeded,
                                         hb_dos_name(h->dos),
                                         hb_output_name(h->output),
                                         h->algo_version != NULL ? h->algo_version : "-",
                                         h->needs != NULL ? h->needs : "-",
                                         hb_linkage_name(h->linkage),
                                         h->version(),
                                         runs,
                                         h->linear ? "yes" : "no",
                                         evidence ? hb_dos_evidence_kind_name(evidence->kind) : "-",
                                         evidence ? evidence->citation : "-",
                                         key};
                memcpy(cells, row, sizeof cells);
            }
            for (int c = 0; c < COLS; c++) {
                int len = (int)strlen(cells[c]);
                if (pass == 0) {
                    if (len > width[c])
                        width[c] = len;
                } else if (tsv) {
                    printf("%s%c", cells[c], c + 1 < COLS ? '\t' : '\n');
                } else {
                    printf("%-*s%s", c + 1 < COLS ? width[c] : 0, cells[c], c + 1 < COLS ? "  " : "\n");
                }
            }
        }
    }
    const char *note = hb_unbuilt_note();
    if (note != NULL && !tsv)
        printf("\nnot in this build: %s\n", note);
    return 0;
}

int main(int argc, char **argv)
{
    enum {
        OPT_SEED = 256,
        OPT_CHUNK,
        OPT_QUIET,
        OPT_STATUS,
        OPT_LIST,
        OPT_FORMAT,
        OPT_VERSION,
        OPT_HAMMING,
        OPT_DATA_BITS
    };
    static const struct option longopts[] = {
        {"algo", required_argument, NULL, 'a'},
        {"seed", required_argument, NULL, OPT_SEED},
        {"chunk", required_argument, NULL, OPT_CHUNK},
        {"check", no_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"status", no_argument, NULL, OPT_STATUS},
        {"list", no_argument, NULL, OPT_LIST},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"hamming", no_argument, NULL, OPT_HAMMING},
        {"data-bits", required_argument, NULL, OPT_DATA_BITS},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    struct options o = {.chunk = DEFAULT_CHUNK};
    const char *algo = NULL, *seed_text = NULL, *data_bits_text = NULL;
    uint64_t chunk, data_bits = 0;
    opterr = 0; /* our own one-line messages */
    int c;
    while ((c = getopt_long(argc, argv, ":a:ch", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': algo = optarg; break;
        case 'c': o.check = 1; break;
        case 'h': print_hbsum_help(stdout); return 0;
        case OPT_SEED: seed_text = optarg; break;
        case OPT_CHUNK:
            if (!hb_parse_byte_size(optarg, MAX_CHUNK, &chunk, NULL) || chunk == 0)
                die_usage("--chunk: '%s' is not a size from 1 byte to 1 GiB", optarg);
            o.chunk = (size_t)chunk;
            break;
        case OPT_QUIET: o.quiet = 1; break;
        case OPT_STATUS: o.status = 1; break;
        case OPT_LIST: o.list = 1; break;
        case OPT_FORMAT:
            if (strcmp(optarg, "tsv") == 0)
                o.tsv = 1;
            else if (strcmp(optarg, "table") != 0)
                die_usage("--format: '%s' is not table or tsv", optarg);
            break;
        case OPT_HAMMING: o.hamming = 1; break;
        case OPT_DATA_BITS:
            if (!parse_u64(optarg, &data_bits) || data_bits == 0 || data_bits > UINT64_C(1) << 40)
                die_usage("--data-bits: '%s' is not a bit count from 1 to 2^40", optarg);
            data_bits_text = optarg;
            break;
        case OPT_VERSION: printf("hbsum (hashbench) %s\n", HB_VERSION); return 0;
        case ':': die_usage("option '%s' needs a value (see hbsum --help)", argv[optind - 1]);
        default: die_usage("unknown option '%s' (see hbsum --help)", argv[optind - 1]);
        }
    }

    char err[256];
    if (!hb_init(err, sizeof err)) {
        fprintf(stderr, "hbsum: start-up check failed: %s\n", err);
        return 2;
    }
    if (o.list) {
        print_list(o.tsv);
        return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
    }
    if (data_bits_text && (!o.hamming || !algo))
        die_usage("--data-bits %s: only with --hamming -a CRC", data_bits_text);
    if (o.hamming) {
        int status = hb_hamming_main(algo, data_bits_text != NULL, data_bits);
        return fflush(stdout) == 0 && !ferror(stdout) ? status : 2;
    }
    if (algo == NULL)
        die_usage("no algorithm given: use -a NAME (%s)", "hbsum --list shows them");
    o.hash = resolve_algorithm(algo);
    if (seed_text != NULL) {
        if (!parse_u64(seed_text, &o.seed))
            die_usage("--seed: '%s' is not an unsigned integer", seed_text);
        if (o.hash->seed_bits == 0 && o.seed != 0) {
            fprintf(stderr, "hbsum: --seed: %s is not seeded\n", o.hash->name);
            return 2;
        }
        if (o.hash->seed_bits == 32 && o.seed > UINT32_MAX) {
            fprintf(stderr, "hbsum: --seed: %s takes a 32-bit seed; %s is too large\n", o.hash->name, seed_text);
            return 2;
        }
    }
    /* No file, for both modes, means standard input. */
    static char *stdin_only[] = {"-"};
    char **files = argv + optind;
    int nfiles = argc - optind;
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    uint8_t *buf = malloc(o.chunk);
    if (buf == NULL) {
        fprintf(stderr, "hbsum: --chunk: cannot allocate a read buffer of %zu bytes\n", o.chunk);
        return 2;
    }
    int status = o.check ? check_files(&o, files, nfiles, buf) : sum_files(&o, files, nfiles, buf);
    free(buf);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "hbsum: standard output: %s\n", strerror(errno));
        return 2;
    }
    return status;
}

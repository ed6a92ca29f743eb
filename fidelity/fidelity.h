/*
 * fidelity.h — one fidelity run: its settings, the programs it calls, and what each round
 * measured itself (hbfidelity.c runs the rounds, fidelity_summary.c compares, and
 * fidelity_compared.c holds what both read: the chains, the digests, our programs' paths).
 */
#ifndef HB_FIDELITY_H
#define HB_FIDELITY_H

#include <stdbool.h>
#include <stdio.h>

enum { HB_FID_MAX_ROUNDS = 99, HB_FID_CHAINS = 4 };

/* The latency chains: name, impl in hashbench, length. */
struct hb_fid_chain {
    const char *name, *impl;
    unsigned len;
};
extern const struct hb_fid_chain hb_fid_chains[HB_FID_CHAINS];

/* The digests compared with openssl speed: hashbench's name and openssl's. */
struct hb_fid_digest {
    const char *name, *openssl;
};
extern const struct hb_fid_digest hb_fid_digests[];
extern const size_t hb_fid_digest_count;

struct hb_fid {
    const char *out; /* the results folder */
    char bin[4096];  /* the folder of our binaries */
    int rounds, seconds;
    bool pinned;           /* to CPU 1 */
    char memread[64];      /* memread's default impl here */
    const char *loads_isa; /* the direct load loop's instruction set */
    bool have_sse42;       /* crc32c/sse42 is in this build */
    bool have_b3sum;
    /* per round, measured by hbfidelity itself */
    double blake3_direct[HB_FID_MAX_ROUNDS];
    bool have_blake3_direct;
    double b3sum[HB_FID_MAX_ROUNDS];
    double chain[HB_FID_CHAINS][HB_FID_MAX_ROUNDS];
    double loads[HB_FID_MAX_ROUNDS];
    /* the table check (--tables, fidelity_tables.h) instead of the rounds above */
    bool tables;
    unsigned long table_keys;
    double table_min_time;     /* seconds per timing, both sides */
    const char *table_designs; /* comma-separated; NULL: every one */
    double band_lo, band_hi;   /* --table-band; band_hi 0: the goal's own */
};

/* The path of our binary `tool` (in fid->bin). */
const char *hb_fid_tool(const struct hb_fid *fid, const char *tool, char *buf, size_t len);

struct hb_values;
/* hbstat FLAGS -format tsv -row .fullname FILE: every (row, unit, median) into vals; false when
 * hbstat failed or printed no table. */
bool hb_fid_hbstat(const struct hb_fid *fid, const char *const *flags, size_t nflags, const char *file,
                   struct hb_values *vals);

/* hbstat -context KEY of one file (its first line; free it), or NULL. */
char *hb_fid_context(const struct hb_fid *fid, const char *key, const char *file);

/* Runs one hashbench invocation of a round into DIR/NAME-ROUND.json; false (with one line on
 * stderr) on failure, its output left in DIR/NAME-ROUND.log. */
bool hb_fid_hashbench(const struct hb_fid *fid, const char *name, int round, const char *const *args, size_t nargs);

/* Compares everything the rounds measured and writes the summary to out; false (with one line
 * on stderr) when a reference tool's output is missing. */
bool hb_fid_summarise(const struct hb_fid *fid, FILE *out);

#endif /* HB_FIDELITY_H */

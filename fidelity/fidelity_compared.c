/*
 * fidelity_compared.c — what a fidelity run compares and where it finds our programs: the latency
 * chains measured directly, the digests set against openssl speed, the path of hashbench,
 * hbstat and hbsum, one hashbench run into the run's folder, and hbstat's table and context of a
 * run. The rounds (hbfidelity.c) and the summary (fidelity_summary.c) both read
 * them; they sit below both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fidelity.h"
#include "fidelity_run.h"
#include "fidelity_values.h"

const struct hb_fid_chain hb_fid_chains[HB_FID_CHAINS] = {
    {"xxh3-64", "inline", 16}, {"xxh3-64", "inline", 64}, {"rapidhash", "portable", 16}, {"rapidhash", "portable", 64}};

const struct hb_fid_digest hb_fid_digests[] = {
    {"md5", "md5"},
    {"sha1", "sha1"},
    {"sha256", "sha256"},
    {"sha512", "sha512"},
    {"blake2b-512", "blake2b512"},
    {"blake2s-256", "blake2s256"},
};
const size_t hb_fid_digest_count = sizeof hb_fid_digests / sizeof hb_fid_digests[0];

const char *hb_fid_tool(const struct hb_fid *fid, const char *tool, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", fid->bin, tool);
    return buf;
}

bool hb_fid_hbstat(const struct hb_fid *fid, const char *const *flags, size_t nflags, const char *file,
                   struct hb_values *vals)
{
    char exe[4200];
    char *argv[16];
    size_t n = 0;
    argv[n++] = (char *)hb_fid_tool(fid, "hbstat", exe, sizeof exe);
    for (size_t i = 0; i < nflags && n < 10; i++)
        argv[n++] = (char *)flags[i];
    const char *tail[] = {"-format", "tsv", "-row", ".fullname", file};
    for (size_t i = 0; i < 5; i++)
        argv[n++] = (char *)tail[i];
    argv[n] = NULL;
    char *tsv = hb_capture(argv);
    bool ok = tsv != NULL && hb_values_add_tsv(vals, tsv, ".fullname", "unit", "median");
    free(tsv);
    return ok;
}

char *hb_fid_context(const struct hb_fid *fid, const char *key, const char *file)
{
    char exe[4200];
    char *argv[] = {(char *)hb_fid_tool(fid, "hbstat", exe, sizeof exe), (char *)"-context", (char *)key, (char *)file,
                    NULL};
    char *s = hb_capture(argv);
    if (s != NULL)
        s[strcspn(s, "\n")] = '\0';
    return s;
}

bool hb_fid_hashbench(const struct hb_fid *fid, const char *name, int round, const char *const *args, size_t nargs)
{
    char exe[4200], json[4200], log[4200], out_flag[4300];
    snprintf(json, sizeof json, "%s/%s-%d.json", fid->out, name, round);
    snprintf(log, sizeof log, "%s/%s-%d.log", fid->out, name, round);
    snprintf(out_flag, sizeof out_flag, "--benchmark_out=%s", json);
    char *argv[32];
    size_t n = 0;
    argv[n++] = (char *)hb_fid_tool(fid, "hashbench", exe, sizeof exe);
    for (size_t i = 0; i < nargs && n < 28; i++)
        argv[n++] = (char *)args[i];
    argv[n++] = out_flag;
    argv[n++] = (char *)"--benchmark_out_format=json";
    argv[n++] = (char *)"--no-progress";
    argv[n] = NULL;
    if (hb_run(argv, log, NULL) != 0) {
        fprintf(stderr, "hbfidelity: hashbench failed in round %d (%s: see %s)\n", round, name, log);
        return false;
    }
    unlink(log);
    return true;
}

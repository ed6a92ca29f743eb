/*
 * fidelity_compared.c — what a fidelity run compares and where it finds our programs: the latency
 * chains measured directly, the digests set against openssl speed, and the path of hashbench,
 * hbstat and hbsum. The rounds (hbfidelity.c) and the summary (fidelity_summary.c) both read
 * them; they sit below both.
 */
#include <stdio.h>

#include "fidelity.h"

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

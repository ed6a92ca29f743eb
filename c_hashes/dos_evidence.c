/*
 * dos_evidence.c — the table of hb_dos_evidence.h: one row per algorithm name, the strongest kind
 * of evidence for its dos value and where it is written. A seed-independent row cites the report
 * and, where tests/c_hashes/test_dos.c builds the pairs, says so.
 */
#include "hb_dos_evidence.h"

#include <string.h>

#define UNSEEDED "no seed: colliding keys computed once collide everywhere (follows from the definition)"
#define SEEDED_ONLY                                                                                                    \
    "a seed, and no seed-independent multicollision found in the literature searched (an absence, not a proof; "       \
    "no PRF is claimed)"

const struct hb_dos_evidence hb_dos_evidence_table[] = {
    {"crc32", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"crc32c", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"crc64-xz", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"crc64-go-iso", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"crc64-redis", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"adler32", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"fnv1a-32", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"fnv1a-64", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"farmhash-fp64", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"md5", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"sha1", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"sha224", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"sha256", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"sha384", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"sha512", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"sha3-256", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"blake2b-512", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"blake2s-256", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"blake3", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"xxh3-64", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"xxh3-128", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"metrohash-64", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"metrohash-128", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"a5hash", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"polymur", HB_EVIDENCE_BY_DESIGN,
     "its README proves a collision bound (n * 2^-60.2 for n-byte inputs) for keys chosen without knowledge of the "
     "secret seed and names DoS-resistant hash tables as its purpose; the bound does not cover an attacker who sees "
     "hash values or timing"},
    {"murmur3-32", HB_EVIDENCE_PUBLISHED,
     "Aumasson, Bernstein and Bosslet, \"Hash-flooding DoS reloaded\" (2012); pairs rebuilt in test_dos.c"},
    {"murmur3-128", HB_EVIDENCE_PUBLISHED,
     "Aumasson, Bernstein and Bosslet, \"Hash-flooding DoS reloaded\" (2012); pairs rebuilt in test_dos.c"},
    {"xxh32", HB_EVIDENCE_REPRODUCED, "xxHash issue #180 (2019); pairs for every seed built in test_dos.c"},
    {"xxh64", HB_EVIDENCE_REPRODUCED,
     "by analogy with XXH32's attack (xxHash issue #180, about XXH32); pairs for every seed built in test_dos.c"},
    {"wyhash", HB_EVIDENCE_REPRODUCED,
     "the blinding multiplication (rurban/smhasher issue #99), with the default secret only; pairs built in "
     "test_dos.c with that secret"},
    {"rapidhash", HB_EVIDENCE_PUBLISHED,
     "CVE-2025-27209 (Node.js 24: V8's rapidhash string hashing collides without the seed); Nicoshev/rapidhash "
     "issue #10; pairs built in test_dos.c with the default secret"},
    {"komihash", HB_EVIDENCE_REPRODUCED,
     "avaneev/komihash issue #23 (open, unconfirmed by its designer); pairs for every seed built in test_dos.c"},
    {"gxhash64", HB_EVIDENCE_REPRODUCED, "ogxd/gxhash issue #83 (2024); pairs for every seed built in test_dos.c"},
    {"siphash-1-3", HB_EVIDENCE_BY_DESIGN,
     "its designers' PRF claim (Aumasson and Bernstein, SipHash, 2012), made for SipHash-2-4: 1-3 has fewer "
     "rounds"},
    {"siphash-2-4", HB_EVIDENCE_BY_DESIGN, "its designers' PRF claim (Aumasson and Bernstein, SipHash, 2012)"},
    {"highwayhash-64", HB_EVIDENCE_BY_DESIGN,
     "its designers' PRF claim (Alakuijala, Cox and Wassenberg, arXiv 1612.06257), with no third-party "
     "cryptanalysis"},
    {"hmac-sha256", HB_EVIDENCE_PUBLISHED, "HMAC is a PRF when its compression function is (Bellare, CRYPTO 2006)"},
    {"blake3-keyed", HB_EVIDENCE_BY_DESIGN, "its designers' keyed-mode PRF claim (the BLAKE3 specification, 2020)"},
    {NULL, 0, NULL},
};

const struct hb_dos_evidence *hb_dos_evidence(const char *name)
{
    for (const struct hb_dos_evidence *e = hb_dos_evidence_table; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

const char *hb_dos_evidence_kind_name(enum hb_dos_evidence_kind k)
{
    switch (k) {
    case HB_EVIDENCE_PUBLISHED: return "published";
    case HB_EVIDENCE_REPORTED: return "reported";
    case HB_EVIDENCE_REPRODUCED: return "reproduced";
    case HB_EVIDENCE_BY_DESIGN: return "by-design";
    }
    return "?";
}

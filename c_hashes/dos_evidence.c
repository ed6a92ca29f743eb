/*
 * dos_evidence.c — the table of hb_dos_evidence.h: one row per algorithm name, the strongest kind
 * of evidence for its dos value and where it is written, in the project's words. A seed-independent
 * row cites the report and, where tests/c_hashes/test_dos.c builds the pairs, says so; a pair built
 * here from a report's idea is said to be ours. This is the one place the reports are cited: the
 * family files, hbsum --list and the advisor's reasons refer to it.
 */
#include "hb_dos_evidence.h"

#include <string.h>

#define UNSEEDED "follows from the definition: without a seed, every program computes the same function"
#define SEEDED_ONLY                                                                                                    \
    "a seed, and no multicollision that holds for every seed found in the literature searched (an absence, not a "     \
    "proof; no PRF is claimed)"
#define XXH3_1127                                                                                                      \
    "xxHash issue #1127 (2026) reports fixed pairs of 32 to 240 bytes colliding for about 2^-27 of random seeds or "   \
    "secrets"
#define XXH3_AFTER                                                                                                     \
    "; PR #1146 rewrote XXH3's collision note to say that a cryptographic hash or a MAC is needed where collisions "   \
    "must resist an adversary; no pair colliding for every seed was found in the literature searched"
#define AUMASSON_2012                                                                                                  \
    "Aumasson, Bernstein and Bosslet, \"Hash-flooding DoS reloaded\" (2012); pairs rebuilt in test_dos.c"

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
    {"absl-hash", HB_EVIDENCE_BY_DESIGN,
     "no seed a program chooses: its per-process salt is an address, which Abseil documents as keeping programs "
     "from depending on hash values, not as a defence against hash flooding"},
    {"std-hash", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"boost-hash", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
    {"glib-hash", HB_EVIDENCE_BY_DESIGN, UNSEEDED},
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
    {"xxh3-64", HB_EVIDENCE_BY_DESIGN,
     XXH3_1127 ", and in an update there a 32-byte pair colliding for about 2^-10.5 of seeds with the default secret "
               "(XXH3_64bits_withSeed, 0.8.3)" XXH3_AFTER},
    {"xxh3-128", HB_EVIDENCE_BY_DESIGN, XXH3_1127 " (the update's 2^-10.5 is the 64-bit hash's)" XXH3_AFTER},
    {"metrohash-64", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"metrohash-128", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"a5hash", HB_EVIDENCE_BY_DESIGN, SEEDED_ONLY},
    {"polymur", HB_EVIDENCE_BY_DESIGN,
     "its README proves a collision bound (n * 2^-60.2 for inputs of up to n bytes) for keys chosen without "
     "knowledge of the random seed and names DoS-resistant hash tables as its main use; the bound does not cover an "
     "attacker who sees hash values or timing, and the README warns that iteration order and collision timing leak "
     "some"},
    {"murmur3-32", HB_EVIDENCE_PUBLISHED, AUMASSON_2012},
    {"murmur3-128", HB_EVIDENCE_PUBLISHED, AUMASSON_2012},
    {"xxh32", HB_EVIDENCE_REPRODUCED,
     "xxHash issue #180 (2019; a comment there gives XXH32 pairs whose collision does not depend on the seed); pairs "
     "that collide for nearly every seed (a rare carry breaks one) built in test_dos.c"},
    {"xxh64", HB_EVIDENCE_REPRODUCED,
     "no report of its own: by analogy with the XXH32 pairs of xxHash issue #180 (XXH64's lane round is the same, 64 "
     "bits wide); pairs that collide for nearly every seed (a rare carry breaks one) built in test_dos.c"},
    {"wyhash", HB_EVIDENCE_REPRODUCED,
     "pairs for every seed built in test_dos.c for the 2020 final version with its default secret, words equal to the "
     "secret's zeroing the state; the flaw, a multiplication an input word can zero, was raised for a June 2019 "
     "version, before wyhash took a secret argument, in wangyi-fudan/wyhash issue #15 and discussed for the "
     "secret-masked version in "
     "rurban/smhasher issue #99 (2020), where wyhash's author states the condition"},
    {"rapidhash", HB_EVIDENCE_PUBLISHED,
     "CVE-2025-27209 (Node.js 24 before 24.4.1: V8's rapidhash string hashing lets an attacker make collisions "
     "without knowing the seed); Nicoshev/rapidhash issue #10 (2024); pairs built in test_dos.c with the default "
     "secret"},
    {"komihash", HB_EVIDENCE_REPRODUCED,
     "avaneev/komihash issue #23 (2026, open) reports a 64-byte pair colliding for about 91% of random seeds "
     "(komihash 5.34, by sampling); the 73-byte pairs that collide for every seed are this project's construction "
     "from the same tied lanes, built in test_dos.c"},
    {"gxhash64", HB_EVIDENCE_REPRODUCED,
     "ogxd/gxhash issue #83 (2024, open): the input is compressed by unkeyed AES rounds before the seed enters; the "
     "24-byte pair posted there in 2026, whose compressed states are equal, is checked under random seeds in "
     "test_dos.c"},
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

/* need_facts.c — the tables of need_facts.h and the gates of the password, mac and shard needs
 * that read them. */
#include "need_facts.h"

#include <stdio.h>
#include <string.h>

#include "hb_alloc.h"

const struct hb_mac_fact hb_mac_facts[] = {
    {"hmac-sha256",
     "256 bits from a cryptographic random source (RFC 2104 discourages keys shorter than the digest; a key longer "
     "than the 64-byte block is hashed first)",
     "256 bits; truncate to no fewer than 128 (RFC 2104 section 5: not fewer than half the digest)"},
    {"blake3-keyed", NULL, "256 bits by default, any length"},
    {"siphash-2-4", NULL,
     "64 bits: a forger succeeds once in 2^64 tries at best, so for short-lived tags with a key that changes "
     "(its designers' use: authenticating short messages, network traffic)"},
    {NULL, NULL, NULL},
};

const struct hb_spec_fact hb_spec_facts[] = {
    {"crc32", "CRC-32/ISO-HDLC: ISO 3309, ITU-T V.42, IEEE 802.3 (zlib's crc32)"},
    {"crc32c", "CRC-32/ISCSI: RFC 3720 (iSCSI), appendix B.4"},
    {"crc64-xz", "CRC-64/XZ: the ECMA-182 polynomial as the .xz file format specification defines it"},
    {"crc64-go-iso", "CRC-64/GO-ISO: the ISO 3309 polynomial as Go's hash/crc64 defines it"},
    {"crc64-redis", "CRC-64/Jones as Redis's crc64.c defines it"},
    {"adler32", "RFC 1950 (zlib), section 8"},
    {"fnv1a-32", "the FNV Internet-Draft (draft-eastlake-fnv)"},
    {"fnv1a-64", "the FNV Internet-Draft (draft-eastlake-fnv)"},
    {"xxh32", "the xxHash specification (doc/xxhash_spec.md in the xxHash repository)"},
    {"xxh64", "the xxHash specification (doc/xxhash_spec.md in the xxHash repository)"},
    {"xxh3-64", "the xxHash specification (doc/xxhash_spec.md in the xxHash repository)"},
    {"xxh3-128", "the xxHash specification (doc/xxhash_spec.md in the xxHash repository)"},
    {"murmur3-32", "no specification document: the public-domain reference code (SMHasher's MurmurHash3.cpp), which "
                   "other languages reimplement"},
    {"murmur3-128", "no specification document: the public-domain reference code (SMHasher's MurmurHash3.cpp), which "
                    "other languages reimplement"},
    {"siphash-1-3", "Aumasson and Bernstein, \"SipHash: a fast short-input PRF\" (2012), with c = 1, d = 3"},
    {"siphash-2-4", "Aumasson and Bernstein, \"SipHash: a fast short-input PRF\" (2012)"},
    {"hmac-sha256", "RFC 2104 and FIPS 198-1, keyed as hb_openssl.h says (the seed's bytes, four times)"},
    {"md5", "RFC 1321"},
    {"sha1", "FIPS 180-4"},
    {"sha224", "FIPS 180-4"},
    {"sha256", "FIPS 180-4"},
    {"sha384", "FIPS 180-4"},
    {"sha512", "FIPS 180-4"},
    {"sha3-256", "FIPS 202"},
    {"blake2b-512", "RFC 7693"},
    {"blake2s-256", "RFC 7693"},
    {"blake3", "the BLAKE3 specification (O'Connor, Aumasson, Neves and Wilcox-O'Hearn, 2020)"},
    {NULL, NULL},
};

const struct hb_mac_fact *hb_mac_fact(const char *name)
{
    for (const struct hb_mac_fact *f = hb_mac_facts; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

const char *hb_spec_fact(const char *name)
{
    for (const struct hb_spec_fact *f = hb_spec_facts; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f->spec;
    return NULL;
}

enum hb_gate hb_need_fact_gate(const struct hb_need_rule *rule, const struct hb_hash *h, char **reason)
{
    if (rule->gates & HB_GATE(HB_GATE_SLOW)) {
        *reason = hb_xasprintf("a %s hash, fast by design: whoever steals the stored hashes tests as many guesses "
                               "per second as it hashes keys",
                               h->kind == HB_KIND_CRYPTO ? "cryptographic" : "general");
        return HB_GATE_SLOW;
    }
    if ((rule->gates & HB_GATE(HB_GATE_MAC)) && !hb_mac_fact(h->name)) {
        if (h->seed_bits == 0)
            *reason = hb_xasprintf("no key: anyone can compute its tag");
        else if (h->dos == HB_DOS_PRF)
            *reason = hb_xasprintf("a keyed function built for hash tables (%u-bit key), not for tags a forger "
                                   "can try again and again: SipHash-2-4 is the round count meant for MACs",
                                   h->key_bits ? h->key_bits : h->seed_bits);
        else
            *reason = hb_xasprintf("its seed (%u bits) hides bucket positions, it does not make tags unforgeable",
                                   h->seed_bits);
        return HB_GATE_MAC;
    }
    if ((rule->gates & HB_GATE(HB_GATE_SPEC)) && !hb_spec_fact(h->name)) {
        *reason = hb_xasprintf("no published specification: another language has only this code to copy");
        return HB_GATE_SPEC;
    }
    return HB_GATES;
}

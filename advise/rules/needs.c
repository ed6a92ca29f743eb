/* needs.c — the table of needs. Each row is one need's whole rule: its gates, the spread tests it
 * requires, its bounds on output bits, what ranks the entries and what breaks a tie, and the same
 * rule in words for the outputs, whose numbers are named, not written ({max_bits}: need_words.c
 * fills them in from the fields and constants that hold them). docs/advice.md gives the reasons. */
#include "needs.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const struct hb_need_rule hb_need_rules[HB_NEEDS] = {
    {
        .need = HB_NEED_TABLE,
        .name = "table",
        .what = "a hash table of keys from your own program",
        .summary = "at most {max_bits} output bits, buckets and low-32 collisions pass on your keys, the structure "
                   "battery passes (a linear hash such as a CRC is listed, never ranked); ranked by the lookup time in "
                   "real tables on your keys (the geometric mean of hit and miss over the designs measured). "
                   "Trusted keys only",
        .rule =
            "Qualifies: at most {max_bits} output bits (a table indexes with {max_bits} at most, a wider output is "
            "work thrown away), and more than 32 where a ranked design consumes bits above the 32nd (a tag from the "
            "top 7 bits of 64 or a group from the high bits, as the table of designs says), which a narrower hash "
            "leaves zero; buckets and low-32 collisions pass on these keys; the structure battery passes for "
            "the bits the ranked designs consume (hbspread --battery: not linear over GF(2), and keys i*2^s for "
            "s = 0..16 fill tables of 2^8 up to hbspread's --battery-max-buckets as a random function does), which no "
            "sample of today's keys can certify; no lookup row capped. A linear hash or a battery failure is listed "
            "with its table figures and the first (stride, size, bits) that failed, never ranked. Ranked by the "
            "measured lookup time in real tables on these keys (hashbench --suite hashtable): the geometric mean of "
            "the median hit and miss times per key over every design hashbench measures (hbadvise --table DESIGN: "
            "that design's hit and miss only), each a median of per-process medians; the fastest set at {confidence} "
            "(the entries that could be the fastest, simultaneously over all ranked, from the spread between "
            "processes) comes first, the pick its member of the least median, then the rest by their medians. The "
            "hash's chain latency is shown, not used. "
            "For keys from your own program only: nobody else chooses them.",
        .gates = HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD) | HB_GATE(HB_GATE_CAPPED) | HB_GATE(HB_GATE_BATTERY),
        .spread_tests = HB_TEST(HB_TEST_BUCKETS) | HB_TEST(HB_TEST_LOW32),
        .max_bits = 64,
        .rank_by = HB_MEASURE_TABLE,
        .tie_break = HB_MEASURE_NONE,
        .advice = "If anyone else can choose the keys (network input, file names, JSON keys), use table-untrusted.",
    },
    {
        .need = HB_NEED_TABLE_UNTRUSTED,
        .name = "table-untrusted",
        .what = "a hash table of keys an adversary can choose (hash flooding, HashDoS)",
        .summary = "only keyed pseudo-random functions (dos: prf), keyed with a secret per process; the rest as "
                   "table",
        .rule = "Qualifies: a keyed pseudo-random function designed against hash flooding (dos: prf). A secret seed "
                "does not protect a hash whose multicollisions hold for every seed; a seeded hash that is not a PRF "
                "has at most a bound for keys chosen without knowledge of its seed (PolymurHash proves one), which "
                "an attacker who sees hash values or timing is not held to. At most {max_bits} output bits (more "
                "than 32 where a ranked design consumes bits above the 32nd, as for table); buckets and low-32 "
                "collisions pass on these keys; the structure battery passes and no lookup row is capped, as for "
                "table. Ranked as table: by the measured lookup time in real tables on these keys (the geometric "
                "mean of hit and miss over every design hashbench measures, or --table DESIGN's), the fastest set "
                "at {confidence} first, the pick its member of the least median; the chain latency is shown, not "
                "used.",
        .gates = HB_GATE(HB_GATE_DOS) | HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD) | HB_GATE(HB_GATE_CAPPED) |
                 HB_GATE(HB_GATE_BATTERY),
        .spread_tests = HB_TEST(HB_TEST_BUCKETS) | HB_TEST(HB_TEST_LOW32),
        .max_bits = 64,
        .rank_by = HB_MEASURE_TABLE,
        .tie_break = HB_MEASURE_NONE,
        .advice = "Key it with a secret drawn from the operating system for each process (getrandom(2)), at its full "
                  "key width (the notes say each entry's), never a fixed, default or time-derived seed; these "
                  "measurements use seed 0 only to be repeatable. Keep hash values, iteration order and lookup "
                  "timing from those who choose the keys: each tells them something of the key (PolymurHash's "
                  "README names iteration order and collision timing). A table can also bound its worst case by "
                  "structure, whatever the hash: Java's HashMap since JDK 8 (JEP 180) turns a bucket that has "
                  "grown past a threshold into a balanced tree, so that colliding keys cost O(log n) a lookup "
                  "instead of O(n) when their full hashes differ or they are Comparable.",
    },
    {
        .need = HB_NEED_CHECKSUM,
        .name = "checksum",
        .what = "catching accidental corruption of stored or sent data",
        .summary = "output frozen, portable, at least {min_bits} output bits, no excess collisions on your keys; "
                   "ranked by time per record ({record_bytes} bytes by default), each CRC with its Hamming distance "
                   "there",
        .rule = "Qualifies: output frozen (every release and every reader computes the same value); no CPU feature "
                "without portable code (every machine of a fleet can compute it); at least {min_bits} output bits; "
                "full-width collisions pass on these keys (a checksum that collides more often than chance, as "
                "Adler-32 on short inputs, wastes its bits); a general hash, not a checksum algorithm, must also pass "
                "avalanche (it catches a random error with probability 1 - 2^-bits only if every input bit reaches "
                "every output bit, where a CRC's guarantees come from its polynomial). Ranked by time per record at "
                "the record size ({record_bytes} bytes unless --record-size says otherwise) where the folder has "
                "those rows (advise.sh times the candidates there), else by time per key (independent calls); the "
                "pick is the member of the fastest set at {confidence} (the entries that could be the fastest, "
                "simultaneously over all ranked, from the spread between processes) with the most output bits "
                "of those within {tie_reach} of its least median (for "
                "a time that cannot be told apart, fewer errors slip through), except that a CRC is never picked "
                "for its bits over another CRC of the set with a higher Hamming distance at the record. Each CRC's "
                "Hamming distance at the record is computed from its generator (hbsum --hamming); a general hash "
                "guarantees none. With --volume, a "
                "width that expects more than {max_undetected} undetected corruptions a year is listed after every "
                "wider one.",
        .gates = HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS) | HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD),
        .spread_tests = HB_TEST(HB_TEST_COLLISIONS),
        .mixing_tests = HB_TEST(HB_TEST_AVALANCHE),
        .min_bits = 32,
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .at_record_size = true,
        .advice = "If your format names its checksum, use that one ({formats}); ZFS's default, fletcher4, is not "
                  "measured here. A CRC also catches every burst error no longer than its width, which no general "
                  "hash promises. Against tampering, a checksum is no defence: see crypto.",
    },
    {
        .need = HB_NEED_FINGERPRINT,
        .name = "fingerprint",
        .what = "telling keys apart by their hash, possibly stored (no adversary)",
        .summary = "output frozen, portable, output bits by the birthday bound at {growth} x your distinct keys, "
                   "every spread test passing; ranked by time per key",
        .rule =
            "Qualifies: output frozen; no CPU feature without portable code; enough output bits by the birthday "
            "bound (n keys into 2^b values expect n(n-1)/2 / 2^b colliding pairs, at most {max_pairs} at n = "
            "{growth} x your distinct keys); every spread test passes on these keys (buckets, collisions, low-32 "
            "collisions, avalanche). Ranked by time per key (independent calls); the pick is the member of the "
            "fastest set at {confidence} (the entries that could be the fastest, from the spread between "
            "processes) with the most output bits "
            "of those within {tie_reach} of its least median (for a time that cannot be told apart, a wider margin).",
        .gates = HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS) | HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD),
        .spread_tests = HB_TEST(HB_TEST_BUCKETS) | HB_TEST(HB_TEST_COLLISIONS) | HB_TEST(HB_TEST_LOW32) |
                        HB_TEST(HB_TEST_AVALANCHE),
        .birthday = true,
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "With no adversary only: a collision of a non-cryptographic hash can be made on purpose. If others "
                  "choose the content, use a cryptographic digest of at least 256 bits (see crypto) or a keyed MAC "
                  "(see mac), and on a match compare the content itself before treating two as one (verify on match). "
                  "Without an adversary, a store that only grows should keep 128 bits: the birthday bound above counts "
                  "{growth} x today's keys, and a store outgrows any such guess.",
    },
    {
        .need = HB_NEED_CRYPTO,
        .name = "crypto",
        .what = "an adversary chooses the inputs and must not find two with one digest",
        .summary = "unbroken cryptographic hashes (not MD5, not SHA-1); length extension and SHA-1's retirement said",
        .rule =
            "Qualifies: a cryptographic hash with no practical collision attack (MD5 and SHA-1 are left out as "
            "broken), output frozen, no CPU feature without portable code. Its spread on these keys is shown, not "
            "required: a few hundred thousand keys cannot add to what cryptanalysis says. Ranked by time per key "
            "(independent calls); the pick is the member of the fastest set at {confidence} (from the spread "
            "between processes) with the most output bits "
            "of those within {tie_reach} of its least median. The same entries at {bulk_kib} KiB are ranked beside, "
            "with a fastest set of their own, where the folder has them (advise.sh times them).",
        .gates = HB_GATE(HB_GATE_KIND) | HB_GATE(HB_GATE_BROKEN) | HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS),
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "A digest alone proves nothing about who wrote the data: use a MAC (see mac) or a signature for "
                  "that, and a password hash for passwords (see password). SHA-256 and SHA-512 (not SHA-512/256) let "
                  "anyone extend a message and its digest without the message (length extension): where a plain digest "
                  "stands for a secret-prefixed message use HMAC or keyed BLAKE3, or a digest that resists it "
                  "(SHA-512/256, SHA-3, BLAKE3). SHA-1 is retired by NIST by 31 December 2030 for every application.",
    },
    {
        .need = HB_NEED_PASSWORD,
        .name = "password",
        .what = "storing passwords so that a stolen database does not give them away",
        .summary = "no general hash ever qualifies; Argon2id with OWASP's parameters (and what one login costs "
                   "here), scrypt, bcrypt, PBKDF2 where FIPS requires it",
        .rule = "Qualifies: nothing here, ever. A password hash must be slow and memory-hard so that each guess costs "
                "an attacker with the stored hashes what it costs you per login; every entry of this registry is "
                "built to be fast, which is what a guesser wants. The answer is a password hash: Argon2id (OWASP: at "
                "least 19 MiB of memory, 2 iterations, 1 lane), else scrypt (N = 2^17, r = 8, p = 1), bcrypt (work "
                "factor 10 or more, 72-byte password limit) for legacy systems, PBKDF2-HMAC-SHA-256 (600,000 "
                "iterations or more) where FIPS-140 requires it.",
        .gates = HB_GATE(HB_GATE_SLOW),
        .rank_by = HB_MEASURE_THROUGHPUT,
        .advice = "Use a library's password-hash API (libargon2's argon2id_hash_encoded, libsodium's "
                  "crypto_pwhash) with a random salt per password, and store its encoded string (it carries the "
                  "parameters, so they can be raised later).",
        .none = "nothing here: a password hash (Argon2id, see password)",
    },
    {
        .need = HB_NEED_MAC,
        .name = "mac",
        .what = "a tag that proves who wrote the data: only holders of the key can make it",
        .summary = "keyed MACs only (HMAC-SHA-256, keyed BLAKE3, SipHash-2-4 for short-lived tags); a tag "
                   "under {long_tag} bits after every wider one; key and tag rules",
        .rule =
            "Qualifies: a keyed message authentication code (HMAC-SHA-256, keyed BLAKE3, SipHash-2-4 for "
            "short-lived tags); an unkeyed hash is no MAC (anyone computes the tag), nor is a seeded hash "
            "built for tables (its seed hides bucket positions, it does not make tags unforgeable). Output frozen, "
            "no CPU feature without portable code. Ranked by time per key at your keys' lengths (independent "
            "calls); the pick is the member of the fastest set at {confidence} (from the spread between processes) "
            "with the most output bits "
            "of those within {tie_reach} of its least median. A tag of fewer than {long_tag} bits is for short-lived tags only, and how "
            "long yours live is not known here: it is listed after every tag of {long_tag} bits or more, whatever "
            "its speed, each group ranked on its own.",
        .gates = HB_GATE(HB_GATE_MAC) | HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS),
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "Key: drawn from a cryptographic random source, at the width the notes give for each MAC. Tag: keep "
                  "at least {long_tag} bits for anything stored or long-lived; a narrower tag only where the key "
                  "changes often and a forger gets few tries. Compare tags in constant time.",
    },
    {
        .need = HB_NEED_SHARD,
        .name = "shard",
        .what = "assigning keys to servers across processes, machines and languages",
        .summary = "output frozen, a published specification, not linear, an even spread of your keys over your "
                   "shard count (default {shards} shards) and {shard_counts}, and by rendezvous over "
                   "{rendezvous_servers} servers",
        .rule = "Qualifies: output frozen (every process, machine and release computes the same value), no CPU feature "
                "without portable code, a published specification another language can implement (need_facts.c names "
                "it); not linear over GF(2), and the structure battery passing for the bits h mod N consumes (low, "
                "mod-prime), which no sample of today's keys can certify; and an even spread of these keys over every "
                "shard count tested (hbspread --shards: your --shards, {shards} unless advise.sh --shards says "
                "otherwise, and {shard_counts}; h mod N) and by rendezvous hashing over {rendezvous_servers} servers "
                "(hbspread --rendezvous: each key to the server of the highest weight h(key || server)). A linear "
                "hash is never the pick: its weights are A(key) ^ B(server), and one of three servers gets half the "
                "keys. Ranked by time per key (independent calls); the pick is the member of the fastest set at "
                "{confidence} (from the spread between processes) with the most output bits "
                "of those within {tie_reach} of its least median.",
        .gates = HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS) | HB_GATE(HB_GATE_SPEC) | HB_GATE(HB_GATE_BATTERY) |
                 HB_GATE(HB_GATE_SHARDS),
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "h mod N moves almost every key when N changes: to resize, use consistent hashing on the hash "
                  "(jump consistent hash, Lamping and Veach, for numbered shards; rendezvous or highest-random-weight "
                  "hashing, Thaler and Ravishankar, for named servers). Never a per-process seed. Use a different hash "
                  "(or seed) for the shard than for the tables inside each shard: the keys of one shard share the "
                  "shard hash's bits, and a table indexed by the same hash sees them skewed (ClickHouse pull request "
                  "#37648: parallel_hash sharded rows by CRC-32 while the tables inside each shard used the same "
                  "CRC-32's last bits). When a peer already shards, its partitioner wins: compute exactly what it "
                  "computes (Kafka's Java client: murmur2 of "
                  "the key mod the partitions, where librdkafka's default hashes with CRC-32; Redis Cluster: CRC16 of "
                  "the key, or of its {hash tag}, mod 16384).",
    },
};

const struct hb_need_rule *hb_need_find(const char *name)
{
    for (size_t i = 0; i < HB_NEEDS; i++)
        if (strcmp(hb_need_rules[i].name, name) == 0)
            return &hb_need_rules[i];
    return NULL;
}

const char *hb_need_names(void)
{
    static char names[HB_NEEDS * 24];
    if (!names[0])
        for (size_t i = 0, at = 0; i < HB_NEEDS; i++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "", hb_need_rules[i].name);
    return names;
}

const char *hb_gate_name(enum hb_gate g)
{
    static const char *const names[HB_GATES] = {"unknown", "kind", "broken", "dos",       "output", "needs",
                                                "bits",    "cpu",  "timed",  "structure", "spread", "slow",
                                                "mac",     "spec", "shards", "capped"};
    return g < HB_GATES ? names[g] : "?";
}

const char *hb_measure_title(enum hb_measure m)
{
    switch (m) {
    case HB_MEASURE_LATENCY: return "chain latency";
    case HB_MEASURE_THROUGHPUT: return "time per key";
    case HB_MEASURE_BITS: return "output bits";
    case HB_MEASURE_TABLE: return "table lookup time";
    case HB_MEASURE_BULK: return "time per 64 KiB";
    case HB_MEASURE_NONE: break;
    }
    return "";
}

double hb_birthday_pairs(double n, unsigned bits)
{
    return n * (n - 1) / 2 / ldexp(1.0, (int)bits);
}

unsigned hb_fingerprint_min_bits(double n)
{
    double pairs = n * (n - 1) / 2;
    if (pairs <= HB_FINGERPRINT_MAX_PAIRS)
        return 1;
    return (unsigned)ceil(log2(pairs / HB_FINGERPRINT_MAX_PAIRS));
}

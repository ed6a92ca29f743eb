/* needs.c — the table of needs. Each row is one need's whole rule: its gates, the spread tests it
 * requires, its bounds on output bits, what ranks the entries and what breaks a tie, and the same
 * rule in words for the outputs. docs/advice.md gives the reasons. */
#include "needs.h"

#include <math.h>
#include <string.h>

const struct hb_need_rule hb_need_rules[HB_NEEDS] = {
    {
        .need = HB_NEED_TABLE,
        .name = "table",
        .what = "a hash table of keys from your own program",
        .rule =
            "Qualifies: at most 64 output bits (a table indexes with 64 at most, a wider output is work thrown "
            "away); buckets and low-32 collisions pass on these keys. Ranked by the dependent-chain latency on "
            "these keys (what a lookup waits for); entries whose 90% intervals overlap and whose medians are within "
            "10% are tied, and the tie goes to the least time per key (independent calls).",
        .gates = HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD),
        .spread_tests = HB_TEST(HB_TEST_BUCKETS) | HB_TEST(HB_TEST_LOW32),
        .max_bits = 64,
        .rank_by = HB_MEASURE_LATENCY,
        .tie_break = HB_MEASURE_THROUGHPUT,
        .advice = "If anyone else can choose the keys (network input, file names, JSON keys), use table-untrusted.",
    },
    {
        .need = HB_NEED_TABLE_UNTRUSTED,
        .name = "table-untrusted",
        .what = "a hash table of keys an adversary can choose (hash flooding, HashDoS)",
        .rule =
            "Qualifies: a keyed pseudo-random function designed against hash flooding (dos: prf); a secret seed "
            "does not protect a hash with published seed-independent multicollisions, and a seeded hash not "
            "designed as a PRF has no such guarantee. At most 64 output bits; buckets and low-32 collisions pass "
            "on these keys. Ranked as table: by chain latency, ties (overlapping 90% intervals, medians within 10%) "
            "to the least time per key.",
        .gates = HB_GATE(HB_GATE_DOS) | HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD),
        .spread_tests = HB_TEST(HB_TEST_BUCKETS) | HB_TEST(HB_TEST_LOW32),
        .max_bits = 64,
        .rank_by = HB_MEASURE_LATENCY,
        .tie_break = HB_MEASURE_THROUGHPUT,
        .advice = "Key it with a secret drawn from the operating system for each process (getrandom(2)), at its full "
                  "key width (SipHash: 128 bits, HighwayHash: 256), never a fixed, default or time-derived seed; "
                  "these measurements use seed 0 only to be repeatable.",
    },
    {
        .need = HB_NEED_CHECKSUM,
        .name = "checksum",
        .what = "catching accidental corruption of stored or sent data",
        .rule = "Qualifies: output frozen (every release and every reader computes the same value); no CPU feature "
                "without portable code (every machine of a fleet can compute it); at least 32 output bits; "
                "full-width collisions pass on these keys (a checksum that collides more often than chance, as "
                "Adler-32 on short inputs, wastes its bits); a general hash, not a checksum algorithm, must also pass "
                "avalanche (it catches a random error with probability 1 - 2^-bits only if every input bit reaches "
                "every output bit, where a CRC's guarantees come from its polynomial). Ranked by time per key "
                "(independent calls); ties (overlapping 90% intervals, medians within 10%) go to the most output bits "
                "(for the same time, fewer errors slip through).",
        .gates = HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS) | HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD),
        .spread_tests = HB_TEST(HB_TEST_COLLISIONS),
        .mixing_tests = HB_TEST(HB_TEST_AVALANCHE),
        .min_bits = 32,
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "If your format names its checksum, use that one: CRC-32C (iSCSI, ext4 and Btrfs metadata, SCTP), "
                  "CRC-32 (gzip, zlib, PNG, zip, Ethernet), CRC-64/XZ (xz). A CRC also catches every burst error "
                  "shorter than its width, which no general hash promises. Against tampering, a checksum is no "
                  "defence: see crypto.",
    },
    {
        .need = HB_NEED_FINGERPRINT,
        .name = "fingerprint",
        .what = "telling keys apart by their hash, possibly stored (no adversary)",
        .rule = "Qualifies: output frozen; no CPU feature without portable code; enough output bits by the birthday "
                "bound (n keys into 2^b values expect n(n-1)/2 / 2^b colliding pairs, at most 1e-6 at n = 10 x your "
                "distinct keys); every spread test passes on these keys (buckets, collisions, low-32 collisions, "
                "avalanche). Ranked by time per key (independent calls); ties (overlapping 90% intervals, medians "
                "within 10%) go to the most output bits (for the same time, a wider margin).",
        .gates = HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS) | HB_GATE(HB_GATE_BITS) | HB_GATE(HB_GATE_SPREAD),
        .spread_tests = HB_TEST(HB_TEST_BUCKETS) | HB_TEST(HB_TEST_COLLISIONS) | HB_TEST(HB_TEST_LOW32) |
                        HB_TEST(HB_TEST_AVALANCHE),
        .birthday = true,
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "With no adversary only: a collision of a non-cryptographic hash can be made on purpose, so if "
                  "others choose the keys, use crypto.",
    },
    {
        .need = HB_NEED_CRYPTO,
        .name = "crypto",
        .what = "an adversary chooses the inputs and must not find two with one digest",
        .rule = "Qualifies: a cryptographic hash with no practical collision attack (MD5 and SHA-1 are left out as "
                "broken), output frozen, no CPU feature without portable code. Its spread on these keys is shown, not "
                "required: a few hundred thousand keys cannot add to what cryptanalysis says. Ranked by time per key "
                "(independent calls); ties (overlapping 90% intervals, medians within 10%) go to the most output "
                "bits.",
        .gates = HB_GATE(HB_GATE_KIND) | HB_GATE(HB_GATE_BROKEN) | HB_GATE(HB_GATE_OUTPUT) | HB_GATE(HB_GATE_NEEDS),
        .rank_by = HB_MEASURE_THROUGHPUT,
        .tie_break = HB_MEASURE_BITS,
        .advice = "A digest alone proves nothing about who wrote the data: use a MAC (HMAC, keyed BLAKE2 or BLAKE3) "
                  "or a signature for that, and a password hash (Argon2id, scrypt, bcrypt) for passwords.",
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
    return "table, table-untrusted, checksum, fingerprint, crypto";
}

const char *hb_gate_name(enum hb_gate g)
{
    static const char *const names[HB_GATES] = {"unknown", "kind", "broken", "dos",   "output",
                                                "needs",   "bits", "cpu",    "timed", "spread"};
    return g < HB_GATES ? names[g] : "?";
}

const char *hb_measure_title(enum hb_measure m)
{
    switch (m) {
    case HB_MEASURE_LATENCY: return "chain latency";
    case HB_MEASURE_THROUGHPUT: return "time per key";
    case HB_MEASURE_BITS: return "output bits";
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

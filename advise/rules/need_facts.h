/* need_facts.h — the published facts the password, mac, shard and checksum needs rest on, as
 * tables by registry name: which entries are MACs and their key and tag rules, which have a
 * published specification another language can implement, and each CRC's guaranteed Hamming
 * distance by data-word length with its source. docs/advice.md gives the reasons. */
#ifndef HB_ADVICE_NEED_FACTS_H
#define HB_ADVICE_NEED_FACTS_H

#include <stdint.h>

#include "hb_hash.h"
#include "needs.h"

struct hb_mac_fact {
    const char *name; /* the registry's name */
    const char *key;  /* the key rule; NULL: exactly the algorithm's key_bits (hb_hash.h), drawn from a
                       * cryptographic random source */
    const char *tag;  /* the tag rule */
};

struct hb_spec_fact {
    const char *name;
    const char *spec; /* the published specification */
};

/* A CRC's Hamming distance profile: max_bits[i] is the longest data word (bits, the CRC not
 * counted) at which HD = i + 3 holds, as the source lists it; 0 ends the list. */
struct hb_hamming_fact {
    const char *name;
    const char *polynomial; /* as the source names it */
    unsigned width;         /* CRC bits: every burst of at most this many bits is caught */
    uint64_t max_bits[16];  /* empty: the sources checked give no figure */
    const char *source;
};

/* Why a CRC of degree r catches every burst of at most r bits, whatever its polynomial: a burst is
 * x^i b(x) with b(0) = 1 and deg b < r; the generator has a nonzero constant term, so it divides
 * x^i b(x) only if it divides b, which its degree forbids. */
#define HB_BURST_SOURCE                                                                                                \
    "Peterson and Brown, \"Cyclic Codes for Error Detection\", Proc. IRE 49(1), 1961: a cyclic code with r check "     \
    "bits detects every burst of at most r bits"

extern const struct hb_mac_fact hb_mac_facts[];
extern const struct hb_spec_fact hb_spec_facts[];
extern const struct hb_hamming_fact hb_hamming_facts[];

const struct hb_mac_fact *hb_mac_fact(const char *name);
const char *hb_spec_fact(const char *name);
const struct hb_hamming_fact *hb_hamming_fact(const char *name);

/* The guaranteed Hamming distance of f at a data word of bits bits: the largest HD whose length
 * reaches it; 0 when the source gives no figure at that length (longer than every listed one, or
 * no profile at all). Every error of fewer bits than the HD is caught. */
unsigned hb_hamming_distance(const struct hb_hamming_fact *f, uint64_t bits);

/* The gates of the password, mac and shard needs on an algorithm's properties (HB_GATE_SLOW, MAC,
 * SPEC): HB_GATES when h passes every one of them rule asks for, else the gate with *reason. */
enum hb_gate hb_need_fact_gate(const struct hb_need_rule *rule, const struct hb_hash *h, char **reason);

#endif

/* need_facts.h — the published facts the password, mac and shard needs rest on, as tables by
 * registry name: which entries are MACs and their key and tag rules, which have a published
 * specification another language can implement; and why a CRC catches every short burst. (A
 * CRC's Hamming distances come from c_hashes: hb_crc_distance.h.) docs/advice.md gives the
 * reasons. */
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

/* Why a CRC of degree r catches every burst of at most r bits, whatever its polynomial: a burst is
 * x^i b(x) with b(0) = 1 and deg b < r; the generator has a nonzero constant term, so it divides
 * x^i b(x) only if it divides b, which its degree forbids. */
#define HB_BURST_SOURCE                                                                                                \
    "Peterson and Brown, \"Cyclic Codes for Error Detection\", Proc. IRE 49(1), 1961: a cyclic code with r check "     \
    "bits detects every burst of at most r bits"

extern const struct hb_mac_fact hb_mac_facts[];
extern const struct hb_spec_fact hb_spec_facts[];

const struct hb_mac_fact *hb_mac_fact(const char *name);
const char *hb_spec_fact(const char *name);

/* The gates of the password, mac and shard needs on an algorithm's properties (HB_GATE_SLOW, MAC,
 * SPEC): HB_GATES when h passes every one of them rule asks for, else the gate with *reason. */
enum hb_gate hb_need_fact_gate(const struct hb_need_rule *rule, const struct hb_hash *h, char **reason);

#endif

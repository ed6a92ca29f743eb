/* published.h — what the literature says about an algorithm that the registry does not hold as a
 * field, for the reasons and notes the advisor writes: who published the seed-independent
 * multicollisions of each HB_DOS_SEED_INDEPENDENT name (each family's file cites the same), which
 * cryptographic hashes are broken, and which formats name a checksum. tests/advise/test_published.c
 * holds the attack table to the registry: one line for every seed-independent name, none for
 * another. */
#ifndef HB_ADVICE_PUBLISHED_H
#define HB_ADVICE_PUBLISHED_H

#include <stddef.h>

struct hb_published {
    const char *name; /* the registry's name */
    const char *text;
};

extern const struct hb_published hb_published_attacks[];
extern const size_t hb_published_attack_count;

/* The published seed-independent attack on name, or NULL. */
const char *hb_published_attack(const char *name);
/* Why name is broken as a cryptographic hash, or NULL. */
const char *hb_published_break(const char *name);
/* The formats that name name as their checksum ("CRC-32C: iSCSI, SCTP, ..."), or NULL. */
const char *hb_published_formats(const char *name);

#endif

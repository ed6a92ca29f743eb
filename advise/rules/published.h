/* published.h — what the literature says about an algorithm that the registry does not hold as a
 * field and that is not DoS evidence (c_hashes/dos_evidence.c holds that), for the reasons and notes
 * the advisor writes: which cryptographic hashes are broken, and which formats name a checksum.
 * tests/advise/test_published.c holds the broken ones to the registry. */
#ifndef HB_ADVICE_PUBLISHED_H
#define HB_ADVICE_PUBLISHED_H

#include <stddef.h>

struct hb_published {
    const char *name; /* the registry's name */
    const char *text;
};

/* Why name is broken as a cryptographic hash, or NULL. */
const char *hb_published_break(const char *name);
/* The formats that name name as their checksum ("CRC-32C: iSCSI, SCTP, ..."), or NULL. */
const char *hb_published_formats(const char *name);
struct hb_strbuf;
/* Every name's formats, "; "-separated, appended to out (the checksum need's advice names them). */
void hb_published_formats_list(struct hb_strbuf *out);

#endif

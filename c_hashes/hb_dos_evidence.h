/*
 * hb_dos_evidence.h — what each name's dos property (hb_hash.h) rests on, as data beside the
 * registry: the kind of evidence and its citation. hbsum --list shows it (columns dos_evidence and
 * dos_source), hbadvise's table-untrusted reasons are made from it, tests/c_hashes/test_dos.c holds
 * the table to the registry and tests/advise/check_dos_reasons.c the advisor's reasons to the table.
 */
#ifndef HB_DOS_EVIDENCE_H
#define HB_DOS_EVIDENCE_H

#ifdef __cplusplus
extern "C" {
#endif

enum hb_dos_evidence_kind {
    HB_EVIDENCE_PUBLISHED = 1, /* a paper, an advisory or a CVE states it */
    HB_EVIDENCE_REPORTED,      /* an issue states it, unconfirmed by the designers */
    HB_EVIDENCE_REPRODUCED,    /* our own test shows it (test_dos.c), the original report cited */
    HB_EVIDENCE_BY_DESIGN,     /* the designers' claim, or what follows from the definition */
};

struct hb_dos_evidence {
    const char *name; /* the registry's name */
    enum hb_dos_evidence_kind kind;
    const char *citation;
};

extern const struct hb_dos_evidence hb_dos_evidence_table[];

/* The evidence of name, or NULL when the table has no row for it. */
const struct hb_dos_evidence *hb_dos_evidence(const char *name);
/* "published", "reported", "reproduced", "by-design" */
const char *hb_dos_evidence_kind_name(enum hb_dos_evidence_kind k);

#ifdef __cplusplus
}
#endif

#endif

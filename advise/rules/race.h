/* race.h — what a report says to the next process and to another run: the entries racing still
 * keeps (advise.sh times only those in its later processes), and whether two runs' answers agree. */
#ifndef HB_ADVICE_RACE_H
#define HB_ADVICE_RACE_H

#include "report.h"

/* The kind of process file whose rows rank r on machine m: tables for the table measure, bulk for
 * 64 KiB, record for a need ranked at the record size where m has those rows, else run. */
enum hb_advice_file hb_advice_ranked_file(const struct hb_advice_result *r, const struct hb_advice_machine *m);

/* Whether need k's ranking on machine m reads kind's rows (what hbadvise --contenders evaluates). */
bool hb_advice_need_reads(enum hb_need k, enum hb_advice_file kind, const struct hb_advice_machine *m);

/* The entries of rep (one machine, built at HB_CONTENDER_CONFIDENCE with each_implementation)
 * still able to be in a fastest set of a ranking kind's rows decide: every member of every tier's
 * set of every such need, of each table design's ranking and of crypto's 64 KiB one, and each
 * design's default hash wherever the run timed it (the answer against it stays paired); when no
 * ranking keeps any (nothing qualifies), the first entry the machine's last process timed of that
 * kind, so that every process still times one. Fills *labels with "name/impl" strings, each once,
 * in the order first met (free each and the array). Returns how many. */
size_t hb_advice_contenders(const struct hb_advice_report *rep, enum hb_advice_file kind, char ***labels);

/* How two runs' answers to one ranking compare, by algorithm name. */
struct hb_advice_agreement {
    char *ranking;          /* "table", "table/absl", "crypto/64KiB", ... */
    size_t ranked[2];       /* entries ranked (the first tier: those the pick comes from) */
    char *set[2], *pick[2]; /* each run's fastest set (names, comma-separated) and pick ("" when none) */
    bool intersect, identical;
    bool pick_in_other[2]; /* run r's pick is in the other run's set */
    bool held[2];          /* run r's answer held in both halves of its processes */
};

/* The agreement of a and b (each one machine's report on the same keys) for every need both rank,
 * each table design and crypto's 64 KiB list. Returns how many rows; free with
 * hb_advice_agreements_free. */
size_t hb_advice_agree(const struct hb_advice_report *a, const struct hb_advice_report *b,
                       struct hb_advice_agreement **rows);
void hb_advice_agreements_free(struct hb_advice_agreement *rows, size_t n);

#endif

/*
 * callgrind_dump_test.c — property: hbcount reads a callgrind dump's trigger, events and totals as
 * callgrind wrote them. The fixture is a dump valgrind 3.19's callgrind wrote (--cache-sim=yes,
 * CALLGRIND_DUMP_STATS_AT("row one") after 100 calls of a 1024-byte FNV-1a loop), its totals line
 * as callgrind printed it; a dump cut before its totals, and a missing file, are refused with a
 * reason.
 *
 *   callgrind_dump_test FIXTURE TMPFILE
 */
#include <stdio.h>
#include <string.h>

#include "callgrind_dump.h"

static int failures;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "callgrind_dump_test: " __VA_ARGS__);                                                      \
            fputc('\n', stderr);                                                                                       \
            failures++;                                                                                                \
        }                                                                                                              \
    } while (0)

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: callgrind_dump_test FIXTURE TMPFILE\n");
        return 2;
    }
    struct hb_callgrind_dump dump;
    char err[512];
    CHECK(hb_callgrind_dump_read(argv[1], &dump, err, sizeof err), "%s: %s", argv[1], err);
    CHECK(strcmp(dump.trigger, "Client Request: row one") == 0, "trigger '%s'", dump.trigger);
    CHECK(dump.events == 9, "%zu events, want 9 (Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw)", dump.events);
    const struct {
        const char *event;
        uint64_t total;
    } want[] = {{"Ir", 616004}, {"Dr", 102601}, {"Dw", 201},  {"I1mr", 3}, {"D1mr", 16},
                {"D1mw", 1},    {"ILmr", 3},    {"DLmr", 16}, {"DLmw", 1}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        uint64_t v = 0;
        CHECK(hb_callgrind_dump_total(&dump, want[i].event, &v) && v == want[i].total, "%s: %llu, want %llu",
              want[i].event, (unsigned long long)v, (unsigned long long)want[i].total);
    }
    uint64_t none;
    CHECK(!hb_callgrind_dump_total(&dump, "Bc", &none), "Bc found in a dump that did not count it");

    /* The same dump cut before its totals line. */
    FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "w");
    CHECK(in != NULL && out != NULL, "cannot copy the fixture to %s", argv[2]);
    if (in != NULL && out != NULL) {
        char line[4096];
        while (fgets(line, sizeof line, in) != NULL && strncmp(line, "totals:", 7) != 0)
            fputs(line, out);
    }
    if (in != NULL)
        fclose(in);
    if (out != NULL)
        fclose(out);
    CHECK(!hb_callgrind_dump_read(argv[2], &dump, err, sizeof err) && strstr(err, "no totals: line") != NULL,
          "a dump without totals: '%s'", err);
    remove(argv[2]);
    CHECK(!hb_callgrind_dump_read(argv[2], &dump, err, sizeof err) && strstr(err, "cannot read") != NULL,
          "a missing dump: '%s'", err);
    if (failures == 0)
        printf("callgrind_dump_test: all checks passed\n");
    return failures == 0 ? 0 : 1;
}

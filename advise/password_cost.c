/* password_cost.c — hbadvise --time-password: what one Argon2id login costs on this machine at
 * OWASP's minimum parameters (Password Storage Cheat Sheet: 19 MiB of memory, 2 iterations, one
 * lane), timed through Debian's libargon2 (the reference implementation), so that the password
 * need can say what a login costs here and what each guess costs an attacker. */
#include "password_cost.h"

#include <argon2.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "read_folder.h"

enum { MEMORY_KIB = 19 * 1024, ITERATIONS = 2, LANES = 1, REPETITIONS = 7 };

static double password_clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int hb_advice_time_password(void)
{
    static const char password[] = "correct horse battery staple";
    static const unsigned char salt[16] = "hashbench-salt!";
    unsigned char tag[32];
    double took[REPETITIONS];
    for (int i = 0; i < REPETITIONS; i++) {
        double start = password_clock_seconds();
        int rc = argon2id_hash_raw(ITERATIONS, MEMORY_KIB, LANES, password, sizeof password - 1, salt, sizeof salt, tag,
                                   sizeof tag);
        took[i] = password_clock_seconds() - start;
        if (rc != ARGON2_OK) {
            fprintf(stderr, "hbadvise: --time-password: libargon2 failed: %s\n", argon2_error_message(rc));
            return 2;
        }
    }
    qsort(took, REPETITIONS, sizeof *took, by_value);
    printf(HB_PASSWORD_COST_FORMAT "\n", MEMORY_KIB, ITERATIONS, LANES, REPETITIONS, took[REPETITIONS / 2], took[0],
           took[REPETITIONS - 1]);
    return fflush(stdout) == 0 ? 0 : 2;
}

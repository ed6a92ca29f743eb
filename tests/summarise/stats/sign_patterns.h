/* sign_patterns.h — the tests' brute-force reference for the signed-rank test's null
 * distribution: every one of the 2^n assignments of signs to the ranks 1..n, counted. */
#ifndef HB_TEST_SIGN_PATTERNS_H
#define HB_TEST_SIGN_PATTERNS_H

#include <stdint.h>

/* How many of the 2^n assignments of signs to the ranks 1..n (n <= 31) give a positive rank sum
 * <= t. */
static inline uint64_t sign_patterns_at_most(int n, double t)
{
    uint64_t hits = 0;
    for (uint32_t signs = 0; signs < (1u << n); signs++) {
        int sum = 0;
        for (int r = 1; r <= n; r++)
            if (signs >> (r - 1) & 1)
                sum += r;
        hits += sum <= t;
    }
    return hits;
}

#endif

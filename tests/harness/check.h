// check.h — the one check of the harness's unit tests: CHECK(cond, format, ...) counts a failure
// in hb_test::failures and prints where it failed, the condition and what reproduces it (a printf
// format and its arguments); the test's main returns non-zero when any failed.
#ifndef HB_TEST_CHECK_H
#define HB_TEST_CHECK_H

#include <cstdio>

namespace hb_test {
inline int failures = 0;
} // namespace hb_test

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            std::fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                                       \
            std::fprintf(stderr, __VA_ARGS__);                                                                         \
            std::fputc('\n', stderr);                                                                                  \
            hb_test::failures++;                                                                                       \
        }                                                                                                              \
    } while (0)

#endif // HB_TEST_CHECK_H

/* The C tests' checks: each counts a pass or prints the failing line and counts a failure; a test
 * prints the totals at its end and exits non-zero when any check failed. */
#ifndef TICTACTOE_TEST_CHECK_H
#define TICTACTOE_TEST_CHECK_H

#include <stdio.h>

static long passed, failed;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (cond) {                                                                   \
            passed++;                                                                 \
        } else {                                                                      \
            failed++;                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);  \
        }                                                                             \
    } while (0)

#define CHECK_EQ(got, want)                                                           \
    do {                                                                              \
        long long got_ = (long long)(got), want_ = (long long)(want);                 \
        if (got_ == want_) {                                                          \
            passed++;                                                                 \
        } else {                                                                      \
            failed++;                                                                 \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, \
                    #got, got_, want_);                                               \
        }                                                                             \
    } while (0)

#endif

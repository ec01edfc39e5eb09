/* The classic counter loop, written by hand as a C programmer would: a signed counter per row, per
 * column and per diagonal, +1 for player 1 and -1 for player 2, and no validation at all. It is the
 * floor the engine's lean mode is measured against. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Replays games stored as [n, k, row, col, player ...] records and returns the sum of the winners.
 * `counters` has room for 2 * max_n ints. */
int64_t reference_replay(const int64_t *data, size_t words, int32_t *counters) {
    int64_t winners = 0;
    size_t at = 0;
    while (at + 2 <= words) {
        int32_t n = (int32_t)data[at];
        int64_t k = data[at + 1];
        const int64_t *moves = data + at + 2;
        at += 2 + 3 * (size_t)k;
        int32_t *rows = counters, *cols = counters + n;
        int32_t diag = 0, anti = 0;
        memset(counters, 0, 2 * (size_t)n * sizeof *counters);
        for (int64_t i = 0; i < k; i++) {
            int32_t r = (int32_t)moves[3 * i], c = (int32_t)moves[3 * i + 1];
            int32_t p = (int32_t)moves[3 * i + 2];
            int32_t d = p == 1 ? 1 : -1;
            int32_t target = d * n;
            int won = (rows[r] += d) == target;
            won |= (cols[c] += d) == target;
            if (r == c) won |= (diag += d) == target;
            if (r + c == n - 1) won |= (anti += d) == target;
            if (won) {
                winners += p;
                break;
            }
        }
    }
    return winners;
}

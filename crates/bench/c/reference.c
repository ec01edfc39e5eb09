/* The honest floor: the simplest correct counter loop a C programmer would write. One signed int per
 * row and column and two for the diagonals, +1 for player 1 and -1 for player 2, a win when a count's
 * absolute value reaches n, a reused board cleared with memset, and no validation at all. The games
 * end at their last move, so no early exit is needed. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Replays games stored as [n, k, row, col, player ...] records and returns the sum of the winners,
 * with each count `stride` ints apart (a constant wherever this is inlined). */
static inline int64_t replay(const int64_t *data, size_t words, int *counters, size_t stride) {
    int64_t winners = 0;
    size_t at = 0;
    while (at + 2 <= words) {
        int n = (int)data[at];
        int64_t k = data[at + 1];
        const int64_t *moves = data + at + 2;
        at += 2 + 3 * (size_t)k;
        int *rows = counters, *cols = counters + stride * (size_t)n;
        int diag = 0, anti = 0;
        memset(counters, 0, 2 * stride * (size_t)n * sizeof *counters);
        for (int64_t i = 0; i < k; i++) {
            int r = (int)moves[3 * i], c = (int)moves[3 * i + 1], p = (int)moves[3 * i + 2];
            int d = p == 1 ? 1 : -1;
            rows[stride * r] += d;
            cols[stride * c] += d;
            if (r == c) diag += d;
            if (r + c == n - 1) anti += d;
            if (abs(rows[stride * r]) == n || abs(cols[stride * c]) == n || abs(diag) == n ||
                abs(anti) == n)
                winners += p;
        }
    }
    return winners;
}

/* The floor itself. `counters` has room for 2 * max_n ints. */
int64_t reference_replay(const int64_t *data, size_t words, int *counters) {
    return replay(data, words, counters, 1);
}

/* The same loop with each count padded to two ints, as wide as the core's pair of counts per line:
 * the same work over twice the memory, to show what the footprint alone costs on large boards.
 * `counters` has room for 4 * max_n ints. */
int64_t reference_replay_wide(const int64_t *data, size_t words, int *counters) {
    return replay(data, words, counters, 2);
}

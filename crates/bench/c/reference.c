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

/* The floor again, now keeping every promise a lean game makes, as a C programmer would write it:
 * the player must be 1 or 2, the cell on the board, the game not over and the turn the mover's; a
 * pair of counts per line tells, in O(1), whether each player can still complete a line (`open`);
 * the game counts its moves and remembers its winner. What this costs above the bare floor is the
 * price of those promises, whoever writes them. */
struct line {
    int marks[2];
};

struct guarded {
    void *lines; /* n rows, n columns, the main diagonal, the anti-diagonal: 2n + 2 entries */
    int64_t n, moves, open[2];
    int refused; /* bit 1: X may not move; bit 2: O may not; both once the game is over */
    int winner;
};

/* The benchmark passes room for the last game's state as 48 bytes aligned to 8. */
_Static_assert(sizeof(struct guarded) == 48 && _Alignof(struct guarded) <= 8,
               "struct guarded must fit GuardedState in crates/bench/src/main.rs");

/* The winner after the move (0 for none), or -1 when the move is refused and nothing changed. */
static inline int guarded_play(struct guarded *g, int64_t r, int64_t c, int64_t p) {
    if (p != 1 && p != 2) return -1;
    if ((uint64_t)r >= (uint64_t)g->n || (uint64_t)c >= (uint64_t)g->n) return -1;
    if (g->refused & p) return -1;
    int n = (int)g->n, i = (int)p - 1, closed = 0, won = 0;
    struct line *rows = g->lines, *cols = rows + n, *diagonals = cols + n;
#define MARK(line)                         \
    do {                                   \
        closed += (line).marks[i] == 0;    \
        won |= ++(line).marks[i] == n;     \
    } while (0)
    MARK(rows[r]);
    MARK(cols[c]);
    if (r == c) MARK(diagonals[0]);
    if (r + c == n - 1) MARK(diagonals[1]);
#undef MARK
    g->open[1 - i] -= closed;
    g->moves++;
    if (won) g->winner = (int)p;
    g->refused = won || g->moves == (int64_t)n * n ? 3 : (int)p;
    return won ? (int)p : 0;
}

/* The guarded loop once more with one 4-byte word a line, as the issue proposes for large boards: the
 * signed count (X's marks minus O's) above two bits saying whether X and O have marked the line, which
 * is what `open` needs. Half the memory of a pair of counts; it cannot take a move back, since the
 * bits do not say how many marks each player holds. */
static inline int compact_play(struct guarded *g, int64_t r, int64_t c, int64_t p) {
    if (p != 1 && p != 2) return -1;
    if ((uint64_t)r >= (uint64_t)g->n || (uint64_t)c >= (uint64_t)g->n) return -1;
    if (g->refused & p) return -1;
    int n = (int)g->n, step = p == 1 ? 4 : -4, target = p == 1 ? n : -n, bit = (int)p;
    int closed = 0, won = 0;
    int *rows = g->lines, *cols = rows + n, *diagonals = cols + n;
#define MARK(line)                      \
    do {                                \
        closed += ((line) & bit) == 0;  \
        (line) = ((line) + step) | bit; \
        won |= (line) >> 2 == target;   \
    } while (0)
    MARK(rows[r]);
    MARK(cols[c]);
    if (r == c) MARK(diagonals[0]);
    if (r + c == n - 1) MARK(diagonals[1]);
#undef MARK
    g->open[2 - p] -= closed;
    g->moves++;
    if (won) g->winner = (int)p;
    g->refused = won || g->moves == (int64_t)n * n ? 3 : (int)p;
    return won ? (int)p : 0;
}

/* Replays the records like `reference_replay` through one reused guarded game whose lines are
 * `line_size` bytes each (room for 2 * max_n + 2 of them), moved by `play` (a constant wherever this
 * is inlined), and leaves the last game's state in `last` for the caller to see, so that keeping it
 * is part of the work. */
static inline int64_t guarded_replay(const int64_t *data, size_t words, void *lines,
                                     size_t line_size, struct guarded *last,
                                     int (*play)(struct guarded *, int64_t, int64_t, int64_t)) {
    struct guarded g = {.lines = lines};
    int64_t winners = 0;
    size_t at = 0;
    while (at + 2 <= words) {
        int64_t n = data[at], k = data[at + 1];
        const int64_t *moves = data + at + 2;
        at += 2 + 3 * (size_t)k;
        g.n = n;
        memset(lines, 0, (size_t)(2 * n + 2) * line_size);
        g.moves = 0;
        g.open[0] = g.open[1] = 2 * n + 2;
        g.refused = g.winner = 0;
        for (int64_t i = 0; i < k; i++) {
            int w = play(&g, moves[3 * i], moves[3 * i + 1], moves[3 * i + 2]);
            if (w < 0) return -1;
            winners += w;
        }
    }
    *last = g;
    return winners;
}

int64_t reference_guarded_replay(const int64_t *data, size_t words, struct line *lines,
                                 struct guarded *last) {
    return guarded_replay(data, words, lines, sizeof *lines, last, guarded_play);
}

int64_t reference_compact_replay(const int64_t *data, size_t words, int *lines,
                                 struct guarded *last) {
    return guarded_replay(data, words, lines, sizeof *lines, last, compact_play);
}

/* The honest floors of the family's rows: the simplest correct loops a C programmer would write for
 * the same work, with no engine and no validation.
 *
 * Any board: a byte per cell, and after each move a walk from the new mark in the four directions,
 * as far as the mover's marks run (at most k - 1 cells each way): the usual m,n,k win test.
 *
 * Connect Four: a 64-bit board per player, 7 bits per column (6 cells and a spare, so that no run
 * wraps from one column into the next), column heights, and the four shift-and-AND win tests on the
 * mover's board. */
#include <stdint.h>
#include <string.h>

/* Replays `count` moves (row, col, player as int64 triples) on a `rows x cols` byte board where `k`
 * in a row wins; returns the sum of the winners' numbers. `board` has rows * cols bytes. */
int64_t family_scan_replay(const int64_t *moves, size_t count, int64_t rows, int64_t cols, int64_t k,
                           uint8_t *board) {
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int64_t winners = 0;
    memset(board, 0, (size_t)(rows * cols));
    for (size_t i = 0; i < count; i++) {
        int64_t r = moves[3 * i], c = moves[3 * i + 1];
        uint8_t p = (uint8_t)moves[3 * i + 2];
        board[r * cols + c] = p;
        for (int d = 0; d < 4; d++) {
            int64_t run = 1;
            for (int s = -1; s <= 1; s += 2) {
                int64_t dr = s * dirs[d][0], dc = s * dirs[d][1];
                int64_t y = r + dr, x = c + dc;
                while (run < k && y >= 0 && y < rows && x >= 0 && x < cols && board[y * cols + x] == p) {
                    run++;
                    y += dr;
                    x += dc;
                }
            }
            if (run >= k) {
                winners += p;
                break;
            }
        }
    }
    return winners;
}

static int won(uint64_t b) {
    uint64_t m = b & (b >> 7); /* horizontal: the next column is 7 bits up */
    if (m & (m >> 14)) return 1;
    m = b & (b >> 1); /* vertical */
    if (m & (m >> 2)) return 1;
    m = b & (b >> 8); /* one diagonal */
    if (m & (m >> 16)) return 1;
    m = b & (b >> 6); /* the other */
    return (m & (m >> 12)) != 0;
}

/* Replays Connect Four games stored as [k, col, col, ...] records (X first); returns the sum of the
 * winners' numbers. */
int64_t connect_four_replay(const int64_t *data, size_t words) {
    int64_t winners = 0;
    size_t at = 0;
    while (at < words) {
        int64_t k = data[at++];
        uint64_t boards[2] = {0, 0};
        int heights[7] = {0};
        for (int64_t i = 0; i < k; i++) {
            int col = (int)data[at + (size_t)i], p = (int)(i & 1);
            boards[p] |= (uint64_t)1 << (7 * col + heights[col]++);
            if (won(boards[p])) winners += p + 1;
        }
        at += (size_t)k;
    }
    return winners;
}

/* The floor of perfect play on Connect Four: the simplest strong solver a C programmer writes in an
 * afternoon. Negamax with alpha-beta on the two-word board, a win at once taken at once, columns
 * tried centre first, and a transposition table of the positions' exact scores and upper bounds
 * (key: the mover's stones plus all stones, unique on this layout). Scores as the engine's: a win at
 * move M scores 43 - M, a loss -(43 - M), a draw 0. */
struct c4_entry {
    uint64_t key;
    int8_t lower, upper;
};

static const int c4_order[7] = {3, 2, 4, 1, 5, 0, 6};

static uint64_t c4_nodes;

static int64_t c4_negamax(uint64_t mine, uint64_t all, int moves, int alpha, int beta, struct c4_entry *table,
                          uint64_t mask) {
    const uint64_t bottom = 0x40810204081ull, cells = bottom * 0x3F;
    c4_nodes++;
    uint64_t legal = (all + bottom) & cells;
    for (int c = 0; c < 7; c++) {
        uint64_t bit = legal & (0x7Full << (7 * c));
        if (bit && won(mine | bit)) return 43 - (moves + 1);
    }
    if (moves + 1 >= 42) return 0;
    uint64_t key = mine + all;
    struct c4_entry *e = &table[(key * 0x9E3779B97F4A7C15ull >> 20) & mask];
    if (e->key == key) {
        if (e->lower >= beta) return e->lower;
        if (e->upper <= alpha) return e->upper;
        if (e->lower > alpha) alpha = e->lower;
        if (e->upper < beta) beta = e->upper;
        if (alpha >= beta) return alpha;
    }
    int start = alpha, best = -100;
    for (int i = 0; i < 7; i++) {
        uint64_t bit = legal & (0x7Full << (7 * c4_order[i]));
        if (!bit) continue;
        int score = -(int)c4_negamax(all ^ mine, all | bit, moves + 1, -beta, -alpha, table, mask);
        if (score > best) best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
    }
    e->key = key;
    if (best >= beta) {
        e->lower = (int8_t)best, e->upper = 100;
    } else if (best > start) {
        e->lower = e->upper = (int8_t)best;
    } else {
        e->lower = -100, e->upper = (int8_t)best;
    }
    return best;
}

/* Solves each of `count` positions (`moves[i]` stones: the mover's word and all stones' word at
 * `words[2 * i]` and `words[2 * i + 1]`) with `table` (2^bits entries, cleared here once); returns
 * the sum of the scores, and the nodes in `*nodes`. */
int64_t connect_four_floor_solve(const uint64_t *words, const int64_t *moves, size_t count, void *table,
                                 int bits, uint64_t *nodes) {
    struct c4_entry *t = table;
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    memset(t, 0, sizeof *t << bits);
    for (uint64_t i = 0; i <= mask; i++) t[i].lower = -100, t[i].upper = 100;
    int64_t sum = 0;
    c4_nodes = 0;
    for (size_t i = 0; i < count; i++)
        sum += c4_negamax(words[2 * i], words[2 * i + 1], (int)moves[i], -100, 100, t, mask);
    *nodes = c4_nodes;
    return sum;
}

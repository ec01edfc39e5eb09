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

/* Checks every function and error code of libtictactoe from C: NULL everywhere, the classic game,
 * random games against a brute-force model, and the batch's all-or-nothing rule.
 * Prints one line per failure and a closing "N passed, M failed" line; exits non-zero on failure. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

#include "check.h"

/* ---- The model: a plain board, scanned in full. ---- */

enum { MAX_N = 7 };

typedef struct {
    int n, lean, moves, last;
    int board[MAX_N][MAX_N];
    int history[MAX_N * MAX_N][3];
} Model;

static void model_init(Model *m, int n, int lean) {
    memset(m, 0, sizeof *m);
    m->n = n;
    m->lean = lean;
}

/* Whether `p` holds the whole line starting at (r, c) and stepping by (dr, dc). */
static int holds_line(const Model *m, int p, int r, int c, int dr, int dc) {
    for (int i = 0; i < m->n; i++) {
        if (m->board[r + i * dr][c + i * dc] != p) return 0;
    }
    return 1;
}

/* Whether the line holds no mark of `p`. */
static int free_of(const Model *m, int p, int r, int c, int dr, int dc) {
    for (int i = 0; i < m->n; i++) {
        if (m->board[r + i * dr][c + i * dc] == p) return 0;
    }
    return 1;
}

static int model_winner(const Model *m) {
    for (int p = 1; p <= 2; p++) {
        for (int i = 0; i < m->n; i++) {
            if (holds_line(m, p, i, 0, 0, 1) || holds_line(m, p, 0, i, 1, 0)) return p;
        }
        if (holds_line(m, p, 0, 0, 1, 1) || holds_line(m, p, 0, m->n - 1, 1, -1)) return p;
    }
    return 0;
}

static int model_over(const Model *m) { return model_winner(m) != 0 || m->moves == m->n * m->n; }

static int model_can_win(const Model *m, int p) {
    if (model_over(m)) return 0;
    int q = 3 - p;
    for (int i = 0; i < m->n; i++) {
        if (free_of(m, q, i, 0, 0, 1) || free_of(m, q, 0, i, 1, 0)) return 1;
    }
    return free_of(m, q, 0, 0, 1, 1) || free_of(m, q, 0, m->n - 1, 1, -1);
}

/* The answer the library must give; applies the move when it is legal. */
static int model_move(Model *m, int64_t row, int64_t col, int player) {
    if (player != 1 && player != 2) return TICTACTOE_ERROR_INVALID_PLAYER;
    if (row < 0 || col < 0 || row >= m->n || col >= m->n) return TICTACTOE_ERROR_OUT_OF_RANGE;
    if (model_over(m)) return TICTACTOE_ERROR_GAME_OVER;
    if (m->last == player) return TICTACTOE_ERROR_WRONG_TURN;
    if (m->board[row][col] != 0) return TICTACTOE_ERROR_OCCUPIED;
    m->board[row][col] = player;
    m->history[m->moves][0] = (int)row;
    m->history[m->moves][1] = (int)col;
    m->history[m->moves][2] = player;
    m->moves++;
    m->last = player;
    return model_winner(m);
}

static int model_undo(Model *m, int *row, int *col) {
    if (m->lean) return TICTACTOE_ERROR_NEEDS_BOARD;
    if (m->moves == 0) return TICTACTOE_ERROR_NOTHING_TO_UNDO;
    m->moves--;
    *row = m->history[m->moves][0];
    *col = m->history[m->moves][1];
    int p = m->history[m->moves][2];
    m->board[*row][*col] = 0;
    m->last = m->moves > 0 ? m->history[m->moves - 1][2] : 0;
    return p;
}

/* ---- Comparing the library with the model. ---- */

static void check_agrees(const TicTacToe *g, const Model *m) {
    CHECK_EQ(tictactoe_size(g), m->n);
    CHECK_EQ(tictactoe_winner(g), model_winner(m));
    CHECK_EQ(tictactoe_is_over(g), model_over(m));
    CHECK_EQ(tictactoe_is_draw(g), model_winner(m) == 0 && m->moves == m->n * m->n);
    CHECK_EQ(tictactoe_move_count(g), m->moves);
    CHECK_EQ(tictactoe_can_win(g, 1), model_can_win(m, 1));
    CHECK_EQ(tictactoe_can_win(g, 2), model_can_win(m, 2));
    for (int r = 0; r < m->n; r++) {
        for (int c = 0; c < m->n; c++) {
            CHECK_EQ(tictactoe_cell(g, r, c), m->lean ? TICTACTOE_ERROR_NEEDS_BOARD : m->board[r][c]);
        }
    }
    if (!m->lean) {
        char want[MAX_N * (2 * MAX_N + 2) + 1], got[sizeof want];
        size_t at = 0;
        for (int r = 0; r < m->n; r++) {
            if (r > 0) want[at++] = '\n';
            for (int c = 0; c < m->n; c++) {
                want[at++] = '|';
                want[at++] = " XO"[m->board[r][c]];
            }
            want[at++] = '|';
        }
        want[at] = '\0';
        CHECK_EQ(tictactoe_render(g, got, sizeof got), (long long)at);
        CHECK(strcmp(got, want) == 0);
    }
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int64_t random_coordinate(int n) {
    switch (next_random() % 16) {
    case 0: return -1;
    case 1: return n;
    case 2: return INT64_MIN;
    default: return (int64_t)(next_random() % (uint64_t)n);
    }
}

static int random_player(const Model *m) {
    int due = m->last == 0 ? 1 + (int)(next_random() % 2) : 3 - m->last;
    switch (next_random() % 16) {
    case 0: return 3 - due;
    case 1: return (int)(next_random() % 5) - 1;
    case 2: return INT_MIN;
    default: return due;
    }
}

/* One random game, step by step, against the model; `lean` skips the moves a lean caller may not make. */
static void random_game(int n, int lean) {
    TicTacToe *g = lean ? tictactoe_new_lean(n) : tictactoe_new(n);
    CHECK(g != NULL);
    if (g == NULL) return;
    Model m;
    model_init(&m, n, lean);
    for (int step = 0; step < 3 * n * n + 5; step++) {
        uint64_t kind = next_random() % 20;
        if (kind < 15) {
            int64_t row = random_coordinate(n), col = random_coordinate(n);
            int player = random_player(&m);
            Model next = m;
            int want = model_move(&next, row, col, player);
            if (lean && want == TICTACTOE_ERROR_OCCUPIED) continue;
            CHECK_EQ(tictactoe_move(g, row, col, player), want);
            if (want >= 0) m = next;
        } else if (kind < 18) {
            int64_t row = -7, col = -7;
            int want_row = -7, want_col = -7;
            int want = model_undo(&m, &want_row, &want_col);
            CHECK_EQ(tictactoe_undo(g, &row, &col), want);
            CHECK_EQ(row, want >= 0 ? want_row : -7);
            CHECK_EQ(col, want >= 0 ? want_col : -7);
        } else if (kind < 19) {
            TicTacToeMove batch[4];
            size_t count = (size_t)(next_random() % 5);
            Model next = m;
            int want = model_winner(&m);
            long long want_index = -1;
            for (size_t i = 0; i < count; i++) {
                batch[i].row = random_coordinate(n);
                batch[i].col = random_coordinate(n);
                batch[i].player = random_player(&next);
                if (want_index < 0) {
                    int r = model_move(&next, batch[i].row, batch[i].col, (int)batch[i].player);
                    if (r < 0) {
                        want = r;
                        want_index = (long long)i;
                    } else {
                        want = r;
                    }
                }
            }
            if (lean && want == TICTACTOE_ERROR_OCCUPIED) continue;
            size_t index = 99;
            CHECK_EQ(tictactoe_play(g, count ? batch : NULL, count, &index), want);
            if (want >= 0) {
                m = next;
                CHECK_EQ(index, 99);
            } else {
                CHECK_EQ(index, want_index);
            }
        } else {
            CHECK_EQ(tictactoe_reset(g), 0);
            model_init(&m, n, lean);
        }
        check_agrees(g, &m);
    }
    tictactoe_free(g);
}

/* ---- Case by case. ---- */

static void test_null_everywhere(void) {
    int64_t r, c;
    size_t i;
    char buf[8];
    TicTacToeMove mv = {0, 0, 1};
    tictactoe_free(NULL);
    CHECK_EQ(tictactoe_move(NULL, 0, 0, 1), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_play(NULL, &mv, 1, &i), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_winner(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_is_over(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_is_draw(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_move_count(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_size(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_can_win(NULL, 1), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_reset(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_cell(NULL, 0, 0), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_undo(NULL, &r, &c), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_render(NULL, buf, sizeof buf), TICTACTOE_ERROR_NULL_POINTER);

    TicTacToe *g = tictactoe_new(3);
    CHECK(g != NULL);
    CHECK_EQ(tictactoe_play(g, NULL, 2, &i), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_play(g, NULL, 0, NULL), 0);
    CHECK_EQ(tictactoe_play(g, &mv, SIZE_MAX, NULL), TICTACTOE_ERROR_TOO_MANY_MOVES);
    CHECK_EQ(tictactoe_render(g, NULL, 5), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_render(g, NULL, 0), 3 * 7 + 2);
    CHECK_EQ(tictactoe_move(g, 1, 1, 1), 0);
    CHECK_EQ(tictactoe_undo(g, NULL, NULL), 1);
    CHECK_EQ(tictactoe_move_count(g), 0);
    tictactoe_free(g);
}

static void test_strerror(void) {
    /* The last code; a test of its own below checks that nothing follows it. */
    enum { LAST = TICTACTOE_ERROR_INVALID_BOOK };
    const char *seen[1 - LAST] = {0};
    for (int code = LAST; code <= -1; code++) {
        const char *msg = tictactoe_strerror(code);
        CHECK(msg != NULL && strlen(msg) > 0);
        CHECK(strcmp(msg, tictactoe_strerror(-1000)) != 0);
        for (int k = 1; k <= -LAST; k++) {
            CHECK(seen[k] == NULL || strcmp(seen[k], msg) != 0);
        }
        seen[-code] = msg;
    }
    CHECK(strcmp(tictactoe_strerror(INT_MIN), "unknown error code") == 0);
    CHECK(strcmp(tictactoe_strerror(LAST - 1), "unknown error code") == 0);
    CHECK(strcmp(tictactoe_strerror(0), "success") == 0);
    CHECK(strcmp(tictactoe_strerror(INT_MAX), "success") == 0);
}

static void test_sizes(void) {
    const int64_t bad[] = {0, -1, -3, INT64_MIN, INT64_MAX, 4294967296};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        CHECK(tictactoe_new(bad[k]) == NULL);
        CHECK(tictactoe_new_lean(bad[k]) == NULL);
    }
    CHECK(tictactoe_new(65536) == NULL);
    /* One above the largest lean size; allocation failure itself is `churn --allocation-failure`,
     * run under a memory limit, since every size the limits allow fits in this machine. */
    CHECK(tictactoe_new_lean(536870912) == NULL);
    TicTacToe *big = tictactoe_new_lean(65536);
    CHECK(big != NULL);
    CHECK_EQ(tictactoe_move(big, 65535, 65535, 2), 0);
    tictactoe_free(big);
}

static void test_classic(void) {
    static const int moves[7][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}};
    static const int answers[7] = {0, 0, 0, 0, 0, 0, 1};
    TicTacToe *g = tictactoe_new(3);
    for (int i = 0; i < 7; i++) {
        CHECK_EQ(tictactoe_move(g, moves[i][0], moves[i][1], moves[i][2]), answers[i]);
    }
    char board[32];
    CHECK_EQ(tictactoe_render(g, board, sizeof board), 23);
    CHECK(strcmp(board, "|X| |O|\n|O|O| |\n|X|X|X|") == 0);
    CHECK_EQ(tictactoe_move(g, 1, 2, 2), TICTACTOE_ERROR_GAME_OVER);
    /* snprintf rules: cut to fit, NUL-terminated, full length returned. */
    char small[5];
    CHECK_EQ(tictactoe_render(g, small, sizeof small), 23);
    CHECK(strcmp(small, "|X| ") == 0);
    tictactoe_free(g);
}

static void test_batch_all_or_nothing(void) {
    TicTacToe *g = tictactoe_new(3);
    TicTacToeMove moves[] = {{0, 0, 1}, {1, 1, 2}, {0, 1, 1}, {1, 1, 2}};
    size_t index = 77;
    CHECK_EQ(tictactoe_play(g, moves, 4, &index), TICTACTOE_ERROR_OCCUPIED);
    CHECK_EQ(index, 3);
    CHECK_EQ(tictactoe_move_count(g), 0);
    CHECK_EQ(tictactoe_cell(g, 0, 0), 0);
    moves[3] = (TicTacToeMove){2, 2, 2};
    CHECK_EQ(tictactoe_play(g, moves, 4, &index), 0);
    CHECK_EQ(tictactoe_move_count(g), 4);
    TicTacToeMove win = {0, 2, 1};
    CHECK_EQ(tictactoe_play(g, &win, 1, NULL), 1);
    tictactoe_free(g);

    TicTacToe *lean = tictactoe_new_lean(3);
    TicTacToeMove late[] = {{0, 0, 1}, {1, 0, 2}, {0, 1, 1}, {1, 1, 2}, {0, 2, 1}, {2, 2, 2}};
    CHECK_EQ(tictactoe_play(lean, late, 6, &index), TICTACTOE_ERROR_GAME_OVER);
    CHECK_EQ(index, 5);
    CHECK_EQ(tictactoe_move_count(lean), 0);
    CHECK_EQ(tictactoe_winner(lean), 0);
    CHECK_EQ(tictactoe_can_win(lean, 2), 1);
    tictactoe_free(lean);
}

static void test_errors_change_nothing(void) {
    TicTacToe *g = tictactoe_new(4);
    CHECK_EQ(tictactoe_move(g, 1, 2, 2), 0);
    CHECK_EQ(tictactoe_move(g, 1, 2, 1), TICTACTOE_ERROR_OCCUPIED);
    CHECK_EQ(tictactoe_move(g, 0, 0, 2), TICTACTOE_ERROR_WRONG_TURN);
    CHECK_EQ(tictactoe_move(g, 4, 0, 1), TICTACTOE_ERROR_OUT_OF_RANGE);
    CHECK_EQ(tictactoe_move(g, 0, -1, 1), TICTACTOE_ERROR_OUT_OF_RANGE);
    CHECK_EQ(tictactoe_move(g, 0, 0, 0), TICTACTOE_ERROR_INVALID_PLAYER);
    /* Players are int64_t: a value that an int would have truncated to 1 is refused whole. */
    CHECK_EQ(tictactoe_move(g, 0, 0, ((int64_t)1 << 32) | 1), TICTACTOE_ERROR_INVALID_PLAYER);
    CHECK_EQ(tictactoe_can_win(g, ((int64_t)1 << 32) | 2), TICTACTOE_ERROR_INVALID_PLAYER);
    CHECK_EQ(tictactoe_can_win(g, 7), TICTACTOE_ERROR_INVALID_PLAYER);
    CHECK_EQ(tictactoe_cell(g, 0, 4), TICTACTOE_ERROR_OUT_OF_RANGE);
    CHECK_EQ(tictactoe_move_count(g), 1);
    CHECK_EQ(tictactoe_cell(g, 1, 2), 2);
    TicTacToe *lean = tictactoe_new_lean(4);
    int64_t r = 5, c = 5;
    CHECK_EQ(tictactoe_undo(lean, &r, &c), TICTACTOE_ERROR_NEEDS_BOARD);
    CHECK(r == 5 && c == 5);
    char buf[8];
    CHECK_EQ(tictactoe_render(lean, buf, sizeof buf), TICTACTOE_ERROR_NEEDS_BOARD);
    tictactoe_free(lean);
    tictactoe_free(g);
}

int main(void) {
    test_null_everywhere();
    test_strerror();
    test_sizes();
    test_classic();
    test_batch_all_or_nothing();
    test_errors_change_nothing();
    for (int round = 0; round < 300; round++) {
        for (int n = 1; n <= MAX_N; n++) {
            random_game(n, round % 2);
        }
    }
    printf("libtictactoe: %ld passed, %ld failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

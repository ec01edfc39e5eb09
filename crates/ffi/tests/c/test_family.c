/* The k-in-a-row family from C: random rules (rows and columns 1 to 9, every k, gravity on and
 * off, exactly k or k or more), random moves and drops, legal and not, each answer and the whole board compared with a
 * brute-force model that scans every window; undo back to empty; bad rules and NULLs.
 * Prints "N passed, M failed"; exits non-zero on failure. `--short` runs a tenth of the random
 * rounds, for the run under valgrind, where the model's own exhaustive searches took minutes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

#include "check.h"

enum { MAX_SIDE = 9 };

typedef struct {
    int rows, cols, k, gravity, exact, moves, last;
    int board[MAX_SIDE][MAX_SIDE];
    int history[MAX_SIDE * MAX_SIDE][2];
} Model;

static const int DIRECTIONS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Whether cell (r, c) is on the board and holds `p`. */
static int holds(const Model *m, int r, int c, int p) {
    return r >= 0 && r < m->rows && c >= 0 && c < m->cols && m->board[r][c] == p;
}

/* Whether the window of k cells from (r, c) along direction d lies on the board; if so, whether it
 * holds only `p` (all = 1) or no `p` (all = 0), and (with exactly k) whether the cells just outside
 * it are free of `flank`'s marks. */
static int window(const Model *m, int r, int c, int d, int p, int all, int flank, int *on_board) {
    *on_board = 0;
    int dr = DIRECTIONS[d][0], dc = DIRECTIONS[d][1];
    int er = r + (m->k - 1) * dr, ec = c + (m->k - 1) * dc;
    if (er < 0 || er >= m->rows || ec < 0 || ec >= m->cols) return 0;
    *on_board = 1;
    for (int i = 0; i < m->k; i++) {
        int v = m->board[r + i * dr][c + i * dc];
        if (all ? v != p : v == p) return 0;
    }
    if (m->exact && (holds(m, r - dr, c - dc, flank) || holds(m, er + dr, ec + dc, flank))) return 0;
    return 1;
}

static int model_winner(const Model *m) {
    for (int p = 1; p <= 2; p++)
        for (int r = 0; r < m->rows; r++)
            for (int c = 0; c < m->cols; c++)
                for (int d = 0; d < 4; d++) {
                    int on;
                    if (window(m, r, c, d, p, 1, p, &on)) return p;
                }
    return 0;
}

static int model_over(const Model *m) {
    return model_winner(m) != 0 || m->moves == m->rows * m->cols;
}

static int model_can_win(const Model *m, int p) {
    if (model_over(m)) return 0;
    for (int r = 0; r < m->rows; r++)
        for (int c = 0; c < m->cols; c++)
            for (int d = 0; d < 4; d++) {
                int on;
                if (window(m, r, c, d, 3 - p, 0, p, &on) && on) return 1;
            }
    return 0;
}

static int landing(const Model *m, int col) {
    for (int r = m->rows - 1; r >= 0; r--)
        if (m->board[r][col] == 0) return r;
    return -1;
}

static int model_place(Model *m, int row, int col, int player) {
    if (model_over(m)) return TICTACTOE_ERROR_GAME_OVER;
    if (m->last == player) return TICTACTOE_ERROR_WRONG_TURN;
    if (m->board[row][col] != 0) return TICTACTOE_ERROR_OCCUPIED;
    if (m->gravity && landing(m, col) != row) return TICTACTOE_ERROR_NOT_LANDING;
    m->board[row][col] = player;
    m->history[m->moves][0] = row;
    m->history[m->moves][1] = col;
    m->moves++;
    m->last = player;
    return model_winner(m);
}

static int model_move(Model *m, int64_t row, int64_t col, int player) {
    if (player != 1 && player != 2) return TICTACTOE_ERROR_INVALID_PLAYER;
    if (row < 0 || col < 0 || row >= m->rows || col >= m->cols) return TICTACTOE_ERROR_OUT_OF_RANGE;
    return model_place(m, (int)row, (int)col, player);
}

static int model_drop(Model *m, int64_t col, int player) {
    if (player != 1 && player != 2) return TICTACTOE_ERROR_INVALID_PLAYER;
    if (!m->gravity) return TICTACTOE_ERROR_NO_GRAVITY;
    if (col < 0 || col >= m->cols) return TICTACTOE_ERROR_OUT_OF_RANGE;
    if (model_over(m)) return TICTACTOE_ERROR_GAME_OVER;
    if (m->last == player) return TICTACTOE_ERROR_WRONG_TURN;
    int row = landing(m, (int)col);
    if (row < 0) return TICTACTOE_ERROR_COLUMN_FULL;
    return model_place(m, row, (int)col, player);
}

/* Divides the count of random rounds (`--short`). */
static int shorten = 1;

static uint64_t state = 0x9E3779B97F4A7C15u;
static int below(int bound) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (int)(state % (uint64_t)bound);
}

static void agrees(const TicTacToe *g, const Model *m) {
    CHECK_EQ(tictactoe_winner(g), model_winner(m));
    CHECK_EQ(tictactoe_is_over(g), model_over(m));
    CHECK_EQ(tictactoe_move_count(g), m->moves);
    CHECK_EQ(tictactoe_can_win(g, 1), model_can_win(m, 1));
    CHECK_EQ(tictactoe_can_win(g, 2), model_can_win(m, 2));
    for (int r = 0; r < m->rows; r++)
        for (int c = 0; c < m->cols; c++) CHECK_EQ(tictactoe_cell(g, r, c), m->board[r][c]);
}

static void random_games(void) {
    for (int game = 0; game < 1500 / shorten; game++) {
        Model m;
        memset(&m, 0, sizeof m);
        m.rows = 1 + below(MAX_SIDE);
        m.cols = 1 + below(MAX_SIDE);
        int longest = m.rows > m.cols ? m.rows : m.cols;
        m.k = 1 + below(longest);
        m.gravity = below(2);
        m.exact = below(3) == 0;
        uint32_t flags = (m.gravity ? TICTACTOE_GRAVITY : 0) | (m.exact ? TICTACTOE_EXACT : 0);
        TicTacToe *g = tictactoe_new_rules(m.rows, m.cols, m.k, flags);
        CHECK(g != NULL);
        if (g == NULL) continue;
        CHECK_EQ(tictactoe_exact(g), m.exact);
        CHECK_EQ(tictactoe_rows(g), m.rows);
        CHECK_EQ(tictactoe_cols(g), m.cols);
        CHECK_EQ(tictactoe_k(g), m.k);
        CHECK_EQ(tictactoe_gravity(g), m.gravity);
        CHECK_EQ(tictactoe_size(g), m.rows == m.cols ? m.rows : TICTACTOE_ERROR_NOT_SQUARE);
        for (int step = 0; step < 3 * m.rows * m.cols + 4; step++) {
            int player = below(10) == 0 ? below(4) : (m.last == 1 ? 2 : 1);
            if (below(2)) {
                int64_t col = below(m.cols + 2) - 1;
                CHECK_EQ(tictactoe_drop(g, col, player), model_drop(&m, col, player));
            } else {
                int64_t row = below(m.rows + 2) - 1, col = below(m.cols + 2) - 1;
                CHECK_EQ(tictactoe_move(g, row, col, player), model_move(&m, row, col, player));
            }
            agrees(g, &m);
        }
        while (m.moves > 0) {
            int64_t row = -1, col = -1;
            m.moves--;
            CHECK_EQ(tictactoe_undo(g, &row, &col), m.board[m.history[m.moves][0]][m.history[m.moves][1]]);
            CHECK(row == m.history[m.moves][0] && col == m.history[m.moves][1]);
            m.board[row < 0 ? 0 : row][col < 0 ? 0 : col] = 0;
            m.last = m.moves ? m.board[m.history[m.moves - 1][0]][m.history[m.moves - 1][1]] : 0;
            agrees(g, &m);
        }
        CHECK_EQ(tictactoe_undo(g, NULL, NULL), TICTACTOE_ERROR_NOTHING_TO_UNDO);
        tictactoe_free(g);
    }
}

static void bad_rules_and_nulls(void) {
    const int64_t bad[][3] = {{0, 3, 1}, {3, 0, 1}, {3, 3, 0}, {3, 3, 4}, {-1, 7, 4}, {65536, 1, 1},
                              {INT64_MIN, 1, 1}, {1, INT64_MAX, 1}, {2, 5, 6}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(tictactoe_new_rules(bad[i][0], bad[i][1], bad[i][2], 0) == NULL);
    CHECK(tictactoe_new_rules(6, 7, 4, 4) == NULL); /* an unknown flag */
    CHECK(tictactoe_new_rules(6, 7, 4, 1u << 31) == NULL);
    /* Exactly two on one row of five: X at 0 and 2, O at 4; X at 1 makes three, no win. */
    TicTacToe *exact = tictactoe_new_rules(1, 5, 2, TICTACTOE_EXACT);
    CHECK_EQ(tictactoe_exact(exact), 1);
    CHECK_EQ(tictactoe_move(exact, 0, 0, 1), 0);
    CHECK_EQ(tictactoe_move(exact, 0, 4, 2), 0);
    CHECK_EQ(tictactoe_move(exact, 0, 2, 1), 0);
    CHECK_EQ(tictactoe_move(exact, 0, 3, 2), 2);
    tictactoe_free(exact);
    CHECK_EQ(tictactoe_exact(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_drop(NULL, 0, 1), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_rows(NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_gravity(NULL), TICTACTOE_ERROR_NULL_POINTER);
    TicTacToe *four = tictactoe_new_rules(6, 7, 4, TICTACTOE_GRAVITY);
    CHECK_EQ(tictactoe_move(four, 0, 0, 1), TICTACTOE_ERROR_NOT_LANDING);
    CHECK_EQ(tictactoe_drop(four, 7, 1), TICTACTOE_ERROR_OUT_OF_RANGE);
    for (int i = 0; i < 6; i++) CHECK_EQ(tictactoe_drop(four, 0, 1 + i % 2), 0);
    CHECK_EQ(tictactoe_drop(four, 0, 1), TICTACTOE_ERROR_COLUMN_FULL);
    CHECK_EQ(tictactoe_move_count(four), 6);
    char board[128];
    CHECK_EQ(tictactoe_render(four, board, sizeof board), 6 * 15 + 5);
    CHECK(strncmp(board + 5 * 16, "|X| | | | | | |", 15) == 0);
    tictactoe_free(four);
    TicTacToe *classic = tictactoe_new(3);
    CHECK_EQ(tictactoe_drop(classic, 0, 1), TICTACTOE_ERROR_NO_GRAVITY);
    CHECK_EQ(tictactoe_drop(classic, 0, 3), TICTACTOE_ERROR_INVALID_PLAYER);
    tictactoe_free(classic);
}

/* Perfect play by exhaustive search on the model: the outcome for `player` to move, as value and
 * plies (a sooner win, a later loss). */
static void model_outcome(Model *m, int player, int *value, int *plies) {
    int best_value = -2, best_plies = 0;
    for (int r = 0; r < m->rows; r++)
        for (int c = 0; c < m->cols; c++) {
            if (m->board[r][c] != 0 || (m->gravity && landing(m, c) != r)) continue;
            int v, p;
            m->board[r][c] = player;
            m->moves++;
            if (model_winner(m) == player) {
                v = 1, p = 1;
            } else if (m->moves == m->rows * m->cols) {
                v = 0, p = 1;
            } else {
                model_outcome(m, 3 - player, &v, &p);
                v = -v, p = p + 1;
            }
            m->moves--;
            m->board[r][c] = 0;
            /* Rank: a win sooner, then a draw, then a loss later. */
            long rank = v == 1 ? 2000 - p : v == 0 ? 1000 : p;
            long best = best_value == 1 ? 2000 - best_plies : best_value == 0 ? 1000 : best_value == -1 ? best_plies : -1;
            if (rank > best) best_value = v, best_plies = p;
        }
    *value = best_value;
    *plies = best_plies;
}

/* Random rules of at most 3 rows and `max_cols` columns, and a position of random legal moves,
 * played on the model `m` and on the game returned alike; `first` moves first (0: either). */
static TicTacToe *random_position(Model *m, int max_cols, int first) {
    memset(m, 0, sizeof *m);
    m->rows = 1 + below(3);
    m->cols = 1 + below(max_cols);
    m->k = 1 + below(m->rows > m->cols ? m->rows : m->cols);
    m->gravity = below(2);
    TicTacToe *g = tictactoe_new_rules(m->rows, m->cols, m->k, m->gravity ? TICTACTOE_GRAVITY : 0);
    int player = first ? first : 1 + below(2), steps = below(m->rows * m->cols);
    for (int s = 0; s < steps && !model_over(m); s++) {
        int64_t row = below(m->rows), col = below(m->cols);
        if (model_move(m, row, col, player) >= 0) {
            CHECK(tictactoe_move(g, row, col, player) >= 0);
            player = 3 - player;
        }
    }
    return g;
}

static void perfect_play(void) {
    /* The classic game: a draw in nine; against a corner only the centre holds it. */
    TicTacToe *game = tictactoe_new(3);
    int value = 9, plies = 0;
    CHECK_EQ(tictactoe_solve(game, &value, &plies, 0), 0);
    CHECK(value == 0 && plies == 9);
    CHECK_EQ(tictactoe_move(game, 0, 0, 1), 0);
    int64_t rows[9], cols[9];
    CHECK_EQ(tictactoe_best_moves(game, rows, cols, 9, 0), 1);
    CHECK(rows[0] == 1 && cols[0] == 1);
    CHECK_EQ(tictactoe_best_moves(game, NULL, NULL, 0, 0), 1);
    CHECK_EQ(tictactoe_best_moves(game, NULL, cols, 9, 0), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_best_moves(game, rows, rows + 1, 2, 0), TICTACTOE_ERROR_OVERLAP);
    CHECK_EQ(tictactoe_solve(game, NULL, NULL, 1), TICTACTOE_ERROR_SEARCH_LIMIT);
    CHECK_EQ(tictactoe_best_moves(game, rows, cols, 9, 1), TICTACTOE_ERROR_SEARCH_LIMIT);
    CHECK_EQ(tictactoe_move_count(game), 1);
    CHECK_EQ(tictactoe_solve(NULL, &value, &plies, 0), TICTACTOE_ERROR_NULL_POINTER);
    tictactoe_free(game);
    TicTacToe *lean = tictactoe_new_lean(3);
    CHECK_EQ(tictactoe_solve(lean, &value, &plies, 0), TICTACTOE_ERROR_NEEDS_BOARD);
    tictactoe_free(lean);
    TicTacToe *over = tictactoe_new(1);
    CHECK_EQ(tictactoe_move(over, 0, 0, 2), 2);
    CHECK_EQ(tictactoe_solve(over, &value, &plies, 0), TICTACTOE_ERROR_GAME_OVER);
    tictactoe_free(over);
    /* Random positions of random small rules against the exhaustive search. */
    for (int round = 0; round < 300 / shorten; round++) {
        Model m;
        TicTacToe *g = random_position(&m, 3, 0);
        if (model_over(&m)) {
            CHECK_EQ(tictactoe_solve(g, &value, &plies, 0), TICTACTOE_ERROR_GAME_OVER);
        } else {
            int want_value, want_plies;
            model_outcome(&m, m.last ? 3 - m.last : 1, &want_value, &want_plies);
            CHECK_EQ(tictactoe_solve(g, &value, &plies, 0), 0);
            CHECK(value == want_value && plies == want_plies);
        }
        tictactoe_free(g);
    }
}

/* The outcome of `player` marking (r, c) in the model, as move_values gives it. */
static void model_move_value(Model *m, int r, int c, int player, int *value, int *plies) {
    m->board[r][c] = player;
    m->moves++;
    if (model_winner(m) == player) {
        *value = 1, *plies = 1;
    } else if (m->moves == m->rows * m->cols) {
        *value = 0, *plies = 1;
    } else {
        model_outcome(m, 3 - player, value, plies);
        *value = -*value, *plies = *plies + 1;
    }
    m->moves--;
    m->board[r][c] = 0;
}

/* move_values, a solver kept across positions of mixed rules, and the agent. */
static void players(void) {
    TicTacToeSolver *solver = tictactoe_solver_new(10);
    CHECK(solver != NULL);
    int value, plies;
    for (int round = 0; round < 300 / shorten; round++) {
        Model m;
        TicTacToe *g = random_position(&m, 4, 1);
        /* The player to move: the one who did not move last, X before any move. */
        int player = m.last ? 3 - m.last : 1;
        int64_t rows[12], cols[12];
        int values[12], lengths[12];
        if (model_over(&m)) {
            CHECK_EQ(tictactoe_move_values(g, rows, cols, values, lengths, 12, 0), TICTACTOE_ERROR_GAME_OVER);
            CHECK_EQ(tictactoe_solver_solve(solver, g, &value, &plies, 0), TICTACTOE_ERROR_GAME_OVER);
            tictactoe_free(g);
            continue;
        }
        int64_t count = tictactoe_move_values(g, rows, cols, values, lengths, 12, 0);
        int legal = 0;
        for (int r = 0; r < m.rows; r++)
            for (int c = 0; c < m.cols; c++) {
                if (m.board[r][c] != 0 || (m.gravity && landing(&m, c) != r)) continue;
                int v, p;
                model_move_value(&m, r, c, player, &v, &p);
                /* Row-major: the legal cells in the order this loop visits them. */
                CHECK(legal < count && rows[legal] == r && cols[legal] == c);
                CHECK(values[legal] == v && lengths[legal] == p);
                legal++;
            }
        CHECK_EQ(count, legal);
        /* A buffer too small keeps what fits and says how many there are. */
        int64_t one_row = -1, one_col = -1;
        int one_value = 9, one_plies = -1;
        CHECK_EQ(tictactoe_move_values(g, &one_row, &one_col, &one_value, &one_plies, 1, 0), legal);
        CHECK(one_row == rows[0] && one_col == cols[0] && one_value == values[0]);
        CHECK_EQ(tictactoe_move_values(g, NULL, NULL, NULL, NULL, 0, 0), legal);
        /* The solver kept across every position answers as a fresh search does. */
        int want_value, want_plies;
        CHECK_EQ(tictactoe_solve(g, &want_value, &want_plies, 0), 0);
        CHECK_EQ(tictactoe_solver_solve(solver, g, &value, &plies, 0), 0);
        CHECK(value == want_value && plies == want_plies);
        tictactoe_free(g);
    }
    /* Refusals: NULLs, overlap, budgets, bad sizes. */
    TicTacToe *game = tictactoe_new(3);
    int64_t rows[9], cols[9];
    int values[9], lengths[9];
    CHECK_EQ(tictactoe_move_values(NULL, rows, cols, values, lengths, 9, 0), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_move_values(game, rows, cols, NULL, lengths, 9, 0), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_move_values(game, rows, cols, (int *)rows, lengths, 9, 0), TICTACTOE_ERROR_OVERLAP);
    CHECK_EQ(tictactoe_move_values(game, rows, cols, values, values + 1, 2, 0), TICTACTOE_ERROR_OVERLAP);
    CHECK_EQ(tictactoe_move_values(game, rows, cols, values, lengths, 9, 5), TICTACTOE_ERROR_SEARCH_LIMIT);
    CHECK_EQ(tictactoe_solver_solve(solver, game, &value, &plies, 5), TICTACTOE_ERROR_SEARCH_LIMIT);
    CHECK_EQ(tictactoe_solver_solve(solver, NULL, &value, &plies, 0), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_solver_solve(NULL, game, &value, &plies, 0), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_solver_clear(solver), 0);
    CHECK_EQ(tictactoe_solver_clear(NULL), TICTACTOE_ERROR_NULL_POINTER);
    /* Threads: the same answers on one, two and the most threads (more taken as the most). */
    CHECK_EQ(tictactoe_solver_set_threads(NULL, 2), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_agent_set_threads(NULL, 2), TICTACTOE_ERROR_NULL_POINTER);
    {
        TicTacToe *four = tictactoe_new_rules(4, 4, 3, 0);
        int expected_value = 9, expected_plies = 9;
        CHECK_EQ(tictactoe_solver_set_threads(solver, 1), 0);
        CHECK_EQ(tictactoe_solver_solve(solver, four, &expected_value, &expected_plies, 0), 0);
        uint32_t counts[] = {2, 0, TICTACTOE_MAX_THREADS, 4000000000u};
        for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
            CHECK_EQ(tictactoe_solver_clear(solver), 0);
            CHECK_EQ(tictactoe_solver_set_threads(solver, counts[i]), 0);
            CHECK_EQ(tictactoe_solver_solve(solver, four, &value, &plies, 0), 0);
            CHECK(value == expected_value && plies == expected_plies);
        }
        tictactoe_free(four);
    }
    CHECK(tictactoe_solver_new(-1) == NULL);
    CHECK(tictactoe_solver_new(31) == NULL);
    tictactoe_solver_free(NULL);
    tictactoe_solver_free(solver);
    /* The agent: against a corner only the centre holds; a finished game is refused. */
    CHECK(tictactoe_agent_new(-0.5, 1, 0) == NULL);
    CHECK(tictactoe_agent_new(1.5, 1, 0) == NULL);
    CHECK(tictactoe_agent_new(0.0 / 0.0, 1, 0) == NULL);
    TicTacToeAgent *agent = tictactoe_agent_new(1.0, 7, 0);
    CHECK(agent != NULL);
    CHECK_EQ(tictactoe_agent_set_threads(agent, 1), 0);
    CHECK_EQ(tictactoe_move(game, 0, 0, 1), 0);
    int64_t row = -1, col = -1;
    CHECK_EQ(tictactoe_agent_choose(agent, game, &row, &col), 0);
    CHECK(row == 1 && col == 1);
    CHECK_EQ(tictactoe_agent_last_solved(agent), 1);
    CHECK_EQ(tictactoe_move_count(game), 1);
    CHECK_EQ(tictactoe_agent_choose(agent, NULL, &row, &col), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_agent_choose(NULL, game, &row, &col), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_agent_last_solved(NULL), TICTACTOE_ERROR_NULL_POINTER);
    /* By the clock: 3 x 3 is solved within any limit, so the centre still; no limit again. */
    CHECK_EQ(tictactoe_agent_set_max_ms(NULL, 10), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_agent_set_max_ms(agent, 50), 0);
    row = col = -1;
    CHECK_EQ(tictactoe_agent_choose(agent, game, &row, &col), 0);
    CHECK(row == 1 && col == 1);
    CHECK_EQ(tictactoe_agent_set_max_ms(agent, -1), 0);
    TicTacToe *over = tictactoe_new(1);
    CHECK_EQ(tictactoe_move(over, 0, 0, 1), 1);
    CHECK_EQ(tictactoe_agent_choose(agent, over, &row, &col), TICTACTOE_ERROR_GAME_OVER);
    tictactoe_free(over);
    /* A board of more cells than the search reads (2048 x 2048) is refused as short of memory
       by every search and the agent, before any table is made; the game is unchanged. */
    TicTacToe *wide = tictactoe_new_rules(2048, 2049, 5, 0);
    CHECK(wide != NULL);
    CHECK_EQ(tictactoe_move(wide, 1024, 1024, 1), 0);
    value = 9;
    plies = 9;
    int64_t r1 = -1, c1 = -1;
    int values1 = 9, plies1 = 9;
    TicTacToeSolver *big = tictactoe_solver_new(4);
    CHECK_EQ(tictactoe_solve(wide, &value, &plies, 1000), TICTACTOE_ERROR_OUT_OF_MEMORY);
    CHECK_EQ(tictactoe_solver_solve(big, wide, &value, &plies, 1000), TICTACTOE_ERROR_OUT_OF_MEMORY);
    CHECK_EQ(tictactoe_best_moves(wide, &r1, &c1, 1, 1000), TICTACTOE_ERROR_OUT_OF_MEMORY);
    CHECK_EQ(tictactoe_move_values(wide, &r1, &c1, &values1, &plies1, 1, 1000), TICTACTOE_ERROR_OUT_OF_MEMORY);
    CHECK_EQ(tictactoe_agent_choose(agent, wide, &row, &col), TICTACTOE_ERROR_OUT_OF_MEMORY);
    CHECK(value == 9 && plies == 9 && r1 == -1 && c1 == -1 && values1 == 9 && plies1 == 9);
    CHECK_EQ(tictactoe_move_count(wide), 1);
    CHECK_EQ(tictactoe_cell(wide, 1024, 1024), 1);
    tictactoe_solver_free(big);
    tictactoe_free(wide);
    tictactoe_agent_free(agent);
    /* The empty Connect Four board is in the opening book: the one winning move, whatever the
       budget. Nine stones on, a budget far too small: still a legal move, rated. */
    TicTacToeAgent *quick = tictactoe_agent_new(1.0, 7, 1000);
    TicTacToe *four = tictactoe_new_rules(6, 7, 4, TICTACTOE_GRAVITY);
    CHECK_EQ(tictactoe_agent_choose(quick, four, &row, &col), 0);
    CHECK(row == 5 && col == 3);
    CHECK_EQ(tictactoe_agent_last_solved(quick), 1);
    const int64_t opening[] = {3, 3, 3, 3, 2, 4, 4, 2, 1};
    for (int i = 0; i < 9; i++) CHECK(tictactoe_drop(four, opening[i], 1 + i % 2) >= 0);
    CHECK_EQ(tictactoe_agent_choose(quick, four, &row, &col), 0);
    CHECK(row >= 0 && row < 6 && col >= 0 && col < 7);
    CHECK_EQ(tictactoe_agent_last_solved(quick), 0);
    tictactoe_free(four);
    tictactoe_agent_free(quick);
    tictactoe_agent_free(NULL);
    tictactoe_free(game);
}

/* Connect Four's notations: a move string played and read back against drops made one by one,
 * the legal columns against a scan of the top row, the player to move, and every refusal
 * leaving the game as it was (its move string unchanged). */
static void notations(void) {
    TicTacToe *played = tictactoe_new_rules(6, 7, 4, TICTACTOE_GRAVITY);
    TicTacToe *dropped = tictactoe_new_rules(6, 7, 4, TICTACTOE_GRAVITY);
    CHECK_EQ(tictactoe_to_move(played), 1);
    CHECK_EQ(tictactoe_play_move_string(played, "4453", NULL), 0);
    const int64_t columns[] = {3, 3, 4, 2};
    for (int i = 0; i < 4; i++) tictactoe_drop(dropped, columns[i], 1 + i % 2);
    for (int64_t r = 0; r < 6; r++)
        for (int64_t c = 0; c < 7; c++) CHECK_EQ(tictactoe_cell(played, r, c), tictactoe_cell(dropped, r, c));
    char text[16];
    CHECK_EQ(tictactoe_move_string(played, text, sizeof text), 4);
    CHECK(strcmp(text, "4453") == 0);
    CHECK_EQ(tictactoe_move_string(played, NULL, 0), 4);
    CHECK_EQ(tictactoe_to_move(played), 1);

    /* Refusals: the position of the bad character, and nothing played. */
    size_t bad = 99;
    CHECK_EQ(tictactoe_play_move_string(played, "18", &bad), TICTACTOE_ERROR_NOT_A_COLUMN);
    CHECK_EQ(bad, 1);
    CHECK_EQ(tictactoe_play_move_string(played, "1\xff", &bad), TICTACTOE_ERROR_NOT_A_COLUMN);
    CHECK_EQ(bad, 1);
    CHECK_EQ(tictactoe_play_move_string(played, "44444", &bad), TICTACTOE_ERROR_COLUMN_FULL);
    CHECK_EQ(bad, 4);
    CHECK_EQ(tictactoe_play_move_string(played, NULL, &bad), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_play_move_string(NULL, "1", NULL), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_move_string(played, text, sizeof text), 4);
    CHECK(strcmp(text, "4453") == 0);

    /* The legal columns: those whose top cell is empty. */
    CHECK_EQ(tictactoe_play_move_string(played, "4444", NULL), 0); /* column 4 full */
    int64_t legal[7];
    int64_t count = tictactoe_legal_moves(played, legal, 7);
    int64_t k = 0;
    for (int64_t c = 0; c < 7; c++)
        if (tictactoe_cell(played, 0, c) == 0) {
            CHECK(k < count && legal[k] == c);
            k++;
        }
    CHECK_EQ(count, k);
    CHECK_EQ(count, 6);
    CHECK_EQ(tictactoe_legal_moves(played, NULL, 0), 6);
    CHECK_EQ(tictactoe_legal_moves(played, NULL, 3), TICTACTOE_ERROR_NULL_POINTER);

    /* Without gravity: no move string; the legal moves are the empty cells' indices. */
    TicTacToe *square = tictactoe_new(2);
    tictactoe_move(square, 0, 1, 1);
    CHECK_EQ(tictactoe_play_move_string(square, "1", NULL), TICTACTOE_ERROR_NO_NOTATION);
    CHECK_EQ(tictactoe_move_string(square, text, sizeof text), TICTACTOE_ERROR_NO_NOTATION);
    CHECK_EQ(tictactoe_legal_moves(square, legal, 7), 3);
    CHECK(legal[0] == 0 && legal[1] == 2 && legal[2] == 3);
    CHECK_EQ(tictactoe_to_move(square), 2);
    CHECK_EQ(tictactoe_to_move(NULL), TICTACTOE_ERROR_NULL_POINTER);
    tictactoe_free(square);
    tictactoe_free(played);
    tictactoe_free(dropped);
}

/* Opening books from their bytes: a book the engine built (4 x 5, four in a row, gravity, every
 * position of up to six stones: tests/c/small.book) answers as the search without it; bytes that
 * are no book are refused and leave the solver as it was. */
static void books(void) {
    FILE *f = fopen("crates/ffi/tests/c/small.book", "rb");
    CHECK(f != NULL);
    if (f == NULL) return;
    static uint8_t bytes[1 << 16];
    size_t len = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    TicTacToeSolver *booked = tictactoe_solver_new(12), *plain = tictactoe_solver_new(12);
    CHECK_EQ(tictactoe_solver_add_book(booked, bytes, len - 1), TICTACTOE_ERROR_INVALID_BOOK);
    CHECK_EQ(tictactoe_solver_add_book(booked, bytes, 0), TICTACTOE_ERROR_INVALID_BOOK);
    CHECK_EQ(tictactoe_solver_add_book(booked, NULL, 5), TICTACTOE_ERROR_NULL_POINTER);
    CHECK_EQ(tictactoe_solver_add_book(NULL, bytes, len), TICTACTOE_ERROR_NULL_POINTER);
    bytes[40] ^= 1;
    CHECK_EQ(tictactoe_solver_add_book(booked, bytes, len), TICTACTOE_ERROR_INVALID_BOOK);
    bytes[40] ^= 1;
    CHECK_EQ(tictactoe_solver_add_book(booked, bytes, len), 0);
    for (int round = 0; round < 200 / shorten; round++) {
        TicTacToe *g = tictactoe_new_rules(4, 5, 4, TICTACTOE_GRAVITY);
        int stones = below(9);
        for (int i = 0; i < stones && !tictactoe_is_over(g); i++)
            tictactoe_drop(g, below(5), 1 + i % 2); /* a full column is refused */
        int v1 = 9, v2 = 9, p1 = -1, p2 = -1;
        int r1 = tictactoe_solver_solve(booked, g, &v1, &p1, 0);
        int r2 = tictactoe_solver_solve(plain, g, &v2, &p2, 0);
        CHECK(r1 == r2 && v1 == v2 && p1 == p2);
        r1 = tictactoe_solver_value(booked, g, &v1, 0);
        r2 = tictactoe_solver_value(plain, g, &v2, 0);
        CHECK(r1 == r2 && (r1 != 0 || v1 == v2));
        tictactoe_free(g);
    }
    CHECK(strcmp(tictactoe_strerror(TICTACTOE_ERROR_INVALID_BOOK), "unknown error code") != 0);
    tictactoe_solver_free(booked);
    tictactoe_solver_free(plain);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--short") == 0) shorten = 10;
    perfect_play();
    players();
    bad_rules_and_nulls();
    random_games();
    notations();
    books();
    printf("libtictactoe family: %ld passed, %ld failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* Checks TicTacToeGames from C: NULL everywhere, bad arguments, and thousands of random steps in
 * every auto-reset mode and under both illegal-action policies against a reference that replays each
 * game through single TicTacToe games. Prints "N passed, M failed"; exits non-zero on failure. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

#include "check.h"

enum { ENVS = 23, N = 3, CELLS = N * N };

/* The reference: one single game per env, a plain board of who holds what, and the env's rules. */
typedef struct {
    TicTacToe *game[ENVS];
    int board[ENVS][CELLS];
    bool ended[ENVS];
    int to_move[ENVS];
    int autoreset, illegal;
} Reference;

static void ref_restart(Reference *r, int i) {
    tictactoe_reset(r->game[i]);
    memset(r->board[i], 0, sizeof r->board[i]);
    r->ended[i] = false;
    r->to_move[i] = 1;
}

static bool ref_legal(const Reference *r, int i, int64_t a) { return a >= 0 && a < CELLS && r->board[i][a] == 0; }

/* The first env whose action refuses the step, or -1. */
static int ref_refusal(const Reference *r, const int64_t *actions) {
    for (int i = 0; i < ENVS; i++) {
        if (r->ended[i] ? r->autoreset == TICTACTOE_AUTORESET_DISABLED
                        : r->illegal == TICTACTOE_ILLEGAL_RAISE && !ref_legal(r, i, actions[i]))
            return i;
    }
    return -1;
}

static void ref_obs(const Reference *r, int i, bool *obs) {
    for (int c = 0; c < CELLS; c++) {
        obs[2 * c] = r->board[i][c] == r->to_move[i];
        obs[2 * c + 1] = r->board[i][c] == 3 - r->to_move[i];
    }
}

typedef struct {
    bool obs[ENVS * CELLS * 2], mask[ENVS * CELLS], terminated[ENVS], final_obs[ENVS * CELLS * 2], has_final[ENVS];
    uint8_t player[ENVS], winner[ENVS];
    float rewards[ENVS * 2];
} Out;

static void ref_view(const Reference *r, Out *o) {
    for (int i = 0; i < ENVS; i++) {
        ref_obs(r, i, o->obs + 2 * CELLS * i);
        for (int c = 0; c < CELLS; c++) o->mask[CELLS * i + c] = r->ended[i] || r->board[i][c] == 0;
        o->player[i] = (uint8_t)r->to_move[i];
    }
}

static void ref_step(Reference *r, const int64_t *actions, Out *o) {
    memset(o, 0, sizeof *o);
    for (int i = 0; i < ENVS; i++) {
        if (r->ended[i]) {
            ref_restart(r, i);
            continue;
        }
        int mover = r->to_move[i], winner;
        r->to_move[i] = 3 - mover;
        if (ref_legal(r, i, actions[i])) {
            winner = tictactoe_move(r->game[i], actions[i] / N, actions[i] % N, mover);
            r->board[i][actions[i]] = mover;
            if (winner == 0 && !tictactoe_is_over(r->game[i])) continue;
        } else {
            winner = 3 - mover;
        }
        r->ended[i] = true;
        o->terminated[i] = true;
        o->winner[i] = (uint8_t)winner;
        if (winner) {
            o->rewards[2 * i + winner - 1] = 1;
            o->rewards[2 * i + 2 - winner] = -1;
        }
        if (r->autoreset == TICTACTOE_AUTORESET_SAME_STEP) {
            ref_obs(r, i, o->final_obs + 2 * CELLS * i);
            o->has_final[i] = true;
            ref_restart(r, i);
        }
    }
    ref_view(r, o);
}

static uint64_t state = 88172645463325252ull;
static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void differential(int autoreset, int illegal) {
    TicTacToeGames *games = tictactoe_games_new(ENVS, N, autoreset, illegal, 5);
    CHECK(games != NULL);
    Reference r = {.autoreset = autoreset, .illegal = illegal};
    for (int i = 0; i < ENVS; i++) {
        r.game[i] = tictactoe_new(N);
        ref_restart(&r, i);
    }
    static Out got, want;
    for (int step = 0; step < 2000; step++) {
        int64_t actions[ENVS];
        CHECK(tictactoe_games_sample(games, actions) == 0);
        if (next() % 4 == 0) actions[next() % ENVS] = (int64_t)(next() % (CELLS + 2)) - 1;
        int refused = ref_refusal(&r, actions);
        size_t failed_index = 999;
        int code = tictactoe_games_step(games, actions, got.obs, got.mask, got.player, got.rewards, got.terminated,
                                        got.winner, got.final_obs, got.has_final, &failed_index);
        if (refused >= 0) {
            CHECK(code < 0 && failed_index == (size_t)refused);
            /* Nothing changed: the reference view still matches a fresh reset of nobody. */
            bool none[ENVS] = {false};
            CHECK(tictactoe_games_reset(games, none, got.obs, got.mask, got.player) == 0);
            ref_view(&r, &want);
            CHECK(memcmp(got.obs, want.obs, sizeof got.obs) == 0 && memcmp(got.player, want.player, sizeof got.player) == 0);
            if (autoreset == TICTACTOE_AUTORESET_DISABLED) {
                CHECK(tictactoe_games_reset(games, r.ended, got.obs, got.mask, got.player) == 0);
                for (int i = 0; i < ENVS; i++)
                    if (r.ended[i]) ref_restart(&r, i);
            }
            continue;
        }
        CHECK(code == 0);
        ref_step(&r, actions, &want);
        CHECK(memcmp(got.obs, want.obs, sizeof got.obs) == 0);
        CHECK(memcmp(got.mask, want.mask, sizeof got.mask) == 0);
        CHECK(memcmp(got.player, want.player, sizeof got.player) == 0);
        CHECK(memcmp(got.rewards, want.rewards, sizeof got.rewards) == 0);
        CHECK(memcmp(got.terminated, want.terminated, sizeof got.terminated) == 0);
        CHECK(memcmp(got.winner, want.winner, sizeof got.winner) == 0);
        CHECK(memcmp(got.has_final, want.has_final, sizeof got.has_final) == 0);
        if (autoreset == TICTACTOE_AUTORESET_SAME_STEP) {
            for (int i = 0; i < ENVS; i++)
                if (want.has_final[i]) CHECK(memcmp(got.final_obs + 2 * CELLS * i, want.final_obs + 2 * CELLS * i, 2 * CELLS) == 0);
        }
    }
    for (int i = 0; i < ENVS; i++) tictactoe_free(r.game[i]);
    tictactoe_games_free(games);
}

static void nulls_and_bad_arguments(void) {
    static Out o;
    int64_t actions[ENVS] = {0};
    uint8_t winners[ENVS];
    CHECK(tictactoe_games_new(0, 3, 0, 0, 1) == NULL);
    CHECK(tictactoe_games_new(-1, 3, 0, 0, 1) == NULL);
    CHECK(tictactoe_games_new(4, 0, 0, 0, 1) == NULL);
    CHECK(tictactoe_games_new(4, 3, 3, 0, 1) == NULL);
    CHECK(tictactoe_games_new(4, 3, 0, -1, 1) == NULL);
    tictactoe_games_free(NULL);
    CHECK(tictactoe_games_num_envs(NULL) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_sample(NULL, actions) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_playout(NULL, winners) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_reset(NULL, NULL, o.obs, o.mask, o.player) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_step(NULL, actions, o.obs, o.mask, o.player, o.rewards, o.terminated, o.winner, NULL,
                               o.has_final, NULL) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_game(NULL, 0) == NULL);
    CHECK(tictactoe_games_set_game(NULL, 0, NULL) == TICTACTOE_ERROR_NULL_POINTER);

    TicTacToeGames *games = tictactoe_games_new(ENVS, N, TICTACTOE_AUTORESET_SAME_STEP, TICTACTOE_ILLEGAL_RAISE, 1);
    CHECK(tictactoe_games_num_envs(games) == ENVS);
    CHECK(tictactoe_games_sample(games, NULL) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_reset(games, NULL, NULL, o.mask, o.player) == TICTACTOE_ERROR_NULL_POINTER);
    /* same-step mode needs final_obs */
    CHECK(tictactoe_games_step(games, actions, o.obs, o.mask, o.player, o.rewards, o.terminated, o.winner, NULL,
                               o.has_final, NULL) == TICTACTOE_ERROR_NULL_POINTER);
    CHECK(tictactoe_games_step(games, NULL, o.obs, o.mask, o.player, o.rewards, o.terminated, o.winner, o.final_obs,
                               o.has_final, NULL) == TICTACTOE_ERROR_NULL_POINTER);
    /* Outputs that overlap are refused before anything is written or changed. */
    CHECK(tictactoe_games_step(games, actions, o.obs, o.obs, o.player, o.rewards, o.terminated, o.winner,
                               o.final_obs, o.has_final, NULL) == TICTACTOE_ERROR_OVERLAP);
    CHECK(tictactoe_games_step(games, actions, o.obs, o.mask, o.player, o.rewards, o.terminated, o.winner,
                               o.obs + 1, o.has_final, NULL) == TICTACTOE_ERROR_OVERLAP);
    CHECK(tictactoe_games_step(games, actions, o.obs, o.mask, (uint8_t *)actions, o.rewards, o.terminated,
                               o.winner, o.final_obs, o.has_final, NULL) == TICTACTOE_ERROR_OVERLAP);
    CHECK(tictactoe_games_reset(games, NULL, o.obs, o.mask, (uint8_t *)o.mask) == TICTACTOE_ERROR_OVERLAP);
    CHECK(tictactoe_games_reset(games, (const bool *)o.obs, o.obs, o.mask, o.player) == TICTACTOE_ERROR_OVERLAP);
    actions[3] = CELLS;
    size_t at = 0;
    CHECK(tictactoe_games_step(games, actions, o.obs, o.mask, o.player, o.rewards, o.terminated, o.winner,
                               o.final_obs, o.has_final, &at) == TICTACTOE_ERROR_OUT_OF_RANGE && at == 3);
    CHECK(tictactoe_games_game(games, ENVS) == NULL && tictactoe_games_game(games, -1) == NULL);
    TicTacToe *copy = tictactoe_games_game(games, 0);
    CHECK(copy != NULL && tictactoe_move_count(copy) == 0);
    CHECK(tictactoe_move(copy, 1, 1, 1) == 0);
    CHECK(tictactoe_games_set_game(games, 2, copy) == 0);
    CHECK(tictactoe_games_set_game(games, ENVS, copy) == TICTACTOE_ERROR_OUT_OF_RANGE);
    TicTacToe *wrong = tictactoe_new(4);
    CHECK(tictactoe_games_set_game(games, 0, wrong) == TICTACTOE_ERROR_OTHER);
    CHECK(tictactoe_games_playout(games, winners) == 0);
    for (int i = 0; i < ENVS; i++) CHECK(winners[i] <= 2);
    tictactoe_free(wrong);
    tictactoe_free(copy);
    tictactoe_games_free(games);
}

/* Connect Four batches: columns as actions, a 6 x 7 observation, games copied out and back. */
static void connect_four(void) {
    enum { GAMES = 5, ROWS = 6, COLS = 7 };
    static bool obs[GAMES * ROWS * COLS * 2], mask[GAMES * COLS], terminated[GAMES], has_final[GAMES];
    static uint8_t player[GAMES], winner[GAMES], winners[GAMES];
    static float rewards[GAMES * 2];
    int64_t actions[GAMES];
    CHECK(tictactoe_games_new_rules(GAMES, 6, 7, 4, 4, 0, 0, 1, 1) == NULL); /* an unknown flag */
    TicTacToeGames *exact = tictactoe_games_new_rules(GAMES, 6, 7, 4, TICTACTOE_GRAVITY | TICTACTOE_EXACT, 0, 0, 1, 1);
    CHECK(exact != NULL);
    tictactoe_games_free(exact);
    CHECK(tictactoe_games_new_rules(GAMES, 6, 7, 8, TICTACTOE_GRAVITY, 0, 0, 1, 1) == NULL);
    TicTacToeGames *games = tictactoe_games_new_rules(GAMES, ROWS, COLS, 4, TICTACTOE_GRAVITY,
                                                      TICTACTOE_AUTORESET_NEXT_STEP, TICTACTOE_ILLEGAL_RAISE, 7, 2);
    CHECK(games != NULL);
    CHECK(tictactoe_games_reset(games, NULL, obs, mask, player) == 0);
    for (int i = 0; i < GAMES * COLS; i++) CHECK(mask[i]);
    int ended = 0;
    for (int step = 0; step < 300; step++) {
        CHECK(tictactoe_games_sample(games, actions) == 0);
        for (int i = 0; i < GAMES; i++) CHECK(actions[i] >= 0 && actions[i] < COLS);
        CHECK(tictactoe_games_step(games, actions, obs, mask, player, rewards, terminated, winner, NULL,
                                   has_final, NULL) == 0);
        for (int i = 0; i < GAMES; i++) ended += terminated[i];
    }
    CHECK(ended > 0);
    /* A column off the board is refused, naming the game. */
    size_t at = 99;
    for (int i = 0; i < GAMES; i++) actions[i] = 0;
    actions[2] = COLS;
    CHECK(tictactoe_games_step(games, actions, obs, mask, player, rewards, terminated, winner, NULL, has_final,
                               &at) == TICTACTOE_ERROR_OUT_OF_RANGE && at == 2);
    TicTacToe *copy = tictactoe_games_game(games, 1);
    CHECK(copy != NULL && tictactoe_rows(copy) == ROWS && tictactoe_gravity(copy) == 1);
    CHECK(tictactoe_games_set_game(games, 3, copy) == 0);
    TicTacToe *classic = tictactoe_new(3);
    CHECK(tictactoe_games_set_game(games, 3, classic) == TICTACTOE_ERROR_OTHER);
    CHECK(tictactoe_games_playout(games, winners) == 0);
    for (int i = 0; i < GAMES; i++) CHECK(winners[i] <= 2);
    tictactoe_free(classic);
    tictactoe_free(copy);
    tictactoe_games_free(games);
}

int main(void) {
    connect_four();
    nulls_and_bad_arguments();
    for (int autoreset = 0; autoreset < 3; autoreset++)
        for (int illegal = 0; illegal < 2; illegal++) differential(autoreset, illegal);
    printf("libtictactoe games: %ld passed, %ld failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

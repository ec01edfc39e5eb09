/* Replays the benchmark's games through libtictactoe, one call per move and one batch call per game,
 * and prints one JSON object per line, like the Rust benchmark. */
#define _POSIX_C_SOURCE 199309L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tictactoe.h"

typedef struct {
    int64_t *words;
    size_t len;
} Games;

static Games load(const char *path) {
    Games g = {NULL, 0};
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    g.words = malloc((size_t)size);
    g.len = fread(g.words, sizeof(int64_t), (size_t)size / sizeof(int64_t), f);
    fclose(f);
    return g;
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One call per move; the game is reset between games. Returns the sum of the winners. */
static int64_t per_call(TicTacToe *game, const Games *g) {
    int64_t winners = 0;
    for (size_t at = 0; at + 2 <= g->len;) {
        int64_t k = g->words[at + 1];
        const int64_t *m = g->words + at + 2;
        tictactoe_reset(game);
        for (int64_t i = 0; i < k; i++) {
            int r = tictactoe_move(game, m[3 * i], m[3 * i + 1], m[3 * i + 2]);
            if (r < 0) exit(3);
            winners += r;
        }
        at += 2 + 3 * (size_t)k;
    }
    return winners;
}

/* One batch call per game: the records' triples are laid out exactly as TicTacToeMove. */
static int64_t batched(TicTacToe *game, const Games *g) {
    int64_t winners = 0;
    for (size_t at = 0; at + 2 <= g->len;) {
        int64_t k = g->words[at + 1];
        tictactoe_reset(game);
        int r = tictactoe_play(game, (const TicTacToeMove *)(const void *)(g->words + at + 2), (size_t)k, NULL);
        if (r < 0) exit(3);
        winners += r;
        at += 2 + 3 * (size_t)k;
    }
    return winners;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void row(const char *group, const char *name, TicTacToe *game, const Games *g, int runs,
                int64_t (*replay)(TicTacToe *, const Games *)) {
    int64_t moves = 0;
    for (size_t at = 0; at + 2 <= g->len; at += 2 + 3 * (size_t)g->words[at + 1]) moves += g->words[at + 1];
    double times[64];
    int64_t checksum = replay(game, g);
    for (int i = 0; i < runs; i++) {
        double start = now_ns();
        int64_t sum = replay(game, g);
        times[i] = (now_ns() - start) / (double)moves;
        if (sum != checksum) exit(4);
    }
    qsort(times, (size_t)runs, sizeof times[0], compare);
    printf("{\"kind\":\"time\",\"group\":\"%s\",\"name\":\"%s\",\"reference\":false,"
           "\"ns\":%.3f,\"min\":%.3f,\"max\":%.3f,\"checksum\":%lld}\n",
           group, name, times[runs / 2], times[0], times[runs - 1], (long long)checksum);
}

/* The Rust benchmark's VecGames loop through the C ABI: new games, then `steps` rounds of sample and
 * step over `envs` games of size `n`, every output written into caller buffers; returns the Rust
 * loop's checksum (its rewards and the first game's winners). */
static int64_t games_loop(int64_t envs, int64_t n, int64_t steps, int64_t *actions, bool *obs,
                          bool *mask, uint8_t *player, float *rewards, bool *terminated,
                          uint8_t *winner, bool *has_final) {
    TicTacToeGames *games =
        tictactoe_games_new(envs, n, TICTACTOE_AUTORESET_NEXT_STEP, TICTACTOE_ILLEGAL_RAISE, 1);
    if (!games) exit(5);
    int64_t sum = 0;
    for (int64_t s = 0; s < steps; s++) {
        if (tictactoe_games_sample(games, actions) < 0 ||
            tictactoe_games_step(games, actions, obs, mask, player, rewards, terminated, winner, NULL,
                                 has_final, NULL) < 0)
            exit(6);
        for (int64_t i = 0; i < 2 * envs; i++) sum += (int64_t)rewards[i];
        sum += winner[0];
    }
    tictactoe_games_free(games);
    return sum;
}

/* Times `games_loop` in the Rust benchmark's group for the same loop, per env-step. */
static void games_row(int64_t envs, int64_t n, int runs) {
    size_t e = (size_t)envs, cells = (size_t)(n * n);
    int64_t steps = 4000000 / (envs * n * n / 9);
    int64_t *actions = malloc(e * sizeof *actions);
    bool *obs = malloc(2 * cells * e), *mask = malloc(cells * e), *terminated = malloc(e),
         *has_final = malloc(e);
    uint8_t *player = malloc(e), *winner = malloc(e);
    float *rewards = malloc(2 * e * sizeof *rewards);
    if (!actions || !obs || !mask || !terminated || !has_final || !player || !winner || !rewards)
        exit(5);
#define GAMES_LOOP games_loop(envs, n, steps, actions, obs, mask, player, rewards, terminated, winner, has_final)
    int64_t checksum = GAMES_LOOP;
    double times[64];
    for (int r = 0; r < runs; r++) {
        double start = now_ns();
        if (GAMES_LOOP != checksum) exit(4);
        times[r] = (now_ns() - start) / (double)(steps * envs);
    }
#undef GAMES_LOOP
    qsort(times, (size_t)runs, sizeof times[0], compare);
    printf("{\"kind\":\"time\",\"group\":\"VecGames step(sample()), n = %lld, %lld games, per "
           "env-step\",\"name\":\"C ABI tictactoe_games_sample + tictactoe_games_step\","
           "\"reference\":false,\"ns\":%.3f,\"min\":%.3f,\"max\":%.3f,\"checksum\":%lld}\n",
           (long long)n, (long long)envs, times[runs / 2], times[0], times[runs - 1],
           (long long)checksum);
    free(actions), free(obs), free(mask), free(terminated), free(has_final), free(player),
        free(winner), free(rewards);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fputs("usage: bench_ffi DATA_DIR\n", stderr);
        return 2;
    }
    static const struct {
        const char *file, *group;
        int64_t n;
        int runs;
    } sets[] = {{"games-n3.bin", "engine, n = 3", 3, 31},
                {"games-n1000.bin", "engine, n = 1000", 1000, 9},
                {"games-n100000.bin", "engine, n = 100000", 100000, 9}};
    char path[4096];
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        snprintf(path, sizeof path, "%s/%s", argv[1], sets[s].file);
        Games g = load(path);
        TicTacToe *lean = tictactoe_new_lean(sets[s].n);
        row(sets[s].group, "C ABI lean, per call", lean, &g, sets[s].runs, per_call);
        row(sets[s].group, "C ABI lean, batch per game", lean, &g, sets[s].runs, batched);
        tictactoe_free(lean);
        TicTacToe *checked = tictactoe_new(sets[s].n);
        if (checked) {
            row(sets[s].group, "C ABI checked, per call", checked, &g, sets[s].runs, per_call);
            tictactoe_free(checked);
        }
        free(g.words);
    }
    games_row(4096, 3, 7);
    return 0;
}

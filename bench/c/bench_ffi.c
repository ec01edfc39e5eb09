/* Replays the benchmark's games through libtictactoe, one call per move and one batch call per game,
 * and prints one JSON object per line, like the Rust benchmark. */
#define _POSIX_C_SOURCE 199309L
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
    return 0;
}

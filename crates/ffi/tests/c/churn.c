/* Creates, plays and frees a million games, refused calls included, so that valgrind can show that
 * nothing leaks. With an argument, it also asks for boards that cannot fit in memory: run it under a
 * `ulimit -v` to see allocation failure reported as NULL while the process lives on. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

static int allocation_failure(void) {
    TicTacToe *bystander = tictactoe_new(3);
    if (bystander == NULL || tictactoe_move(bystander, 1, 1, 1) != 0) return 1;
    /* 1 GiB of cells and 4 GiB of counters, the largest sizes: both beyond the limit this runs under. */
    if (tictactoe_new(65535) != NULL) return 2;
    if (tictactoe_new_lean(536870911) != NULL) return 3;
    if (tictactoe_move(bystander, 0, 0, 2) != 0 || tictactoe_move_count(bystander) != 2) return 4;
    tictactoe_free(bystander);
    puts("allocation failure: NULL for boards beyond the memory limit, other games untouched");
    return 0;
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) return allocation_failure();
    const long games = 1000000;
    long played = 0;
    for (long i = 0; i < games; i++) {
        TicTacToe *game = (i % 2) ? tictactoe_new((int64_t)(1 + i % 5)) : tictactoe_new_lean((int64_t)(1 + i % 5));
        if (game == NULL) return 1;
        int64_t n = tictactoe_size(game);
        for (int64_t k = 0; k < n; k++) {
            if (tictactoe_move(game, k, k, 1 + (int)(k % 2)) >= 0) played++;
        }
        tictactoe_move(game, -1, 0, 1); /* refused: off the board */
        tictactoe_move(game, 0, 0, 7);  /* refused: no such player */
        tictactoe_free(game);
    }
    printf("churn: %ld games created, played (%ld moves) and freed\n", games, played);
    return 0;
}

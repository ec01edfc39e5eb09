/* The classic 3x3 game through the C library: X takes the bottom row on the seventh move. */
#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

int main(void) {
    static const int moves[7][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}};
    TicTacToe *game = tictactoe_new(3);
    if (game == NULL) {
        fputs("could not create a 3x3 game\n", stderr);
        return EXIT_FAILURE;
    }
    char board[64];
    for (int i = 0; i < 7; i++) {
        int result = tictactoe_move(game, moves[i][0], moves[i][1], moves[i][2]);
        if (result < 0) {
            fprintf(stderr, "move %d refused: %s\n", i, tictactoe_strerror(result));
            tictactoe_free(game);
            return EXIT_FAILURE;
        }
        printf("move(%d, %d, %d) -> %d\n", moves[i][0], moves[i][1], moves[i][2], result);
        if (tictactoe_render(game, board, sizeof board) >= 0) {
            printf("%s\n\n", board);
        }
    }
    tictactoe_free(game);
    return EXIT_SUCCESS;
}

/* The classic 3x3 game through the C library: X takes the bottom row on the seventh move. The last
 * line is the same from every face (Rust, C, Python), so `make demo` can show that they agree. */
#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

int main(void) {
    static const int64_t moves[7][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}};
    static const char symbol[] = " XO";
    TicTacToe *game = tictactoe_new(3);
    if (game == NULL) {
        fputs("could not create a 3x3 game\n", stderr);
        return EXIT_FAILURE;
    }
    printf("C:     ");
    int winner = 0;
    for (int i = 0; i < 7; i++) {
        int result = tictactoe_move(game, moves[i][0], moves[i][1], moves[i][2]);
        if (result < 0) {
            fprintf(stderr, "\nmove %d refused: %s\n", i, tictactoe_strerror(result));
            tictactoe_free(game);
            return EXIT_FAILURE;
        }
        printf(" %c(%d,%d)", symbol[moves[i][2]], (int)moves[i][0], (int)moves[i][1]);
        if (result > 0) {
            printf(" -> %c wins", symbol[result]);
            winner = result;
        }
    }
    char board[64];
    if (tictactoe_render(game, board, sizeof board) < 0) {
        tictactoe_free(game);
        return EXIT_FAILURE;
    }
    printf("\n%s\nfinal: %c has won after %lld moves, board ", board, symbol[winner],
           (long long)tictactoe_move_count(game));
    for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
            int holder = tictactoe_cell(game, row, col);
            putchar(holder > 0 ? symbol[holder] : '.');
        }
        putchar(row < 2 ? '/' : '\n');
    }
    tictactoe_free(game);
    return EXIT_SUCCESS;
}

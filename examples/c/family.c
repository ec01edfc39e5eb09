/* Two games of the family through the C library: Connect Four (X wins on the diagonal) and gomoku on
 * a 15 x 15 board (O makes five in a column). The last line is the same from every face. */
#include <stdio.h>

#include "tictactoe.h"

static const char *outcome(const TicTacToe *game) {
    switch (tictactoe_winner(game)) {
    case 1: return "X has won";
    case 2: return "O has won";
    default: return tictactoe_is_draw(game) ? "a draw" : "in play";
    }
}

int main(void) {
    static const int64_t drops[] = {0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3};
    static const int64_t stones[][2] = {{0, 0}, {7, 7}, {0, 2}, {8, 7}, {0, 4}, {9, 7}, {0, 6}, {10, 7}, {14, 14}, {11, 7}};
    TicTacToe *four = tictactoe_new_rules(6, 7, 4, TICTACTOE_GRAVITY);
    TicTacToe *gomoku = tictactoe_new_rules(15, 15, 5, 0);
    if (four == NULL || gomoku == NULL) return 1;
    for (int i = 0; i < 11; i++) {
        int code = tictactoe_drop(four, drops[i], 1 + i % 2);
        if (code < 0) fprintf(stderr, "%s\n", tictactoe_strerror(code));
    }
    char board[128];
    tictactoe_render(four, board, sizeof board);
    printf("Connect Four (C): %s after %lld drops\n%s\n", outcome(four), (long long)tictactoe_move_count(four), board);
    for (int i = 0; i < 10; i++) {
        int code = tictactoe_move(gomoku, stones[i][0], stones[i][1], 1 + i % 2);
        if (code < 0) fprintf(stderr, "%s\n", tictactoe_strerror(code));
    }
    printf("Gomoku 15x15 (C): %s after %lld stones\n", outcome(gomoku), (long long)tictactoe_move_count(gomoku));
    printf("final: Connect Four %s in %lld, gomoku %s in %lld\n", outcome(four),
           (long long)tictactoe_move_count(four), outcome(gomoku), (long long)tictactoe_move_count(gomoku));
    tictactoe_free(four);
    tictactoe_free(gomoku);
    return 0;
}

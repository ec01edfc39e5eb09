"""Two games of the family through the Python package: Connect Four (X wins on the diagonal) and
gomoku on a 15 x 15 board (O makes five in a column). The last line is the same from every face."""

from tictactoe import TicTacToe

DROPS = [0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]
STONES = [(0, 0), (7, 7), (0, 2), (8, 7), (0, 4), (9, 7), (0, 6), (10, 7), (14, 14), (11, 7)]


def outcome(game: TicTacToe) -> str:
    if game.winner:
        return f"{' XO'[game.winner]} has won"
    return "a draw" if game.is_draw else "in play"


def main() -> None:
    four = TicTacToe.connect_four()
    for i, col in enumerate(DROPS):
        four.drop(col, 1 + i % 2)
    print(f"Connect Four (Python): {outcome(four)} after {four.move_count} drops")
    print(four)
    gomoku = TicTacToe.gomoku()
    for i, (row, col) in enumerate(STONES):
        gomoku.move(row, col, 1 + i % 2)
    print(f"Gomoku 15x15 (Python): {outcome(gomoku)} after {gomoku.move_count} stones")
    print(
        f"final: Connect Four {outcome(four)} in {four.move_count}, "
        f"gomoku {outcome(gomoku)} in {gomoku.move_count}"
    )


if __name__ == "__main__":
    main()

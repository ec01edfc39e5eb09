"""The classic 3x3 game through the Python package: X takes the bottom row on the seventh move.

The last line is the same from every face (Rust, C, Python), so ``make demo`` can show that they
agree.
"""

from tictactoe import TicTacToe

MOVES = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)]
SYMBOL = " XO"


def main() -> None:
    game = TicTacToe(3)
    line = "Python:"
    for row, col, player in MOVES:
        winner = game.move(row, col, player)
        line += f" {SYMBOL[player]}({row},{col})"
        if winner:
            line += f" -> {SYMBOL[winner]} wins"
    print(line)
    print(game)
    board = "/".join(
        "".join(SYMBOL[game.cell(r, c)] if game.cell(r, c) else "." for c in range(3))
        for r in range(3)
    )
    print(f"final: {SYMBOL[game.winner]} has won after {game.move_count} moves, board {board}")


if __name__ == "__main__":
    main()

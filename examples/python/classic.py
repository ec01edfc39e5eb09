"""The classic 3x3 game through the Python package: X takes the bottom row on the seventh move."""

from tictactoe import TicTacToe

MOVES = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)]


def main() -> None:
    game = TicTacToe(3)
    for row, col, player in MOVES:
        print(f"move({row}, {col}, {player}) -> {game.move(row, col, player)}")
        print(game, end="\n\n")


if __name__ == "__main__":
    main()

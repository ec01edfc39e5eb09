"""An independent model of the rules: a plain board, scanned in full after every move."""

from __future__ import annotations

from dataclasses import dataclass, field


class Refused(Exception):
    """What the model expects the engine to refuse, and the exception type it should raise."""


class Marks:
    """What both models keep and change alike: the board (0 empty, 1 X, 2 O) and the moves."""

    board: list[list[int]]
    moves: list[tuple[int, int, int]]

    @property
    def winner(self) -> int:
        raise NotImplementedError

    def move(self, row: int, col: int, player: int) -> int:
        self.board[row][col] = player
        self.moves.append((row, col, player))
        return self.winner

    def undo(self) -> tuple[int, int, int]:
        row, col, player = self.moves.pop()
        self.board[row][col] = 0
        return row, col, player

    def render(self) -> str:
        return "\n".join("".join(f"|{' XO'[c]}" for c in row) + "|" for row in self.board)


@dataclass
class Model(Marks):
    n: int
    lean: bool = False
    board: list[list[int]] = field(init=False)
    moves: list[tuple[int, int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.board = [[0] * self.n for _ in range(self.n)]

    def lines(self) -> list[list[int]]:
        n, b = self.n, self.board
        rows = [list(r) for r in b]
        cols = [[b[i][j] for i in range(n)] for j in range(n)]
        diagonals = [[b[i][i] for i in range(n)], [b[i][n - 1 - i] for i in range(n)]]
        return rows + cols + diagonals

    @property
    def winner(self) -> int:
        for p in (1, 2):
            if any(all(c == p for c in line) for line in self.lines()):
                return p
        return 0

    @property
    def is_full(self) -> bool:
        return all(c != 0 for row in self.board for c in row)

    @property
    def is_over(self) -> bool:
        return self.winner != 0 or self.is_full

    @property
    def is_draw(self) -> bool:
        return self.winner == 0 and self.is_full

    def can_win(self, p: int) -> bool:
        return not self.is_over and any(all(c != 3 - p for c in line) for line in self.lines())

    @property
    def last(self) -> int:
        return self.moves[-1][2] if self.moves else 0

    def check(self, row: int, col: int, player: int) -> str | None:
        """Why the move is refused (the start of the engine's message), or None when it is legal."""
        if player not in (1, 2):
            return f"player {player} is invalid"
        if not (0 <= row < self.n and 0 <= col < self.n):
            return f"cell ({row}, {col}) is outside"
        if self.is_over:
            return "the game is over"
        if player == self.last:
            return "it is"
        if self.board[row][col]:
            return f"cell ({row}, {col}) is already taken"
        return None

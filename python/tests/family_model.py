"""An independent model of the k-in-a-row family: a plain rows x cols board, every window of k
cells in four directions listed once and scanned in full after every move."""

from __future__ import annotations

from dataclasses import dataclass, field

from model import Marks


@dataclass
class FamilyModel(Marks):
    rows: int
    cols: int
    k: int
    gravity: bool = False
    # Only exactly k wins: a window counts while the cells beside it on its line are not the
    # player's.
    exact: bool = False
    board: list[list[int]] = field(init=False)
    moves: list[tuple[int, int, int]] = field(default_factory=list)
    windows: list[list[tuple[int, int]]] = field(init=False)
    flanks: list[list[tuple[int, int]]] = field(init=False)

    def __post_init__(self) -> None:
        self.board = [[0] * self.cols for _ in range(self.rows)]
        self.windows, self.flanks = [], []

        def on(a: int, b: int) -> bool:
            return 0 <= a < self.rows and 0 <= b < self.cols

        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for r in range(self.rows):
                for c in range(self.cols):
                    cells = [(r + i * dr, c + i * dc) for i in range(self.k)]
                    if all(on(a, b) for a, b in cells):
                        self.windows.append(cells)
                        ends = [(r - dr, c - dc), (r + self.k * dr, c + self.k * dc)]
                        self.flanks.append([(a, b) for a, b in ends if on(a, b)])

    def _open(self, i: int, p: int) -> bool:
        """Under exact rules, no cell beside window ``i`` is ``p``'s."""
        return not self.exact or all(self.board[r][c] != p for r, c in self.flanks[i])

    @property
    def winner(self) -> int:
        for p in (1, 2):
            if any(
                all(self.board[r][c] == p for r, c in w) and self._open(i, p)
                for i, w in enumerate(self.windows)
            ):
                return p
        return 0

    @property
    def is_full(self) -> bool:
        return len(self.moves) == self.rows * self.cols

    @property
    def is_over(self) -> bool:
        return self.winner != 0 or self.is_full

    def can_win(self, p: int) -> bool:
        return not self.is_over and any(
            all(self.board[r][c] != 3 - p for r, c in w) and self._open(i, p)
            for i, w in enumerate(self.windows)
        )

    @property
    def last(self) -> int:
        return self.moves[-1][2] if self.moves else 0

    def landing(self, col: int) -> int | None:
        empty = [r for r in range(self.rows) if not self.board[r][col]]
        return max(empty) if empty else None

    def check_move(self, row: int, col: int, player: int) -> str | None:
        """Why ``move`` is refused (the start of the engine's message), or None when it is legal."""
        if player not in (1, 2):
            return f"player {player} is invalid"
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return f"cell ({row}, {col}) is outside"
        return self._check_place(row, col, player)

    def _check_place(self, row: int, col: int, player: int) -> str | None:
        if self.is_over:
            return "the game is over"
        if player == self.last:
            return "it is"
        if self.board[row][col]:
            return f"cell ({row}, {col}) is already taken"
        if self.gravity and self.landing(col) != row:
            return f"cell ({row}, {col}) is not where a mark in column {col} lands"
        return None

    def check_drop(self, col: int, player: int) -> str | None:
        if player not in (1, 2):
            return f"player {player} is invalid"
        if not self.gravity:
            return "a drop needs gravity"
        if not 0 <= col < self.cols:
            return f"column {col} is outside the board"
        if self.is_over:
            return "the game is over"
        if player == self.last:
            return "it is"
        row = self.landing(col)
        if row is None:
            return f"column {col} is full"
        return self._check_place(row, col, player)

"""An n x n tic-tac-toe engine whose moves cost O(1), whatever n is.

>>> from tictactoe import TicTacToe
>>> game = TicTacToe(3)
>>> [game.move(r, c, p) for r, c, p in [(0, 0, 1), (1, 0, 2), (0, 1, 1), (1, 1, 2), (0, 2, 1)]]
[0, 0, 0, 0, 1]
>>> game.winner, game.is_over
(1, True)
"""

from typing import NamedTuple

from tictactoe._tictactoe import (
    Agent,
    Book,
    IllegalMoveError,
    SearchLimitError,
    Solver,
    TicTacToe,
    __version__,
    _read_header,
)
from tictactoe._vec import VecGames


class Header(NamedTuple):
    """What the first bytes of ``TicTacToe.to_bytes()`` output say: the rules and the mode."""

    rows: int
    cols: int
    k: int
    gravity: bool
    lean: bool


def read_header(data: bytes) -> Header:
    """The board and mode an encoded game names, read before anything is allocated: check them
    before ``TicTacToe.from_bytes`` (or ``pickle.loads``) of untrusted bytes builds the board.
    ``ValueError`` when the bytes do not start with a valid header.

    >>> read_header(TicTacToe(70_000, lean=True).to_bytes())
    Header(rows=70000, cols=70000, k=70000, gravity=False, lean=True)
    """
    return Header(*_read_header(data))


__all__ = [
    "Agent",
    "Book",
    "Header",
    "IllegalMoveError",
    "SearchLimitError",
    "Solver",
    "TicTacToe",
    "VecGames",
    "__version__",
    "read_header",
]

"""An n x n tic-tac-toe engine whose moves cost O(1), whatever n is.

>>> from tictactoe import TicTacToe
>>> game = TicTacToe(3)
>>> [game.move(r, c, p) for r, c, p in [(0, 0, 1), (1, 0, 2), (0, 1, 1), (1, 1, 2), (0, 2, 1)]]
[0, 0, 0, 0, 1]
>>> game.winner, game.is_over
(1, True)
"""

from tictactoe._tictactoe import IllegalMoveError, TicTacToe, __version__
from tictactoe._vec import VecGames

__all__ = ["IllegalMoveError", "TicTacToe", "VecGames", "__version__"]

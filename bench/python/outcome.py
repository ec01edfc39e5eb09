"""The result of a finished game for the Agent, shared by the match scripts."""

from __future__ import annotations

import tictactoe


def result_for(game: tictactoe.TicTacToe, agent_first: bool) -> str:
    """ "won", "drawn" or "lost", for the side that moved first when ``agent_first``."""
    if game.winner == 0:
        return "drawn"
    return "won" if game.winner == (1 if agent_first else 2) else "lost"

"""The result of a finished game for the Agent, shared by the match scripts."""

from __future__ import annotations

import statistics

import tictactoe


def result_for(game: tictactoe.TicTacToe, agent_first: bool) -> str:
    """ "won", "drawn" or "lost", for the side that moved first when ``agent_first``."""
    if game.winner == 0:
        return "drawn"
    return "won" if game.winner == (1 if agent_first else 2) else "lost"


def move_times(times: list[float]) -> str:
    """The Agent's time a move over a match, `times` in seconds: median and worst."""
    ordered = sorted(times)
    return (
        f"Agent's time a move: median {statistics.median(ordered) * 1e3:.1f} ms, "
        f"worst {ordered[-1] * 1e3:.1f} ms ({len(ordered)} moves)"
    )

"""The Agent at gomoku against gomokubench's search AI: 15 x 15, five or more in a row, the
Agent with its defaults or a node budget (each game on its own seed), gomokubench at a level of its own ("hard":
minimax to depth 3 over its 12 best-rated moves), as X and as O. Prints the results, the plies
and the Agent's time a move (median, worst).

    python bench/python/gomokubench_bench.py [--games N] [--level hard] [--max-nodes N]
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import tictactoe

# gomokubench installs its modules as `libs` (and a top-level `gomoku.py`).
from libs import piece
from libs.game import GameSession
from outcome import move_times, result_for
from progress import progress


def play(seed: int, agent_first: bool, level: str, max_nodes: int) -> tuple[str, int, list[float]]:
    """One game: the Agent's result ("won", "drawn", "lost"), the plies, its time a move."""
    np.random.seed(seed)
    agent = tictactoe.Agent(seed=seed, max_nodes=max_nodes)
    game = tictactoe.TicTacToe.gomoku(15)
    # gomokubench's "human" is the Agent; black moves first.
    session = GameSession(
        size=15,
        human_color=piece.BLACK if agent_first else piece.WHITE,
        ai_level=level,
    )
    times: list[float] = []
    while not game.is_over:
        player = 1 if game.move_count % 2 == 0 else 2
        if session.human_to_move():
            start = time.perf_counter()
            row, col = agent.choose(game)
            times.append(time.perf_counter() - start)
            if not session.play_human(row, col):
                raise RuntimeError(f"gomokubench refused the Agent's move {(row, col)}")
        else:
            row, col = session.play_ai()
        game.move(row, col, player)
    return result_for(game, agent_first), game.move_count, times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5, help="games a side")
    parser.add_argument("--level", default="hard", choices=["easy", "standard", "hard"])
    parser.add_argument("--max-nodes", type=int, default=tictactoe.Agent().max_nodes)
    args = parser.parse_args()
    all_times: list[float] = []
    for agent_first in (True, False):
        tally = {"won": 0, "drawn": 0, "lost": 0}
        lengths = []
        for seed in progress(range(args.games), "gomokubench_bench"):
            result, plies, times = play(seed, agent_first, args.level, args.max_nodes)
            tally[result] += 1
            lengths.append(plies)
            all_times += times
            print(f"  seed {seed}: {result} in {plies} plies", file=sys.stderr)
        side = "X (first)" if agent_first else "O (second)"
        print(f"Agent as {side} against gomokubench {args.level}: {tally}, plies {sorted(lengths)}")
    print(move_times(all_times))


if __name__ == "__main__":
    main()

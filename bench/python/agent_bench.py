"""The Agent at the speed of play: Connect Four games against a perfect player (BitBully with its
12-ply book of distances), the Agent with its defaults, each game on its own seed, as X and as O.
Prints the results and the Agent's time a move (median, 90th percentile, worst).

    python bench/python/agent_bench.py [--games N] [--book NAME_OR_PATH] [--max-nodes N]

``--book`` gives the Agent's solver a book (``Solver(book=...)``): a path, or one of
``bitbully-8ply``, ``bitbully-12ply``, ``bitbully-12ply-dist``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tictactoe
from bitbully import BitBully, Board
from outcome import result_for
from progress import progress


def play(
    agent: tictactoe.Agent, perfect: BitBully, agent_first: bool
) -> tuple[str, int, list[float]]:
    """One game: the Agent's result ("won", "drawn", "lost"), the game's plies and the Agent's
    time a move."""
    game = tictactoe.TicTacToe.connect_four()
    board = Board()
    times: list[float] = []
    while game.winner == 0 and not game.is_draw:
        agents_turn = (game.move_count % 2 == 0) == agent_first
        if agents_turn:
            start = time.perf_counter()
            _, col = agent.choose(game)
            times.append(time.perf_counter() - start)
        else:
            col = perfect.best_move(board)
        player = 1 if game.move_count % 2 == 0 else 2
        game.drop(col, player)
        board.play(col)
    return result_for(game, agent_first), game.move_count, times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="games a side")
    parser.add_argument("--book", default=None)
    parser.add_argument("--max-nodes", type=int, default=None)
    args = parser.parse_args()
    perfect = BitBully("default", tie_break="random", rng=random.Random(7))
    solver = tictactoe.Solver(book=args.book) if args.book else tictactoe.Solver()
    all_times: list[float] = []
    for agent_first in (True, False):
        tally = {"won": 0, "drawn": 0, "lost": 0}
        lengths = []
        for seed in progress(range(args.games), "agent_bench"):
            options = {} if args.max_nodes is None else {"max_nodes": args.max_nodes}
            agent = tictactoe.Agent(seed=seed, solver=solver, **options)
            result, plies, times = play(agent, perfect, agent_first)
            tally[result] += 1
            lengths.append(plies)
            all_times += times
        side = "X (first)" if agent_first else "O (second)"
        print(f"Agent as {side} against perfect play: {tally}, plies {sorted(lengths)}")
    all_times.sort()
    print(
        f"Agent's time a move: median {statistics.median(all_times) * 1e3:.1f} ms, "
        f"90% {all_times[int(0.9 * len(all_times))] * 1e3:.1f} ms, "
        f"worst {all_times[-1] * 1e3:.1f} ms ({len(all_times)} moves)"
    )


if __name__ == "__main__":
    main()

"""The Agent at gomoku against gomoku-terminal's AI from varied openings: 15 x 15, five or more in
a row, each game starting from two stones of each side dropped at random (seeded) within two cells
of the centre, then the Agent (its own seed, a node budget) against gomoku-terminal at a level, as
X and as O. Both players are deterministic from a given position, so games from the empty board
repeat one game; the openings make each game its own. Prints the results, the plies of the games
lost and the Agent's time a move (median, worst).

    python bench/python/openings_bench.py [--games N] [--max-nodes N] [--level hard]
"""

from __future__ import annotations

import argparse
import random
import time

import tictactoe
from gomoku.ai import GomokuAI
from gomoku.board import Board
from outcome import move_times, result_for
from progress import progress


class Board15(Board):
    SIZE = 15


def play(seed: int, agent_first: bool, max_nodes: int, level: str) -> tuple[str, int, list[float]]:
    """One game from the opening of `seed`: the Agent's result, the plies and its time a move."""
    rng = random.Random(seed)
    agent = tictactoe.Agent(seed=seed, max_nodes=max_nodes)
    ai, board, game = GomokuAI(level), Board15(), tictactoe.TicTacToe.gomoku(15)
    while game.move_count < 4:
        row, col = 7 + rng.randint(-2, 2), 7 + rng.randint(-2, 2)
        player = 1 + game.move_count % 2
        if board.place_stone(row, col, player):
            game.move(row, col, player)
    mine = 1 if agent_first else 2
    times: list[float] = []
    while not game.is_over:
        player = 1 + game.move_count % 2
        if player == mine:
            start = time.perf_counter()
            row, col = agent.choose(game)
            times.append(time.perf_counter() - start)
        else:
            row, col = ai.get_move(board, player)
        board.place_stone(row, col, player)
        game.move(row, col, player)
    return result_for(game, agent_first), game.move_count, times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--games", type=int, default=20, help="openings, each played from both sides"
    )
    parser.add_argument("--max-nodes", type=int, default=tictactoe.Agent().max_nodes)
    parser.add_argument("--level", default="hard", choices=["easy", "medium", "hard"])
    args = parser.parse_args()
    all_times: list[float] = []
    for agent_first in (True, False):
        tally = {"won": 0, "drawn": 0, "lost": 0}
        lost = []
        for seed in progress(range(args.games), "openings_bench"):
            result, plies, times = play(seed, agent_first, args.max_nodes, args.level)
            tally[result] += 1
            if result == "lost":
                lost.append((seed, plies))
            all_times += times
        side = "X (first)" if agent_first else "O (second)"
        print(
            f"Agent ({args.max_nodes} nodes) as {side} against gomoku-terminal {args.level}, "
            f"{args.games} openings: {tally}; lost (seed, plies): {lost}"
        )
    print(move_times(all_times))


if __name__ == "__main__":
    main()

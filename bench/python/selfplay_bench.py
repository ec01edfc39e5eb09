"""The Agent against itself at gomoku: 15 x 15, five or more in a row, both sides with the same
node budget and their own seeds. Free-style gomoku is a first-player win (Allis, 1994), so the
stronger the search, the more often X wins. Each game starts from the empty board, or with
``--opening-stones`` stones dropped at random (seeded) within two cells of the centre. Prints the
results, the plies of the games X did not win and the time a move (median, worst).

    python bench/python/selfplay_bench.py [--games N] [--max-nodes N] [--opening-stones 0]
"""

from __future__ import annotations

import argparse
import random
import time

import tictactoe
from outcome import move_times
from progress import progress


def play(seed: int, max_nodes: int, opening: int) -> tuple[int, int, list[float]]:
    """One game of seed `seed`: the winner (1 X, 2 O, 0 a draw), the plies and the move times."""
    rng = random.Random(seed)
    game = tictactoe.TicTacToe.gomoku(15)
    while game.move_count < opening:
        row, col = 7 + rng.randint(-2, 2), 7 + rng.randint(-2, 2)
        if game.cell(row, col) == 0:
            game.move(row, col, 1 + game.move_count % 2)
    sides = [
        tictactoe.Agent(seed=2 * seed, max_nodes=max_nodes),
        tictactoe.Agent(seed=2 * seed + 1, max_nodes=max_nodes),
    ]
    times: list[float] = []
    while not game.is_over:
        player = 1 + game.move_count % 2
        start = time.perf_counter()
        row, col = sides[player - 1].choose(game)
        times.append(time.perf_counter() - start)
        game.move(row, col, player)
    return game.winner, game.move_count, times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--max-nodes", type=int, default=tictactoe.Agent().max_nodes)
    parser.add_argument("--opening-stones", type=int, default=0)
    args = parser.parse_args()
    tally = {"X won": 0, "drawn": 0, "O won": 0}
    others, all_times = [], []
    for seed in progress(range(args.games), "self-play"):
        winner, plies, times = play(seed, args.max_nodes, args.opening_stones)
        tally[["drawn", "X won", "O won"][winner]] += 1
        if winner != 1:
            others.append((seed, plies))
        all_times += times
    print(
        f"Agent ({args.max_nodes} nodes) against itself, gomoku 15 x 15, {args.games} games "
        f"from {args.opening_stones} random stones: {tally}; X did not win (seed, plies): {others}"
    )
    print(move_times(all_times))


if __name__ == "__main__":
    main()

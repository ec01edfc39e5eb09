"""Tactics at every budget, counted: random positions of dense play on several boards where the
side to move, or its opponent, wins at once somewhere (found by a scanner written here, a plain
grid walked line by line, sharing nothing with the engine); the Agent at skill 1 at each budget,
and by the clock at 10 ms, must take a win at once, else take a cell where the opponent wins at
once. Prints one JSON line a board and setting: positions, blocks asked for, misses.

    python bench/python/tactics_bench.py [--positions 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random

from progress import progress
from tictactoe import Agent, TicTacToe

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def wins(grid: list[list[int]], k: int, exact: bool, player: int) -> list[tuple[int, int]]:
    """The empty cells where a stone of `player` makes a run of k (exactly k under exact rules)."""
    rows, cols = len(grid), len(grid[0])
    found = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c]:
                continue
            for dr, dc in DIRECTIONS:
                run = 1
                for sign in (1, -1):
                    rr, cc = r + sign * dr, c + sign * dc
                    while 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == player:
                        run += 1
                        rr, cc = rr + sign * dr, cc + sign * dc
                if run == k if exact else run >= k:
                    found.append((r, c))
                    break
    return found


def positions(
    size: int, k: int, exact: bool, window: int, count: int, rand: random.Random
) -> list[tuple[TicTacToe, list[list[int]]]]:
    """`count` positions of random play inside a `window`-square of a `size` board, in play, where
    either side wins at once somewhere."""
    found: list[tuple[TicTacToe, list[list[int]]]] = []
    while len(found) < count:
        game = TicTacToe(rows=size, cols=size, k=k, exact=exact)
        grid = [[0] * size for _ in range(size)]
        top, left = rand.randrange(size - window + 1), rand.randrange(size - window + 1)
        player = 1
        for _ in range(rand.randrange(4, window * window)):
            r, c = top + rand.randrange(window), left + rand.randrange(window)
            if grid[r][c]:
                continue
            game.move(r, c, player)
            if game.is_over:
                game.undo()
                break
            grid[r][c] = player
            player = 3 - player
        if wins(grid, k, exact, player) or wins(grid, k, exact, 3 - player):
            found.append((game, grid))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=2000, help="positions a board")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rand = random.Random(args.seed)
    boards = [
        (15, 5, False, 7),
        (20, 5, False, 8),
        (15, 5, True, 7),
        (9, 5, False, 6),
        (7, 4, False, 6),
    ]
    settings: list[tuple[str, dict[str, int]]] = [
        ("1000 nodes", {"max_nodes": 1000}),
        ("10000 nodes", {"max_nodes": 10_000}),
        ("100000 nodes", {"max_nodes": 100_000}),
        ("default", {}),
        ("10 ms", {"max_ms": 10}),
    ]
    for size, k, exact, window in boards:
        games = positions(size, k, exact, window, args.positions, rand)
        for name, options in settings:
            agent = Agent(1.0, seed=args.seed, threads=1, **options)  # type: ignore[arg-type]
            missed_wins = missed_blocks = blocks = 0
            for game, grid in progress(games, f"{size}x{size} k{k} {name}"):
                mover = 2 if game.move_count % 2 else 1
                mine, theirs = wins(grid, k, exact, mover), wins(grid, k, exact, 3 - mover)
                chosen = agent.choose(game)
                if mine:
                    missed_wins += chosen not in mine
                else:
                    blocks += 1
                    missed_blocks += chosen not in theirs
            line = {
                "bench": "tactics",
                "board": f"{size}x{size} k={k}" + (" exactly" if exact else ""),
                "setting": name,
                "positions": len(games),
                "blocks_asked": blocks,
                "missed_wins": missed_wins,
                "missed_blocks": missed_blocks,
            }
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()

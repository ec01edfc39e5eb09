"""`solve()`, `best_moves()` and `move_values()` on random Connect Four positions of every number
of stones (0 to 41, a few a count), each on a fresh solver: the time of each, with the books a
solver is given.

    python bench/python/solve_bench.py [--per-count N] [--book NAME_OR_PATH] [--min-stones N]
        [--max-stones N]

Prints, for each stone count, the worst time of each call, then the median and worst over all.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tictactoe


def position(rng: random.Random, stones: int) -> tictactoe.TicTacToe | None:
    game = tictactoe.TicTacToe.connect_four()
    while game.move_count < stones:
        if game.is_over:
            return None
        col = rng.choice([c for c in range(7) if game.cell(0, c) == 0])
        game.drop(col, 1 if game.move_count % 2 == 0 else 2)
    return None if game.is_over else game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-count", type=int, default=3)
    parser.add_argument("--book", default=None)
    parser.add_argument("--min-stones", type=int, default=0)
    parser.add_argument("--max-stones", type=int, default=41)
    parser.add_argument("--table-bits", type=int, default=20)
    args = parser.parse_args()
    book = tictactoe.Book(args.book) if args.book else None
    rng = random.Random(2026)
    calls = ("solve", "best_moves", "move_values")
    times: dict[str, list[float]] = {call: [] for call in calls}
    for stones in range(args.min_stones, args.max_stones + 1):
        worst = dict.fromkeys(calls, 0.0)
        done = 0
        while done < args.per_count:
            game = position(rng, stones)
            if game is None:
                continue
            for call in calls:
                solver = tictactoe.Solver(args.table_bits, book=book if book else True)
                start = time.perf_counter()
                getattr(solver, call)(game)
                took = time.perf_counter() - start
                times[call].append(took)
                worst[call] = max(worst[call], took)
            done += 1
        shown = ", ".join(f"{call} worst {worst[call] * 1e3:9.1f} ms" for call in calls)
        print(f"{stones:2d} stones: {shown}", flush=True)
    for call, all_times in times.items():
        print(
            f"{call}: median {statistics.median(all_times) * 1e3:.1f} ms, "
            f"worst {max(all_times) * 1e3:.1f} ms over {len(all_times)} positions"
        )


if __name__ == "__main__":
    main()

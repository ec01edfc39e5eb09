"""JavaScript beside Python: a move per call, and Connect Four solves, from the same data in each
language (one process per language over the whole set). The positions are random Connect Four
games cut at a number of stones, the game still on; the moves are complete random 3 x 3 games.
Python's rows are the references; the Node rows come from ``bench/js/bench.mjs`` on the npm
package ``make wasm`` built. Prints JSON lines like ``bench.py``; without the package, or without
Node, the JavaScript rows are left out with a note on stderr."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from replay import group
from tictactoe import Solver, TicTacToe

ROOT = Path(__file__).resolve().parents[2]
RUNS = 9
MOVE_GROUP = "a move per call, 3 x 3 (Python vs Node)"
# (label, fewest stones, most stones, positions)
CUTS = [("near the end", 30, 38, 200), ("in the middle", 18, 29, 200), ("early", 12, 17, 20)]


def position(rng: random.Random, stones: int) -> TicTacToe | None:
    game = TicTacToe.connect_four()
    while game.move_count < stones:
        if game.is_over:
            return None
        open_cols = [c for c in range(7) if game.cell(0, c) == 0]
        game.drop(rng.choice(open_cols), 1 + game.move_count % 2)
    return None if game.is_over else game


def positions(seed: int, low: int, high: int, count: int) -> list[bytes]:
    rng = random.Random(seed)
    out: list[bytes] = []
    while len(out) < count:
        game = position(rng, rng.randint(low, high))
        if game is not None:
            out.append(game.to_bytes())
    return out


def classic_games(count: int, seed: int) -> list[list[tuple[int, int, int]]]:
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game, moves = TicTacToe(3), []
        while not game.is_over:
            free = [(r, c) for r in range(3) for c in range(3) if game.cell(r, c) == 0]
            r, c = rng.choice(free)
            player = 1 + game.move_count % 2
            game.move(r, c, player)
            moves.append((r, c, player))
        games.append(moves)
    return games


def python_moves(games: list[list[tuple[int, int, int]]]) -> Callable[[], int]:
    game = TicTacToe(3)

    def run() -> int:
        winners = 0
        for moves in games:
            game.reset()
            move = game.move
            for r, c, p in moves:
                winners += move(r, c, p)
        return winners

    return run


def python_solves(data: list[bytes], solver: Solver | None) -> Callable[[], int]:
    def run() -> int:
        total = 0
        if solver is not None:
            solver.clear()
        for b in data:
            game = TicTacToe.from_bytes(b)
            value, plies = game.solve() if solver is None else solver.solve(game)
            total += value * 100 + plies
        return total

    return run


def main() -> None:
    games = classic_games(20_000, 3)
    moves = sum(len(g) for g in games)
    sets = {
        f"Connect Four solve, {count} positions {label} ({low}-{high} stones), per position": positions(
            low, low, high, count
        )
        for label, low, high, count in CUTS
    }
    group(MOVE_GROUP, RUNS, [("Python: game.move", moves, python_moves(games))])
    for name, data in sets.items():
        group(
            name,
            RUNS,
            [
                (
                    "Python (native): TicTacToe.from_bytes(b).solve()",
                    len(data),
                    python_solves(data, None),
                ),
                (
                    "Python (native): Solver(22).solve, cleared each run",
                    len(data),
                    python_solves(data, Solver(22)),
                ),
            ],
        )
    package = ROOT / "target" / "npm" / "tictactoe-engine" / "package.json"
    node = shutil.which("node")
    if not package.exists() or node is None:
        print(
            "SKIPPED: the JavaScript rows (no npm package from make wasm, or no node)",
            file=sys.stderr,
        )
        return
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(
            {
                "classic": games,
                "move_group": MOVE_GROUP,
                "positions": {name: [b.hex() for b in data] for name, data in sets.items()},
            },
            f,
        )
        f.flush()
        subprocess.run(
            [node, str(ROOT / "bench" / "js" / "bench.mjs"), f.name, str(RUNS)], check=True
        )


if __name__ == "__main__":
    main()

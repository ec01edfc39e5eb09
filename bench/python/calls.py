"""What one call into the Python face costs, beside its floor: a hand-written METH_FASTCALL extension
(``bench/python/floor.c``, whose ``move`` does the engine's work through the C library) and a PyO3
class whose method does nothing (``crates/bench-probe``). Both are built by ``make bench`` into a
folder that must be on ``sys.path``.

Prints time rows like ``bench.py``, then one instruction row per contender: callgrind counts the
instructions inside ``_floor.measure`` while it replays the games once and three times, and the
difference, divided by the calls, is what one more call costs (the replay list and the measuring
call itself cancel out).

Usage: calls.py DATA_DIR, or calls.py DATA_DIR --count NAME REPS (what callgrind runs).
"""

from __future__ import annotations

import gc
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import _floor
import _probe
from replay import PurePython, group, per_call, read_games
from tictactoe import TicTacToe

# Enough games for stable counts, few enough that callgrind takes seconds.
COUNTED_GAMES = 2000


def contenders(games: list[tuple[int, list]]) -> dict[str, Callable[[], int]]:
    """Each replays every game, a fresh object per game, one call per move; the first is the group's
    reference. The no-ops return 0 where the others return winners: their rows are named 'floor'."""
    return {
        "hand-written C-API move (METH_FASTCALL over the C library)": lambda: per_call(
            _floor.Floor, "move", games
        ),
        "TicTacToe.move, checked": lambda: per_call(TicTacToe, "move", games),
        "TicTacToe.move, lean": lambda: per_call(lambda n: TicTacToe(n, lean=True), "move", games),
        "hand-written C-API counter move, no checks": lambda: per_call(
            _floor.Floor, "counter_move", games
        ),
        "floor: hand-written C-API no-op, same arguments": lambda: per_call(
            _floor.Floor, "noop", games
        ),
        "floor: PyO3 no-op, same arguments and class shape": lambda: per_call(
            _probe.Probe, "noop", games
        ),
        "pure-Python counter class, no checks": lambda: per_call(PurePython, "move", games),
    }


def constructions(count: int) -> dict[str, Callable[[], int]]:
    """Each makes ``count`` 3x3 games and drops them."""

    def make(factory: Callable[[], object]) -> Callable[[], int]:
        return lambda: sum(factory() is not None for _ in range(count))

    return {
        "hand-written C-API Floor(3)": make(lambda: _floor.Floor(3)),
        "TicTacToe(3)": make(lambda: TicTacToe(3)),
        "TicTacToe(3, lean=True)": make(lambda: TicTacToe(3, lean=True)),
        "_probe.Probe(3) (PyO3, positional n)": make(lambda: _probe.Probe(3)),
        "pure-Python counter class": make(lambda: PurePython(3)),
    }


def count(data: Path, name: str, reps: int) -> None:
    games = read_games(data / "games-n3.bin", COUNTED_GAMES)
    # A cyclic collection falls wherever the allocation count says, in one run and not the other.
    gc.disable()
    table = {**contenders(games), **constructions(COUNTED_GAMES)}
    run = table[name]
    run()  # first calls fill caches and make lazily built objects: not counted
    _floor.measure(lambda: [run() for _ in range(reps)])


def instructions(data: Path, group_name: str, names: list[str], ops: int) -> None:
    if shutil.which("valgrind") is None:
        print("instructions: SKIPPED (valgrind is not on this machine)", file=sys.stderr)
        return
    for name in names:
        totals = []
        for reps in (1, 3):
            done = subprocess.run(
                [
                    *("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"),
                    *("--collect-atstart=no", "--toggle-collect=bench_counted_region"),
                    *(sys.executable, __file__, str(data), "--count", name, str(reps)),
                ],
                env={**os.environ, "PYTHONHASHSEED": "0"},
                capture_output=True,
                text=True,
                check=True,
            )
            collected = re.search(r"Collected : (\d+)", done.stderr)
            if collected is None:
                raise SystemExit(f"callgrind reported nothing for {name}:\n{done.stderr}")
            totals.append(int(collected.group(1)))
        row = {
            "kind": "instructions",
            "group": group_name,
            "name": name,
            "per_op": (totals[1] - totals[0]) / (2 * ops),
        }
        print(json.dumps(row), flush=True)


def main() -> None:
    data = Path(sys.argv[1])
    if sys.argv[2:3] == ["--count"]:
        count(data, sys.argv[3], int(sys.argv[4]))
        return
    games = read_games(data / "games-n3.bin")
    ops = sum(len(m) for _, m in games)
    calls = "Python, one call per move, fresh object per game, n = 3"
    made = "Python, a new 3x3 game, per game"
    per_move = contenders(games)
    group(calls, 7, [(name, ops, f) for name, f in per_move.items()])
    built = constructions(len(games))
    group(made, 7, [(name, len(games), f) for name, f in built.items()])
    counted = games[:COUNTED_GAMES]
    instructions(data, calls, list(per_move), sum(len(m) for _, m in counted))
    instructions(data, made, list(built), COUNTED_GAMES)


if __name__ == "__main__":
    main()

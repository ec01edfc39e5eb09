"""What every Python benchmark shares, without NumPy (so that callgrind can count a small
interpreter): the games as tuples, the honest pure-Python floor, the replay loop and the timer."""

from __future__ import annotations

import json
import statistics
import time
from array import array
from collections.abc import Callable
from pathlib import Path


def read_games(
    path: Path, limit: int | None = None
) -> list[tuple[int, list[tuple[int, int, int]]]]:
    """The games file (or its first ``limit`` games) as (n, [(row, col, player), ...]): little-endian
    int64 words, each game its n, its move count k, then 3k numbers."""
    words = array("q", path.read_bytes())
    if array("q", [1]).tobytes()[0] != 1:
        words.byteswap()
    games, at = [], 0
    while at + 2 <= len(words) and (limit is None or len(games) < limit):
        n, k = words[at], words[at + 1]
        flat = words[at + 2 : at + 2 + 3 * k]
        games.append((n, [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, 3 * k, 3)]))
        at += 2 + 3 * k
    return games


class PurePython:
    """The classic counter class, as a Python programmer writes it by hand: one signed count per row,
    column and diagonal, a win when one reaches n in absolute value, and no validation at all. The
    honest floor: anything slower as a reference would flatter the engine."""

    __slots__ = ("anti", "cols", "diag", "n", "rows")

    def __init__(self, n: int) -> None:
        self.n, self.rows, self.cols = n, [0] * n, [0] * n
        self.diag = self.anti = 0

    def move(self, row: int, col: int, player: int) -> int:
        n = self.n
        d = 1 if player == 1 else -1
        self.rows[row] += d
        self.cols[col] += d
        if row == col:
            self.diag += d
        if row + col == n - 1:
            self.anti += d
        if (
            abs(self.rows[row]) == n
            or abs(self.cols[col]) == n
            or abs(self.diag) == n
            or abs(self.anti) == n
        ):
            return player
        return 0


def per_call(factory: Callable[[int], object], method: str, games: list[tuple[int, list]]) -> int:
    winners = 0
    for n, moves in games:
        play = getattr(factory(n), method)
        for row, col, player in moves:
            winners += play(row, col, player)
    return winners


def group(
    name: str,
    runs: int,
    contenders: list[tuple[str, int, Callable[[], int]]],
    checksums: bool = True,
    before: list[Callable[[], None]] | None = None,
) -> None:
    """Times contenders interleaved; each is (name, operations per run, replay). The first is the
    group's reference. A first call of each warms it up and gives its checksum, which every run
    must repeat; ``checksums=False`` for contenders that play on from where they stopped, whose
    runs differ (their rows carry no checksum). ``before[k]``, when given, runs before each of
    contender k's calls, outside the timing (emptying a solver's table, say)."""
    prepare = before or [lambda: None for _ in contenders]
    first = []
    for (_, _, f), ready in zip(contenders, prepare, strict=True):
        ready()
        first.append(f())
    times: list[list[float]] = [[] for _ in contenders]
    for _ in range(runs):
        for k, (label, ops, f) in enumerate(contenders):
            prepare[k]()
            start = time.perf_counter_ns()
            total = f()
            times[k].append((time.perf_counter_ns() - start) / ops)
            if checksums and total != first[k]:
                raise SystemExit(f"{label}: runs disagree")
    for k, (label, _, _) in enumerate(contenders):
        t = times[k]
        row = {
            "kind": "time",
            "group": name,
            "name": label,
            "reference": k == 0,
            "ns": statistics.median(t),
            "min": min(t),
            "max": max(t),
            "checksum": first[k] if checksums else None,
        }
        print(json.dumps(row), flush=True)

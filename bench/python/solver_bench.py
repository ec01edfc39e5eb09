"""Perfect play beside BitBully (``pip install bitbully``: a C++ Connect Four solver, MTD(f), no
opening book) and Pascal Pons' solver (C++, where ``PONS_SOLVER`` names its ``c4solver`` built
locally; never shipped), on the same Connect Four positions, one process over the whole set: random
games cut at a number of stones, the game still on. The engine's rows: a one-shot ``solve()`` per
position as a user calls it (its opening books read: at 8 stones they hold the win, draw or loss),
then the search itself with no book, as the peers run: one ``Solver`` kept over the set, and a
fresh solver per position (the one-shot's table) with a budget no search reaches, which keeps it
to one thread. BitBully's: one ``BitBullyCore`` over the set ``mtdf`` from a first guess of 0.
Pons': one process over the set, reading the positions from its standard input (no book; the
clock starts once it has made its table, which ours are made before too). Each run starts from empty tables, emptied outside the
timing (BitBully's reset takes about 65 ms, which would be most of its time here). The checksum is the sum of
the values' signs, so a row that disagrees on any value is refused by the report. After the timing,
an untimed pass counts each contender's nodes and table hits a position (a ``"search"`` row, which
the report puts beside the time as nodes per second): ours on a ``Solver`` of the table the row's
solve makes (``Solver.stats``), BitBully by its node counter (it counts no hits). Prints JSON lines
like ``bench.py``; without BitBully its rows are left out with a note on stderr. An argument times
only the rows whose label holds it (``solver_bench.py "8 stones"``); ``solver_bench.py "empty
board"`` solves the empty board once a contender (minutes each), which ``make bench`` runs last."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from replay import group
from tictactoe import Solver, TicTacToe

# (label, fewest stones, most stones, positions, timed runs after the first): the deep row's set
# takes tens of seconds a run, and its runs agree within a few percent.
CUTS = [
    ("near the end", 30, 38, 200, 3),
    ("in the middle", 18, 29, 200, 3),
    ("early", 12, 17, 20, 3),
    ("at 8 stones", 8, 8, 12, 1),
]


def columns(seed: int, low: int, high: int, count: int) -> list[list[int]]:
    """Column sequences of random games, cut between ``low`` and ``high`` stones, still on."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < count:
        stones, game, cols = rng.randint(low, high), TicTacToe.connect_four(), []
        while len(cols) < stones and not game.is_over:
            col = rng.choice([c for c in range(7) if game.cell(0, c) == 0])
            game.drop(col, 1 + len(cols) % 2)
            cols.append(col)
        if not game.is_over:
            out.append(cols)
    return out


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# A contender: (name, empty its tables, solve the set and give the checksum, count the nodes and
# table hits of solving the set from empty tables: hits None where the solver counts none, the
# counts None where it reports none).
Counts = tuple[int, int | None]
Contender = tuple[str, Callable[[], None], Callable[[], int], Callable[[], Counts | None]]


# A budget no search reaches: any budget keeps a solve on one thread (an unbudgeted solve of a deep
# gravity position takes a helper thread), so this row is the engine on the peer's terms.
ONE_THREAD = 2**64 - 2


def one_shot_bits(game: TicTacToe) -> int:
    """The table a one-shot ``solve()`` of a Connect Four position makes, as a power of two: 0.6 bits
    an empty cell, from 6 to 20 (the sizing of ``Game::table_bits`` in
    ``crates/core/src/solve/mod.rs``, which only the node counts here depend on)."""
    empty = game.rows * game.cols - game.move_count
    return min(max(empty * 6 // 10, 6), 20)


def counted(
    games: list[TicTacToe], kept: Solver | None, budget: int | None, book: bool = True
) -> Counts:
    """Nodes and table hits of solving ``games`` on ``kept`` (emptied first), or, for a one-shot
    row, each on a fresh solver of the table its one-shot solve makes (reading its books when
    ``book``)."""
    if kept is not None:
        kept.clear()
        before = kept.stats
        for game in games:
            kept.solve(game, budget)
        return kept.stats[0] - before[0], kept.stats[1] - before[1]
    nodes = hits = 0
    for game in games:
        solver = Solver(one_shot_bits(game), book=book)
        solver.solve(game, budget)
        nodes, hits = nodes + solver.stats[0], hits + solver.stats[1]
    return nodes, hits


def ours(
    games: list[TicTacToe], solver: Solver | None, budget: int | None = None
) -> Callable[[], int]:
    def run() -> int:
        total = 0
        for game in games:
            value, _ = game.solve(budget) if solver is None else solver.solve(game, budget)
            total += value
        return total

    return run


def bookless(games: list[TicTacToe], budget: int) -> Callable[[], int]:
    """A fresh solver without books per position, of the table a one-shot ``solve()`` makes."""

    def run() -> int:
        return sum(Solver(one_shot_bits(g), book=False).solve(g, budget)[0] for g in games)

    return run


def pons(sets: list[list[int]]) -> Contender | None:
    path = os.environ.get("PONS_SOLVER")
    if not path:
        print("SKIPPED: Pons' rows (PONS_SOLVER: a c4solver built locally)", file=sys.stderr)
        return None
    lines = "".join("".join(str(c + 1) for c in cols) + "\n" for cols in sets)
    running: list[subprocess.Popen[str]] = []

    def start() -> None:
        """A fresh process (the last one's end waited for here), timed from when it has made its
        table: it says then, on standard error, that it found no book."""
        for done in running:
            done.wait()
        args = [path, "-b", os.devnull + ".none"]
        pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
        proc = subprocess.Popen(args, text=True, **pipes)  # type: ignore[call-overload]
        assert proc.stderr is not None
        proc.stderr.readline()
        running[:] = [proc]

    def run() -> int:
        """The set written at once (a few kilobytes: the pipe holds them), every answer read; the
        process's exit is not timed."""
        proc = running[0]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(lines)
        proc.stdin.close()
        total = 0
        for _ in sets:
            total += sign(int(proc.stdout.readline().split()[1]))
        return total

    return ("Pons' solver: one process", start, run, lambda: None)


def bitbully(sets: list[list[int]]) -> Contender | None:
    try:
        from bitbully import bitbully_core as core
    except ImportError:
        print("SKIPPED: the BitBully rows (pip install bitbully)", file=sys.stderr)
        return None
    boards = []
    for cols in sets:
        board = core.BoardCore()
        board.play(cols)
        boards.append(board)
    solver = core.BitBullyCore()

    def run() -> int:
        return sum(sign(solver.mtdf(board, 0)) for board in boards)

    def count() -> Counts:
        solver.resetTranspositionTable()
        solver.resetNodeCounter()
        run()
        return solver.getNodeCounter(), None

    return ("BitBully: mtdf, one solver", solver.resetTranspositionTable, run, count)


def empty_board() -> None:
    """The empty 7 x 6 board, one timed solve a contender (each takes minutes; no warm-up call):
    the engine on a ``Solver(24)`` (a table of 2^24 one-word entries) as a user would keep one,
    with its opening book off (which holds the empty board) and then on, and BitBully's ``mtdf``
    from an empty table, without its opening book and then with its 12-ply book (loaded before the
    clock starts, as ours is compiled in): each book row is to be read against the other. The
    checksum is the value."""
    name = "Connect Four solve, the empty board, ns per position"
    # (label, solve and give the value, the nodes and table hits of that solve)
    rows: list[tuple[str, Callable[[], int], Callable[[], Counts]]] = []
    solver = Solver(24, book=False)  # searched, not read from the opening book
    rows.append(
        (
            "tictactoe: one Solver(24), book off",
            lambda: solver.solve(TicTacToe.connect_four())[0],
            lambda: solver.stats,
        )
    )
    booked = Solver(24)  # the same position read from the opening book
    rows.append(
        (
            "tictactoe: one Solver(24), from the opening book",
            lambda: booked.solve(TicTacToe.connect_four())[0],
            lambda: booked.stats,
        )
    )
    try:
        from bitbully import bitbully_core as core

        board, peer = core.BoardCore(), core.BitBullyCore()
        peer.resetTranspositionTable()
        peer.resetNodeCounter()
        rows.append(
            (
                "BitBully: mtdf, one solver",
                lambda: sign(peer.mtdf(board, 0)),
                lambda: (peer.getNodeCounter(), None),
            )
        )
        import bitbully_databases as databases

        path = databases.BitBullyDatabases.get_database_path("12-ply-dist")
        read, book = core.BoardCore(), core.BitBullyCore(Path(path))
        book.resetNodeCounter()
        rows.append(
            (
                "BitBully: mtdf, one solver, with its 12-ply opening book",
                lambda: sign(book.mtdf(read, 0)),
                lambda: (book.getNodeCounter(), None),
            )
        )
    except ImportError:
        print("SKIPPED: the BitBully rows (pip install bitbully)", file=sys.stderr)
    for k, (label, run, tally) in enumerate(rows):
        start = time.perf_counter_ns()
        value = run()
        ns = time.perf_counter_ns() - start
        row = {"kind": "time", "group": name, "name": label, "reference": k == 0}
        print(json.dumps(row | {"ns": ns, "min": ns, "max": ns, "checksum": value}), flush=True)
        nodes, hits = tally()
        search = {"kind": "search", "group": name, "name": label, "positions": 1}
        print(json.dumps(search | {"nodes": nodes, "hits": hits}), flush=True)


def main() -> None:
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    if only == "empty board":
        empty_board()
        return
    for label, low, high, count, runs in CUTS:
        if only not in label:
            continue
        sets = columns(low, low, high, count)
        games = []
        for cols in sets:
            game = TicTacToe.connect_four()
            for i, col in enumerate(cols):
                game.drop(col, 1 + i % 2)
            games.append(game)
        kept = Solver(22, book=False)
        contenders: list[Contender] = [
            (
                "tictactoe: game.solve() (one-shot, its books read)",
                lambda: None,
                ours(games, None),
                partial(counted, games, None, None),
            ),
            (
                "tictactoe: one Solver(22), no book",
                kept.clear,
                ours(games, kept),
                partial(counted, games, kept, None),
            ),
            (
                "tictactoe: a fresh solver a position, no book, one thread",
                lambda: None,
                bookless(games, ONE_THREAD),
                partial(counted, games, None, ONE_THREAD, False),
            ),
        ]
        for peer in (bitbully(sets), pons(sets)):
            if peer is not None:
                contenders.append(peer)
        name = (
            f"Connect Four solve, {count} positions {label} ({low}-{high} stones), ns per position"
        )
        group(
            name,
            runs,
            [(label, count, run) for label, _, run, _ in contenders],
            before=[empty for _, empty, _, _ in contenders],
        )
        for label, _, _, tally in contenders:
            counts = tally()
            if counts is None:
                continue
            nodes, hits = counts
            row = {"kind": "search", "group": name, "name": label, "positions": count}
            per = {"nodes": nodes / count, "hits": None if hits is None else hits / count}
            print(json.dumps(row | per), flush=True)


if __name__ == "__main__":
    main()

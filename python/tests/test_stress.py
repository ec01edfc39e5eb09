"""Stress: threads sharing, pickling and undoing games for a few seconds; a million games created,
played and dropped with memory flat."""

from __future__ import annotations

import pickle
import random
import threading
import time
from pathlib import Path

from tictactoe import IllegalMoveError, TicTacToe


def test_threads_sharing_and_pickling_games_end_consistent() -> None:
    games = [TicTacToe(6), TicTacToe(6, lean=True), TicTacToe(4)]
    # Accepted moves minus undone ones, per game. Threads may repeat a cell of the lean game, which
    # breaks its caller's promise but must still leave consistent counters.
    net = [0] * len(games)
    lock = threading.Lock()
    failures: list[BaseException] = []
    deadline = time.monotonic() + 3.0

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        try:
            while time.monotonic() < deadline:
                k = rng.randrange(len(games))
                game = games[k]
                action = rng.random()
                if action < 0.7:
                    row, col = rng.randrange(-1, game.n + 1), rng.randrange(game.n)
                    try:
                        game.move(row, col, rng.choice((1, 2)))
                    except IllegalMoveError:
                        continue
                    with lock:
                        net[k] += 1
                elif action < 0.8 and not game.lean:
                    try:
                        game.undo()
                    except IndexError:
                        continue
                    with lock:
                        net[k] -= 1
                else:
                    copy = pickle.loads(pickle.dumps(game))
                    assert copy.n == game.n and copy.lean == game.lean
        except BaseException as err:  # reported below: any of these is a bug
            failures.append(err)

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    for k, game in enumerate(games):
        assert game.move_count == net[k]
        # Decoding replays every recorded move through the rules: a corrupted game would not decode.
        assert TicTacToe.from_bytes(game.to_bytes()) == game


def resident_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_million_games_leave_memory_flat() -> None:
    moves = [(0, 0, 1), (1, 1, 2), (0, 1, 1), (2, 2, 2), (0, 2, 1)]

    def churn(count: int) -> None:
        for i in range(count):
            game = TicTacToe(3, lean=bool(i & 1))
            for row, col, player in moves:
                game.move(row, col, player)
            try:
                game.move(2, 0, 2)
            except IllegalMoveError:
                pass

    churn(100_000)  # warm up the allocators
    before = resident_kib()
    churn(1_000_000)
    grown = resident_kib() - before
    assert grown < 4096, f"resident memory grew by {grown} KiB over a million games"

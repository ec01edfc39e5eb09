"""Copies, pickles and threads: a game in progress survives all three, in both modes."""

from __future__ import annotations

import copy
import doctest
import pickle
import threading

import pytest
import tictactoe
from tictactoe import IllegalMoveError, TicTacToe

MID_GAME = [(0, 0, 1), (1, 1, 2), (2, 0, 1), (0, 2, 2)]


@pytest.mark.parametrize("lean", [False, True])
@pytest.mark.parametrize(
    "clone",
    [
        copy.copy,
        copy.deepcopy,
        lambda g: pickle.loads(pickle.dumps(g)),
        lambda g: pickle.loads(pickle.dumps(g, 0)),
    ],
)
def test_copies_are_equal_and_independent(lean: bool, clone: object) -> None:
    game = TicTacToe(3, lean=lean)
    game.play(MID_GAME)
    other = clone(game)  # type: ignore[operator]
    assert other == game and other is not game
    assert (other.lean, other.move_count, str(other)) == (lean, 4, str(game))
    # Both go on alike, and apart.
    assert other.move(1, 0, 1) == game.move(1, 0, 1) == 1
    other.reset()
    assert game.winner == 1 and other.move_count == 0


def test_from_bytes_refuses_damaged_input() -> None:
    data = bytearray(TicTacToe(3).to_bytes())
    data[0] ^= 0xFF
    with pytest.raises(ValueError, match="not a valid encoded game"):
        TicTacToe.from_bytes(bytes(data))
    with pytest.raises(ValueError, match="truncated"):
        TicTacToe.from_bytes(b"TTT")


def test_threads_sharing_one_game_never_corrupt_it() -> None:
    n, workers = 40, 4
    game = TicTacToe(n)
    accepted: list[tuple[int, int, int]] = []
    unexpected: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(workers)

    def worker(seed: int) -> None:
        start.wait()
        for k in range(n * n):
            cell = (k * 7919 + seed * 104729) % (n * n)
            row, col = divmod(cell, n)
            player = 1 + (k + seed) % 2
            try:
                game.move(row, col, player)
                copy.copy(game)
                str(game)
            except IllegalMoveError:
                continue
            except BaseException as err:  # anything else is a bug, reported below
                unexpected.append(err)
                return
            with lock:
                accepted.append((row, col, player))

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert unexpected == []
    # Every accepted move is on the board, and nothing else is.
    assert game.move_count == len(accepted)
    holders = {(r, c): p for r, c, p in accepted}
    assert len(holders) == len(accepted)
    for r in range(n):
        for c in range(n):
            assert game.cell(r, c) == holders.get((r, c), 0)
    assert TicTacToe.from_bytes(game.to_bytes()) == game


def test_docstring_examples() -> None:
    result = doctest.testmod(tictactoe, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= 30  # the class and its methods, not just the package docstring
    vec = doctest.testmod(tictactoe._vec, optionflags=doctest.ELLIPSIS)
    assert vec.failed == 0 and vec.attempted >= 3

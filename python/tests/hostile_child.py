"""Hostile objects thrown at every method of a game, in a child interpreter (run by
``test_hostile.py``), so that a crash fails the test instead of killing the run.

Each case either succeeds or raises the documented exception, and a refused call leaves the game
byte-for-byte as it was. Run directly, it exits non-zero with the falsifying example.
"""

from __future__ import annotations

import array
import itertools
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from tictactoe import IllegalMoveError, TicTacToe


class Boom(Exception):
    """What a hostile callback raises."""


ALLOWED = (IllegalMoveError, TypeError, ValueError, IndexError, OverflowError, MemoryError, Boom)


class Index:
    """An object with ``__index__`` that returns ``value``, or raises it when it is an exception."""

    def __init__(self, value: object, game: list[TicTacToe] | None = None) -> None:
        self.value, self.game = value, game

    def __index__(self) -> Any:
        if self.game:  # calls back into the same game while its own call is in progress
            touched.append(True)
            self.game[0].reset()
            self.game[0].move(0, 0, 1)
        if isinstance(self.value, BaseException):
            raise self.value
        return self.value


class FakeArray:
    """Claims to be an int64 array at a memory address it does not own."""

    def __init__(self, address: int, rows: int) -> None:
        self.__array_interface__ = {
            "version": 3,
            "typestr": "<i8",
            "shape": (rows, 3),
            "data": (address, False),
            "strides": None,
        }


class LyingLen:
    """A sequence whose ``__len__`` disagrees with what it yields."""

    def __init__(self, items: list[Any], length: int) -> None:
        self.items, self.length = items, length

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)


def raising_midway(items: list[Any], at: int) -> Iterator[Any]:
    for k, item in enumerate(items):
        if k == at:
            raise Boom
        yield item


def reentrant(game: list[TicTacToe], items: list[Any]) -> Iterator[Any]:
    for item in items:
        touched.append(True)
        game[0].reset()
        yield item


small = st.integers(-2, 4)
huge = st.sampled_from([2**63, -(2**63) - 1, 2**80, -(2**200), 10**50])
index_values = st.one_of(small, huge, st.just(1.5), st.just("1"), st.just(None), st.just(Boom()))


def ints(holder: list[TicTacToe]) -> st.SearchStrategy[Any]:
    return st.one_of(
        small,
        huge,
        st.booleans(),
        st.builds(Index, index_values),
        st.builds(lambda v: Index(v, holder), small),
        st.just(1.0),
        st.just("0"),
        st.just(None),
        st.just(np.int8(1)),
        st.just(np.uint64(2**64 - 1)),
    )


def triples(holder: list[TicTacToe]) -> st.SearchStrategy[Any]:
    t = st.tuples(ints(holder), ints(holder), ints(holder))
    return st.one_of(
        t, t.map(list), st.just((0, 0)), st.just((0, 0, 1, 2)), st.just(itertools.count())
    )


def batches(holder: list[TicTacToe]) -> st.SearchStrategy[Any]:
    items = st.lists(triples(holder), max_size=6)
    rows = st.lists(st.tuples(small, small, small), max_size=6)
    dtypes = st.sampled_from(["<i8", ">i8", "<i4", "<u8", "<f8", "i1", "O"])
    return st.one_of(
        items,
        items.map(tuple),
        items.map(iter),
        st.builds(LyingLen, items, st.sampled_from([0, 1, 10**6])),
        st.builds(raising_midway, items, st.integers(0, 6)),
        st.builds(lambda xs: reentrant(holder, xs), items),
        st.just(itertools.repeat((0, 0, 1))),
        st.just(itertools.cycle([(0, 0, 1), (0, 0, 2)])),
        st.builds(lambda rs, dt: np.array(rs or [[0, 0, 1]]).astype(dt), rows, dtypes),
        st.builds(lambda rs: np.array(rs or [[0, 0, 1]], dtype="<i8").T, rows),
        st.builds(lambda rs: np.array(rs or [[0, 0, 1]], dtype="<i8")[::2], rows),
        st.builds(lambda rs: np.array(rs or [[0, 0, 1]], dtype="<i8").reshape(-1), rows),
        st.builds(
            lambda rs: memoryview(array.array("q", [v for r in rs for v in r])).cast("B"), rows
        ),
        st.builds(
            FakeArray, st.sampled_from([0, 8, 2**47, 2**63 - 8]), st.sampled_from([1, 10**7])
        ),
        st.just(b"\x00" * 24),
        st.just("abc"),
        st.just(42),
    )


Call = Callable[[TicTacToe], object]


def calls(holder: list[TicTacToe]) -> st.SearchStrategy[Call]:
    i = ints(holder)
    return st.one_of(
        st.builds(lambda r, c, p: lambda g: g.move(r, c, p), i, i, i),
        st.builds(lambda b: lambda g: g.play(b), batches(holder)),
        st.builds(lambda p: lambda g: g.can_win(p), i),
        st.builds(lambda r, c: lambda g: g.cell(r, c), i, i),
        st.just(lambda g: g.undo()),
        st.builds(lambda n: lambda g: TicTacToe(n), i),
        st.builds(lambda d: lambda g: TicTacToe.from_bytes(d), st.binary(max_size=40)),
    )


holder: list[TicTacToe] = []
touched: list[bool] = []  # set by callbacks that change the game on purpose


@settings(max_examples=1500, deadline=None, database=None)
@given(n=st.integers(1, 4), lean=st.booleans(), call=calls(holder))
def hostile_calls_raise_documented_errors_and_change_nothing(
    n: int, lean: bool, call: Call
) -> None:
    game = TicTacToe(n, lean=lean)
    game.move(n - 1, 0, 2)
    holder[:] = [game]
    touched.clear()
    before = game.to_bytes()
    try:
        call(game)
    except ALLOWED:
        # A callback that re-entered the game changed it on purpose; the call itself did not.
        assert game.to_bytes() == before or touched, "a refused call changed the game"
    assert TicTacToe.from_bytes(game.to_bytes()) == game


if __name__ == "__main__":
    hostile_calls_raise_documented_errors_and_change_nothing()
    print("hostile calls: all raised documented errors and changed nothing")
    sys.exit(0)

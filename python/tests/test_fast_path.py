"""``move``, ``can_win`` and ``cell`` have a hand-written entry point for plain positional ints that
hands every other call to the general method. Both routes must give the same answers, the same
errors and the same games: each call here is made through both, on twin games, and compared with the
model too."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable

import pytest
from helpers import assert_agrees, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from model import Model
from tictactoe import TicTacToe


class Int(int):
    """An int subclass: never served by the fast route (its methods could run Python code)."""


def outcome(call: Callable[..., object], *args: object, **kwargs: object) -> tuple[str, object]:
    try:
        return ("ok", call(*args, **kwargs))
    except Exception as err:
        return (type(err).__name__, str(err))


def numbers(n: int) -> st.SearchStrategy[int]:
    # Mostly on the board, some just off it, some beyond 64 bits.
    return st.one_of(
        st.integers(0, n - 1),
        st.integers(-2, n + 1),
        st.sampled_from([2**63 - 1, -(2**63), 2**63, 2**80, -(2**80)]),
    )


@settings(max_examples=150, deadline=None)
@given(data=st.data(), n=st.integers(1, 5), lean=st.booleans())
def test_both_routes_agree_with_each_other_and_the_model(
    data: st.DataObject, n: int, lean: bool
) -> None:
    fast, general, subclassed = (TicTacToe(n, lean=lean) for _ in range(3))
    model = Model(n, lean=lean)
    for _ in range(data.draw(st.integers(0, 3 * n * n + 3))):
        row, col = data.draw(numbers(n)), data.draw(numbers(n))
        player = data.draw(st.sampled_from([1, 2, 1, 2, 0, 3, 2**64]))
        if lean and 0 <= row < n and 0 <= col < n and model.board[row][col]:
            continue  # a lean caller promises each cell once
        got = outcome(fast.move, row, col, player)
        assert got == outcome(general.move, row=row, col=col, player=player)
        assert got == outcome(subclassed.move, Int(row), Int(col), Int(player))
        expected = model.check(row, col, player)
        if expected is None:
            assert got == ("ok", model.move(row, col, player))
        else:
            assert got[0] == "IllegalMoveError"
        assert snapshot(fast) == snapshot(general) == snapshot(subclassed)
        assert_agrees(fast, model)
        for who in (player, 1, 2):
            assert outcome(fast.can_win, who) == outcome(general.can_win, player=who)
        probe_row, probe_col = data.draw(numbers(n)), data.draw(numbers(n))
        assert outcome(fast.cell, probe_row, probe_col) == outcome(
            general.cell, col=probe_col, row=probe_row
        )


def test_a_refusal_on_the_fast_route_changes_nothing() -> None:
    rng = random.Random(7)
    game = TicTacToe(4)
    while not game.is_over:
        before = snapshot(game)
        row, col, player = rng.randrange(-1, 5), rng.randrange(-1, 5), rng.choice([1, 2, 5])
        try:
            game.move(row, col, player)
        except ValueError:
            assert snapshot(game) == before


def test_the_fast_methods_keep_their_signatures_and_docstrings() -> None:
    expected = {"move": ["row", "col", "player"], "can_win": ["player"], "cell": ["row", "col"]}
    for name, params in expected.items():
        method = getattr(TicTacToe, name)
        assert list(inspect.signature(method).parameters)[1:] == params
        assert method.__doc__ and ">>>" in method.__doc__


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda g: g.move(0, 0), TypeError),
        (lambda g: g.move(0, 0, 1, 2), TypeError),
        (lambda g: g.move(0, 0, 1, row=0), TypeError),
        (lambda g: g.move(0, 0, player=1, extra=2), TypeError),
        (lambda g: g.move(0.0, 0, 1), TypeError),
        (lambda g: g.move("0", 0, 1), TypeError),
        (lambda g: g.can_win(), TypeError),
        (lambda g: g.can_win(None), TypeError),
        (lambda g: g.cell(0), TypeError),
        (lambda g: TicTacToe.move(object(), 0, 0, 1), TypeError),
        (lambda g: TicTacToe.cell(3, 0, 0), TypeError),
    ],
)
def test_malformed_calls_are_refused_and_change_nothing(
    call: Callable[[TicTacToe], object], error: type[Exception]
) -> None:
    game = TicTacToe(3)
    game.move(1, 1, 2)
    before = snapshot(game)
    with pytest.raises(error):
        call(game)
    assert snapshot(game) == before


def test_index_objects_take_the_general_route_with_the_same_answers() -> None:
    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    game, twin = TicTacToe(3), TicTacToe(3)
    assert game.move(Index(1), Index(0), 1) == twin.move(1, 0, 1)
    assert game.move(Index(2), Index(2), Index(2)) == twin.move(2, 2, 2)
    assert game.cell(Index(1), Index(0)) == twin.cell(1, 0) == 1
    assert game.can_win(Index(2)) == twin.can_win(2)
    assert snapshot(game) == snapshot(twin)

"""Buffers of every integer format, fed to every method that reads one: each is read exactly as
its values say, or refused with TypeError or ValueError and nothing changed. Run by
``test_hostile.py`` in a child interpreter, so that a misread that crashes is a failed test.

The expected answers come from the values as Python ints (``array.tolist()``), replayed through
the brute-force model and, for ``VecGames``, through a game that received the same values as a
plain list: never from the engine's own reading of the buffer.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from helpers import snapshot
from model import Model
from tictactoe import IllegalMoveError, TicTacToe, VecGames

INT_CODES = ["i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8"]


@st.composite
def layouts(draw: st.DrawFn, values: list[int], shape: tuple[int, ...]) -> np.ndarray:
    """``values`` in an array of ``shape``: any integer dtype that holds them, either byte order,
    C or Fortran order, or a strided view of a larger array, read-only or not."""
    fits = [
        code
        for code in INT_CODES
        if all(np.iinfo(code).min <= v <= np.iinfo(code).max for v in values)
    ]
    code = draw(st.sampled_from(fits))
    order = draw(st.sampled_from("<>=|"))
    dtype = np.dtype(code).newbyteorder(order) if order != "|" else np.dtype(code)
    base = np.array(values, dtype=dtype).reshape(shape)
    layout = draw(st.sampled_from(["C", "F", "strided", "reversed"]))
    if layout == "F":
        array = np.asfortranarray(base)
    elif layout == "strided":
        wide = np.zeros((shape[0] * 2, *shape[1:]), dtype=dtype)
        wide[::2] = base
        array = wide[::2]
    elif layout == "reversed":
        array = base[::-1].copy()[::-1]
    else:
        array = base.copy()
    if draw(st.booleans()):
        array.setflags(write=False)
    assert array.tolist() == base.tolist()
    return array


moves = st.lists(
    st.tuples(st.integers(-2, 4), st.integers(-2, 4), st.integers(0, 3)), min_size=1, max_size=9
)


@settings(max_examples=600, deadline=None)
@given(data=st.data(), rows=moves, memoryview_of_it=st.booleans())
def play_reads_buffers_exactly(
    data: st.DataObject, rows: list[tuple[int, int, int]], memoryview_of_it: bool
) -> None:
    flat = [v for row in rows for v in row]
    array = data.draw(layouts(flat, (len(rows), 3)))
    source = memoryview(array) if memoryview_of_it else array
    game, twin = TicTacToe(3), TicTacToe(3)
    game.move(2, 2, 1)
    twin.move(2, 2, 1)
    before = snapshot(game)
    # The twin gets the same moves as Python ints: what the buffer's values say.
    try:
        want: object = twin.play(array.tolist())
    except (IllegalMoveError, TypeError) as err:
        want = (type(err), str(err), getattr(err, "index", None))
    try:
        got: object = game.play(source)
    except (IllegalMoveError, TypeError, ValueError) as err:
        got = (type(err), str(err), getattr(err, "index", None))
        assert snapshot(game) == before, "a refused batch changed the game"
    assert got == want, (array.dtype, array.strides, got, want)
    assert snapshot(game) == snapshot(twin)
    # And the model agrees with the twin on where play stands.
    model = Model(3)
    model.move(2, 2, 1)
    if not isinstance(want, tuple):
        for r, c, p in array.tolist():
            model.move(r, c, p)
        assert game.move_count == len(model.moves) and game.winner == model.winner


@settings(max_examples=300, deadline=None)
@given(data=st.data(), actions=st.lists(st.integers(-3, 12), min_size=4, max_size=4))
def step_and_reset_read_buffers_exactly(data: st.DataObject, actions: list[int]) -> None:
    array = data.draw(layouts(actions, (4,)))
    games, twin = VecGames(4, 3, seed=1), VecGames(4, 3, seed=1)
    games.step([0, 1, 2, 3])
    twin.step([0, 1, 2, 3])
    before = games.action_mask.copy()
    try:
        want: object = [a.tolist() for a in twin.step(list(actions))[:4]]
    except IllegalMoveError as err:
        want = (str(err), err.index)
    try:
        got: object = [a.tolist() for a in games.step(array)[:4]]
    except IllegalMoveError as err:
        got = (str(err), err.index)
        assert np.array_equal(games.action_mask, before)
    assert got == want
    # A reset mask is a bool array; integers, in any layout, are refused and change nothing.
    mask_values = data.draw(st.lists(st.integers(0, 1), min_size=4, max_size=4))
    as_ints = data.draw(layouts(mask_values, (4,)))
    before = games.action_mask.copy()
    try:
        games.reset(options={"reset_mask": as_ints})
        raise AssertionError("an integer reset mask was accepted")
    except TypeError:
        assert np.array_equal(games.action_mask, before)
    as_bools = np.array(mask_values, dtype=bool)[:, None][:, 0]
    games.reset(options={"reset_mask": as_bools})
    twin.reset(options={"reset_mask": [bool(v) for v in mask_values]})
    assert np.array_equal(games.action_mask, twin.action_mask)


if __name__ == "__main__":
    play_reads_buffers_exactly()
    step_and_reset_read_buffers_exactly()
    print("buffers read exactly")

"""A small batch's fresh arrays: the engine may hand out again an array of an earlier result that no
one holds any more, so these tests hold, view, weakly reference and reshape results in every way a
caller may, and check that nothing a caller can still reach is ever written or handed out twice."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import numpy as np
import pytest
from tictactoe import VecGames

RULES: list[dict[str, Any]] = [
    {"n": 3},
    {"n": 3, "autoreset": "same_step"},
    {"rows": 6, "cols": 7, "k": 4, "gravity": True},
]


def arrays(result: tuple[Any, ...]) -> list[np.ndarray]:
    return [*result[:4], *result[4].values()]


@pytest.mark.parametrize("rules", RULES)
def test_results_let_go_step_alike_results_held(rules: dict[str, Any]) -> None:
    # One batch's results are all kept (nothing can be reused), the other's let go at once.
    held, loose = VecGames(16, seed=5, **rules), VecGames(16, seed=5, **rules)
    kept = []
    for _ in range(60):
        want = held.step(held.sample())
        kept.append(want)
        got = loose.step(loose.sample())
        for a, b in zip(arrays(want), arrays(got), strict=True):
            assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)
        del got


@pytest.mark.parametrize("rules", RULES)
def test_a_result_still_held_is_never_written_again(rules: dict[str, Any]) -> None:
    games = VecGames(8, seed=1, **rules)
    first = games.step(games.sample())
    snapshot = [a.copy() for a in arrays(first)]
    seen = {id(a) for a in arrays(first)}
    for _ in range(10):
        later = games.step(games.sample())
        assert not any(id(a) in seen for a in arrays(later))
    for a, b in zip(arrays(first), snapshot, strict=True):
        assert np.array_equal(a, b)


def test_a_view_or_buffer_of_a_result_let_go_keeps_it_out_of_reach() -> None:
    games = VecGames(8, seed=2)
    result = games.step(games.sample())
    view, buffer = result[0][1:], memoryview(result[4]["action_mask"])
    saved = view.copy(), bytes(buffer)
    del result
    for _ in range(6):
        games.step(games.sample())
    assert np.array_equal(view, saved[0]) and bytes(buffer) == saved[1]


def test_an_array_weakly_referenced_is_let_go_not_handed_out_again() -> None:
    games = VecGames(8, seed=3)
    result = games.step(games.sample())
    watched = weakref.ref(result[1])
    del result
    for _ in range(4):
        games.step(games.sample())
    gc.collect()
    assert watched() is None


def test_a_sample_still_held_is_never_written_again() -> None:
    games = VecGames(8, seed=4)
    first = games.sample()
    saved = first.copy()
    for _ in range(5):
        actions = games.sample()
        assert actions is not first
        games.step(actions)
    assert np.array_equal(first, saved)


def test_an_array_changed_in_place_before_it_was_let_go_is_not_handed_out_again() -> None:
    games = VecGames(8, seed=6)
    for change in (
        lambda a: setattr(a, "shape", (8, 18)),
        lambda a: setattr(a.flags, "writeable", False),
        lambda a: a.resize((4, 3, 3, 2), refcheck=False),
    ):
        result = games.step(games.sample())
        change(result[0])
        del result
        for _ in range(3):
            obs = games.step(games.sample())[0]
            assert obs.shape == (8, 3, 3, 2) and obs.flags.writeable and obs.flags.owndata
            del obs


def test_a_refused_step_hands_out_nothing_and_the_next_steps_are_right() -> None:
    games, twin = VecGames(4, seed=7), VecGames(4, seed=7)
    for _ in range(3):
        games.step(games.sample())
        twin.step(twin.sample())
    with pytest.raises(ValueError):
        games.step([0, 1])
    for _ in range(20):
        actions = twin.sample()
        for a, b in zip(
            arrays(games.step(actions.copy())), arrays(twin.step(actions)), strict=True
        ):
            assert np.array_equal(a, b)


def test_a_weak_reference_callback_that_steps_the_same_games_is_a_step_of_its_own() -> None:
    # Letting an array go may run its weak reference's callback, here inside a later step before
    # its games move: the callback's step comes first, and both are whole steps.
    games = VecGames(4, seed=9, illegal="loss")
    twin = VecGames(4, seed=9, illegal="loss")
    zeros, ones = np.zeros(4, np.int64), np.ones(4, np.int64)
    fired = []

    def step_inside(_: object) -> None:
        fired.append(games.step(ones.copy())[0].copy())

    result = games.step(zeros.copy())
    watched = weakref.ref(result[1], step_inside)
    del result
    games.step(zeros.copy())
    last = games.step(zeros.copy())  # lets the watched array go: the callback steps first
    assert watched() is None and len(fired) == 1
    twin.step(zeros)
    twin.step(zeros)
    inside = twin.step(ones)
    after = twin.step(zeros)
    assert np.array_equal(fired[0], inside[0])
    for a, b in zip(arrays(last), arrays(after), strict=True):
        assert np.array_equal(a, b)

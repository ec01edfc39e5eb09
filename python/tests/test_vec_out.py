"""``VecGames.step(actions, out=...)``: a step written into the arrays of an earlier step's result.
It must give exactly what a step into fresh arrays gives, whatever the arrays held before, and
refuse (changing neither the games nor the arrays) anything but arrays it may write: the wrong
dtype, shape, order, a read-only or shared memory. Cases that could crash run in a child."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from test_hostile import assert_child_prints
from tictactoe import IllegalMoveError, VecGames

RULES: list[dict[str, Any]] = [
    {},
    {"autoreset": "same_step"},
    {"illegal": "loss"},
    {"rows": 6, "cols": 7, "k": 4, "gravity": True},
    {"rows": 6, "cols": 7, "k": 4, "gravity": True, "autoreset": "same_step"},
    {"rows": 9, "cols": 9, "k": 5, "autoreset": "same_step", "illegal": "loss"},
    {"n": 8},
]


def scribble(result: tuple[Any, ...], raw: bool = True) -> None:
    """Fills every array of a step's result with values no step writes: bools True (with `raw`, as
    bytes 7, which NumPy reads as True too), rewards NaN, players and winners 9."""
    arrays = [*result[:4], *result[4].values()]
    for array in arrays:
        if array.dtype == np.bool_:
            array.view(np.uint8)[...] = 7 if raw else 1
        elif array.dtype == np.float32:
            array[...] = np.nan
        else:
            array[...] = 9


def snapshot(result: tuple[Any, ...]) -> list[bytes]:
    return [a.tobytes() for a in (*result[:4], *result[4].values())]


def assert_same(fresh: tuple[Any, ...], reused: tuple[Any, ...]) -> None:
    for got, want in zip(reused[:4], fresh[:4], strict=True):
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.tobytes() == want.tobytes()
    assert reused[4].keys() == fresh[4].keys()
    for key, want in fresh[4].items():
        assert reused[4][key].tobytes() == want.tobytes(), key


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_a_step_into_old_arrays_is_a_step_into_fresh_ones(rules: dict[str, Any]) -> None:
    """Twins with one seed: one steps into fresh arrays, the other into the arrays of its own last
    step, scribbled over first; byte for byte the same outputs every step, and the tuple back."""
    fresh, reusing = VecGames(48, seed=3, **rules), VecGames(48, seed=3, **rules)
    first = reusing.sample()
    fresh.sample()
    fresh.step(first)
    out = reusing.step(first)
    rng = np.random.default_rng(0)
    for step in range(400):
        actions = fresh.sample()
        assert np.array_equal(actions, reusing.sample())
        if rules.get("illegal") == "loss" and step % 7 == 0:
            actions = rng.integers(-1, fresh.num_actions + 1, size=48)
        if step % 5 == 0:
            scribble(out)
        want = fresh.step(actions)
        got = reusing.step(actions, out=out)
        assert got is out
        assert_same(want, got)


def test_actions_of_any_kind_still_read_when_out_is_given() -> None:
    games, twin = VecGames(4, seed=1), VecGames(4, seed=1)
    out = games.step([0, 1, 2, 3])
    twin.step([0, 1, 2, 3])
    assert_same(twin.step((4, 5, 6, 7)), games.step([4, 5, 6, 7], out=out))


def broken_outs(out: tuple[Any, ...]) -> list[tuple[str, object, type[Exception]]]:
    """An earlier step's result spoiled one way at a time, with the error each must raise."""
    obs, rewards, terminated, truncated, info = out

    def with_info(**changes: object) -> tuple[Any, ...]:
        spoiled = dict(info)
        for key, value in changes.items():
            if value is None:
                del spoiled[key]
            else:
                spoiled[key] = value
        return (obs, rewards, terminated, truncated, spoiled)

    read_only = rewards.copy()
    read_only.setflags(write=False)
    buffer = np.zeros(2 * len(terminated) + 1, dtype=bool)
    return [
        ("a list", list(out), TypeError),
        ("four items", out[:4], ValueError),
        ("info not a dict", (*out[:4], list(info.items())), TypeError),
        ("no action_mask", with_info(action_mask=None), ValueError),
        ("obs as uint8", (obs.view(np.uint8), *out[1:]), TypeError),
        ("rewards as float64", (obs, rewards.astype(np.float64), *out[2:]), TypeError),
        ("rewards big-endian", (obs, rewards.astype(">f4"), *out[2:]), TypeError),
        ("a list for terminated", (obs, rewards, terminated.tolist(), *out[3:]), TypeError),
        ("obs reshaped", (obs.reshape(len(obs), -1), *out[1:]), ValueError),
        ("rewards transposed", (obs, np.ascontiguousarray(rewards.T), *out[2:]), ValueError),
        ("rewards in Fortran order", (obs, np.asfortranarray(rewards), *out[2:]), ValueError),
        (
            "terminated strided",
            (obs, rewards, np.zeros(2 * len(terminated), bool)[::2], *out[3:]),
            ValueError,
        ),
        ("rewards read-only", (obs, read_only, *out[2:]), ValueError),
        ("terminated is truncated", (obs, rewards, terminated, terminated, info), ValueError),
        (
            "terminated and truncated overlap",
            (obs, rewards, buffer[: len(terminated)], buffer[len(terminated) - 1 : -2], info),
            ValueError,
        ),
        ("winner is current_player", with_info(winner=info["current_player"]), ValueError),
        ("mask in obs", with_info(action_mask=obs.reshape(-1)[:54].reshape(6, 9)), ValueError),
        ("mask strided", with_info(action_mask=obs.reshape(len(obs), -1)[:, :9]), ValueError),
    ]


def test_every_spoiled_out_is_refused_and_changes_nothing() -> None:
    games = VecGames(6, seed=2)
    games.step(games.sample())
    out = games.step(games.sample())
    for name, spoiled, error in broken_outs(out):
        before = [games.game(i).to_bytes() for i in range(6)]
        arrays = copy.deepcopy(snapshot(out))
        with pytest.raises(error) as caught:
            games.step(games.sample(), out=spoiled)  # type: ignore[arg-type]
        assert str(caught.value), name
        assert [games.game(i).to_bytes() for i in range(6)] == before, name
        assert snapshot(out) == arrays, name


def test_the_arrays_of_another_batch_size_are_refused_by_shape() -> None:
    small, large = VecGames(3, seed=0), VecGames(4, seed=0)
    with pytest.raises(ValueError, match=r"out\[0\] \(obs\) must have shape \(4, 3, 3, 2\)"):
        large.step(large.sample(), out=small.step(small.sample()))


def test_same_step_outs_need_their_final_observations() -> None:
    games = VecGames(2, autoreset="same_step", seed=0)
    out = games.step(games.sample())
    del out[4]["final_obs"]
    with pytest.raises(ValueError, match="final_obs"):
        games.step(games.sample(), out=out)


def test_a_refused_step_leaves_the_old_arrays_as_they_were() -> None:
    games = VecGames(2, seed=0)
    out = games.step([4, 0])
    scribble(out, raw=False)
    arrays = snapshot(out)
    with pytest.raises(IllegalMoveError):
        games.step([4, 1], out=out)  # cell 4 is taken in game 0
    assert snapshot(out) == arrays


def test_hostile_outs_in_the_child() -> None:
    """Arrays over memory the caller does not own to write (bytes, a fake array interface), huge
    shapes and odd subclasses: refused or written correctly, never a crash."""
    assert_child_prints(
        """
        import numpy as np
        from tictactoe import VecGames

        games = VecGames(2, seed=0)
        out = games.step(games.sample())
        obs, rewards, terminated, truncated, info = out

        class Interface:
            def __init__(self, array):
                self.__array_interface__ = array.__array_interface__

        frozen = np.frombuffer(bytes(terminated.nbytes), dtype=bool)
        strided = np.lib.stride_tricks.as_strided
        spoiled = [
            (Interface(obs), rewards, terminated, truncated, info),
            (obs, rewards, frozen, truncated, info),
            (obs, rewards, np.broadcast_to(terminated, (2,)), truncated, info),
            (obs, rewards, strided(terminated, (2,), (0,)), truncated, info),
            (obs, rewards, strided(terminated, (2**40,), (0,)), truncated, info),
        ]
        for case in spoiled:
            try:
                games.step(games.sample(), out=case)
            except (TypeError, ValueError):
                continue
            raise SystemExit(f"accepted {case!r}")

        class Sub(np.ndarray):
            pass

        twin = VecGames(2, seed=0)
        twin.step(twin.sample())
        actions = np.argmax(info["action_mask"], axis=1)
        sub = (obs.view(Sub), rewards.view(Sub), terminated, truncated, info)
        want = twin.step(actions)
        got = games.step(actions, out=sub)
        assert all(np.array_equal(a, b) for a, b in zip(got[:4], want[:4]))
        print("refused")
        """,
        "refused",
    )


def test_a_dict_key_that_runs_code_during_the_lookups_cannot_spoil_a_checked_array() -> None:
    """A key of ``info`` whose hash collides with an output's name runs Python code while the
    engine looks the outputs up: it makes an array read-only and steps the same games again. Every
    lookup comes before every check, so the array is refused as it now is; in a child, as it could
    crash."""
    assert_child_prints(
        """
        import numpy as np
        from tictactoe import VecGames

        games = VecGames(3, autoreset="same_step", seed=0)
        obs, rewards, terminated, truncated, info = games.step(games.sample())
        final = info["final_obs"]

        class Collides:
            armed = False

            def __hash__(self):
                return hash("winner")

            def __eq__(self, other):
                if Collides.armed:  # not while the dict is built
                    Collides.armed = False
                    final.setflags(write=False)
                    games.step(games.sample())  # the same games, re-entered
                return False

        spoiled = {Collides(): None, **info}
        Collides.armed = True
        try:
            games.step(games.sample(), out=(obs, rewards, terminated, truncated, spoiled))
        except ValueError as err:
            assert "final_obs" in str(err) and "writeable" in str(err), err
            print("refused")
        else:
            print("written into a read-only array")
        """,
        "refused",
    )

"""``tictactoe.pettingzoo`` against the real ``pettingzoo.classic.tictactoe_v3``, step by step, on
thousands of random games with legal and illegal actions; and PettingZoo's own API test."""

from __future__ import annotations

import doctest
import pickle
import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pygame")  # tictactoe_v3 imports it

import tictactoe.pettingzoo
from pettingzoo.classic import connect_four_v3, tictactoe_v3
from pettingzoo.test import api_test
from tictactoe.pettingzoo import connect_four_env, connect_four_raw_env, env, raw_env


def state(game: Any) -> tuple[object, ...]:
    return (
        game.agent_selection,
        list(game.agents),
        dict(game.rewards),
        dict(game._cumulative_rewards),
        dict(game.terminations),
        dict(game.truncations),
        {a: dict(i) for a, i in game.infos.items()},
    )


def same_observation(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    for key in ("observation", "action_mask"):
        assert ours[key].dtype == theirs[key].dtype
        assert np.array_equal(ours[key], theirs[key]), key


def test_every_step_of_random_games_matches_tictactoe_v3() -> None:
    """Each game: the same random actions for both, a fifth of them for any cell (so some illegal),
    until the AEC loop ends; after every step both agents' observations and all of the
    environment's dicts compare equal."""
    compare_random_games(env(), tictactoe_v3.env(), actions=9, games=1500, longest=40)


def test_every_step_of_random_games_matches_connect_four_v3() -> None:
    """The same for Connect Four: a fifth of the actions any column, so some land in full ones."""
    compare_random_games(
        connect_four_env(), connect_four_v3.env(), actions=7, games=1500, longest=50
    )


def compare_random_games(ours: Any, theirs: Any, actions: int, games: int, longest: int) -> None:
    rng = random.Random(2026)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # both warn on each illegal move
        for _ in range(games):
            seed = rng.randrange(2**31)
            ours.reset(seed=seed)
            theirs.reset(seed=seed)
            steps = 0
            for agent in ours.agent_iter():
                assert agent == theirs.agent_selection
                mine, reward, done, cut, info = ours.last()
                other, their_reward, their_done, their_cut, their_info = theirs.last()
                same_observation(mine, other)
                theirs_last = (their_reward, their_done, their_cut, their_info)
                assert (reward, done, cut, info) == theirs_last
                for a in ours.agents:
                    same_observation(ours.observe(a), theirs.observe(a))
                assert state(ours.unwrapped) == state(theirs.unwrapped)
                if done or cut:
                    action = None
                elif rng.random() < 0.2:
                    action = rng.randrange(actions)
                else:
                    action = rng.choice(np.flatnonzero(mine["action_mask"]).tolist())
                ours.step(action)
                theirs.step(action)
                steps += 1
                assert steps < longest
            assert not theirs.agents
            assert state(ours.unwrapped) == state(theirs.unwrapped)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_passes_pettingzoo_api_test(n: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(n), num_cycles=300)


@pytest.mark.parametrize("rules", [(6, 7, 4), (4, 5, 3), (2, 2, 2)])
def test_connect_four_passes_pettingzoo_api_test(rules: tuple[int, int, int]) -> None:
    rows, cols, k = rules
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(connect_four_env(rows=rows, cols=cols, k=k), num_cycles=300)


def test_the_family_beyond_connect_four() -> None:
    game = env(rows=3, cols=5, k=3)
    game.reset()
    for action in [0, 5, 1, 6, 2]:  # X takes the first three cells of the top row
        game.step(action)
    assert game.rewards == {"player_1": 1, "player_2": -1}
    four = connect_four_raw_env(rows=4, cols=4, k=3)
    four.reset()
    for column in [0, 1, 0, 1, 0]:
        four.step(column)
    assert four.rewards == {"player_0": 1, "player_1": -1}
    assert four.observe("player_1")["observation"][:, 0, 1].tolist() == [0, 1, 1, 1]
    with pytest.raises(ValueError, match="full"):
        full = connect_four_raw_env(rows=2, cols=2, k=2)
        full.reset()
        full.step(0)
        full.step(0)
        full.step(0)


def test_larger_boards_score_like_the_engine() -> None:
    game = env(4)
    game.reset()
    for action in [0, 4, 1, 5, 2, 6, 3]:  # X fills the top row
        game.step(action)
    assert game.rewards == {"player_1": 1, "player_2": -1}
    assert all(game.terminations.values())
    assert game.observe("player_2")["observation"][0, :, 1].tolist() == [1, 1, 1, 1]


def test_raw_env_refuses_a_taken_cell_and_changes_nothing() -> None:
    game = raw_env()
    game.reset()
    game.step(4)
    before = (state(game), {a: game.observe(a)["observation"].tolist() for a in game.agents})
    with pytest.raises(ValueError, match="taken"):
        game.step(4)
    after = (state(game), {a: game.observe(a)["observation"].tolist() for a in game.agents})
    assert after == before


@pytest.mark.parametrize("action", [1.5, "4", None, -1, 9, 2**80])
def test_raw_env_refuses_actions_that_are_not_cells_and_changes_nothing(action: object) -> None:
    game = raw_env()
    game.reset()
    game.step(4)
    before = (state(game), {a: game.observe(a)["observation"].tolist() for a in game.agents})
    with pytest.raises((TypeError, ValueError)):
        game.step(action)  # type: ignore[arg-type]
    after = (state(game), {a: game.observe(a)["observation"].tolist() for a in game.agents})
    assert after == before


def test_pickles_and_renders() -> None:
    game = raw_env(3, render_mode="ansi")
    copy = pickle.loads(pickle.dumps(game))
    assert copy.n == 3 and copy.render_mode == "ansi"
    game.reset()
    game.step(0)
    assert game.render() == "|X| | |\n| | | |\n| | | |"
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb")


@pytest.mark.parametrize(
    ("n", "rows", "cols", "height"), [(3, None, None, 1000), (None, 4, 6, 300)]
)
def test_rgb_array_draws_each_mark_where_the_game_has_it(
    n: int | None, rows: int | None, cols: int | None, height: int
) -> None:
    # As tictactoe_v3 renders, with no display: a (height, width, 3) uint8 picture. Each cell is
    # read back from the picture (a cross has colour at its centre, a ring on its circle and not
    # at its centre, an empty cell neither) and compared with the game's own cells.
    game = env(n, render_mode="rgb_array", rows=rows, cols=cols, k=3, screen_height=height)
    game.reset(seed=0)
    for action in [0, 4, 1, 5] if n else [0, 7, 13, 2]:
        game.step(action)
    picture = game.render()
    raw = game.unwrapped
    assert picture.dtype == np.uint8
    assert picture.shape == (height, round(height / raw.rows * raw.cols), 3)
    tile = height / raw.rows
    background = picture[int(tile / 2), int(tile / 2) + int(tile * 0.3)]
    for r in range(raw.rows):
        for c in range(raw.cols):
            cy, cx = int((r + 0.5) * tile), int((c + 0.5) * tile)
            centre = tuple(picture[cy, cx])
            on_ring = tuple(picture[cy, cx + int(0.3 * tile)])
            # A square board is drawn as tictactoe_v3 draws its own: transposed.
            held = raw._game.cell(c, r) if raw.rows == raw.cols else raw._game.cell(r, c)
            seen = 1 if centre != tuple(background) else 2 if on_ring != tuple(background) else 0
            if held == 0:
                assert centre == on_ring == tuple(background), (r, c)
            assert seen == held, (r, c, centre, on_ring)
    assert game.render().shape == picture.shape  # a second call draws again, the same size
    with pytest.raises(ValueError, match="screen_height"):
        env(render_mode="rgb_array", screen_height=5)


Boxes = list[list[tuple[int, int, int]]]


def _occupied(picture: Any, empty: Any, boxes: Boxes) -> list[list[bool]]:
    """Which of `boxes` (a grid of (top, left, side) squares) differ from the empty picture."""

    def differs(top: int, left: int, side: int) -> bool:
        window = (slice(top, top + side), slice(left, left + side))
        return bool((picture[window] != empty[window]).any())

    return [[differs(*box) for box in row] for row in boxes]


def test_tictactoe_rgb_array_draws_each_mark_where_tictactoe_v3_does() -> None:
    height = 300
    ours, theirs = (
        env(render_mode="rgb_array", screen_height=height),
        tictactoe_v3.env(render_mode="rgb_array", screen_height=height),
    )
    ours.reset(seed=0)
    theirs.reset(seed=0)
    empty_ours, empty_theirs = ours.render(), theirs.render()
    tile = height / 3
    # Each cell's square in each picture, by screen row and column: ours a third of the side,
    # v3's where it blits a mark (its own offsets).
    side = int(tile) - 20
    mine = [[(int(r * tile + 10), int(c * tile + 10), side) for c in range(3)] for r in range(3)]
    v3 = [
        [
            (
                int(height / 3.145 * r + height / 19),
                int(height / 3.1 * c + height / 17),
                height // 4,
            )
            for c in range(3)
        ]
        for r in range(3)
    ]
    rng = random.Random(3)
    for _ in range(6):
        mask = ours.observe(ours.agent_selection)["action_mask"]
        action = rng.choice([i for i, ok in enumerate(mask) if ok])
        ours.step(action)
        theirs.step(action)
        seen = _occupied(ours.render(), empty_ours, mine)
        assert seen == _occupied(theirs.render(), empty_theirs, v3)
        if ours.terminations[ours.agent_selection]:
            break


def test_module_examples() -> None:
    result = doctest.testmod(tictactoe.pettingzoo)
    assert result.attempted > 0 and result.failed == 0


def _disc_kinds(picture: Any, rows: int = 6, cols: int = 7) -> list[list[str]]:
    """What sits at each cell's centre of a v3-style picture: red, black or an empty hole."""
    width = picture.shape[1]
    tile = width * (91 / 99) / cols
    kinds = []
    for r in range(rows):
        row = []
        for c in range(cols):
            y = int(r * tile + tile * (6 / 13) + tile * (9 / 26))
            x = int(c * tile + tile * (6 / 13) + tile * (9 / 26))
            red, green, blue = (int(v) for v in picture[y, x])
            row.append(
                "red"
                if red > 150 and green < 100
                else "black"
                if red + green + blue < 150
                else "empty"
            )
        kinds.append(row)
    return kinds


@pytest.mark.parametrize("scaling", [1, 4, 9])
def test_connect_four_rgb_array_pictures_match_connect_four_v3(scaling: int) -> None:
    ours = connect_four_env(render_mode="rgb_array", screen_scaling=scaling)
    theirs = connect_four_v3.env(render_mode="rgb_array", screen_scaling=scaling)
    ours.reset(seed=1)
    theirs.reset(seed=1)
    rng = random.Random(scaling)
    for _ in range(12):
        a, b = ours.render(), theirs.render()
        assert a.shape == b.shape and a.dtype == b.dtype == np.uint8
        if scaling >= 4:
            assert _disc_kinds(a) == _disc_kinds(b)
        mask = ours.observe(ours.agent_selection)["action_mask"]
        action = rng.choice([i for i, ok in enumerate(mask) if ok])
        ours.step(action)
        theirs.step(action)
        if ours.terminations[ours.agent_selection]:
            break
    assert any("red" in row for row in _disc_kinds(ours.render()))


@pytest.mark.parametrize(
    ("scaling", "error"), [(0, ValueError), (1.5, TypeError), (True, TypeError)]
)
def test_connect_four_refuses_a_bad_screen_scaling(scaling: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        connect_four_env(render_mode="rgb_array", screen_scaling=scaling)  # type: ignore[arg-type]


def test_pettingzoo_render_test_passes_for_every_environment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(render_mode=render_mode, screen_height=90))
    render_test(lambda render_mode=None: env(5, render_mode=render_mode, screen_height=90))
    render_test(lambda render_mode=None: connect_four_env(render_mode=render_mode))
    assert "|" in capsys.readouterr().out  # human mode showed boards

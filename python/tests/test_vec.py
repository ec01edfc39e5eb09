"""``VecGames`` against a reference that replays every game through ``TicTacToe``: observations,
masks, rewards, terminations and winners, step by step, in every auto-reset mode and under both
illegal-action policies, over more than a million env-steps."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from tictactoe import IllegalMoveError, TicTacToe, VecGames

Rules = tuple[int, int, int, bool]


class Reference:
    """The contract spelled out with one ``TicTacToe`` per game (the rules) and a plain board."""

    def __init__(self, envs: int, rules: int | Rules, autoreset: str, illegal: str) -> None:
        if isinstance(rules, int):
            rules = (rules, rules, rules, False)
        self.envs, self.rules, self.autoreset, self.illegal = envs, rules, autoreset, illegal
        self.rows, self.cols, self.k, self.gravity = rules
        self.actions = self.cols if self.gravity else self.rows * self.cols
        self.games = [self.new_game() for _ in range(envs)]
        self.boards = np.zeros((envs, self.rows, self.cols), dtype=np.int8)
        self.ended = [False] * envs
        self.to_move = [1] * envs

    def new_game(self) -> TicTacToe:
        return TicTacToe(rows=self.rows, cols=self.cols, k=self.k, gravity=self.gravity)

    def restart(self, i: int) -> None:
        self.games[i] = self.new_game()
        self.boards[i] = 0
        self.ended[i] = False
        self.to_move[i] = 1

    def cell(self, i: int, a: int) -> tuple[int, int] | None:
        """The cell action ``a`` marks in game ``i`` (with gravity: the column's lowest empty)."""
        if not 0 <= a < self.actions:
            return None
        if self.gravity:
            empty = np.flatnonzero(self.boards[i][:, a] == 0)
            return (int(empty[-1]), a) if len(empty) else None
        return divmod(a, self.cols)

    def legal(self, i: int, a: int) -> bool:
        cell = self.cell(i, a)
        return cell is not None and self.boards[i][cell] == 0

    def refusal(self, actions: list[int]) -> int | None:
        for i, a in enumerate(actions):
            if self.ended[i]:
                if self.autoreset == "disabled":
                    return i
            elif self.illegal == "raise" and not self.legal(i, a):
                return i
        return None

    def view(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        me = np.array(self.to_move, dtype=np.int8)[:, None, None]
        obs = np.stack([self.boards == me, self.boards == 3 - me], axis=-1)
        ended = np.array(self.ended)[:, None]
        if self.gravity:
            mask = (self.boards[:, 0, :] == 0) | ended
        else:
            mask = (self.boards.reshape(self.envs, -1) == 0) | ended
        return obs, mask, np.array(self.to_move, dtype=np.uint8)

    def step(self, actions: list[int]) -> dict[str, np.ndarray]:
        rewards = np.zeros((self.envs, 2), dtype=np.float32)
        terminated = np.zeros(self.envs, dtype=bool)
        winners = np.zeros(self.envs, dtype=np.uint8)
        final = np.zeros((self.envs, self.rows, self.cols, 2), dtype=bool)
        has_final = np.zeros(self.envs, dtype=bool)
        for i, a in enumerate(actions):
            if self.ended[i]:
                self.restart(i)
                continue
            mover = self.to_move[i]
            self.to_move[i] = 3 - mover
            cell = self.cell(i, a)
            if cell is not None and self.boards[i][cell] == 0:
                winner = self.games[i].move(*cell, mover)
                self.boards[i][cell] = mover
                if not winner and not self.games[i].is_over:
                    continue
            else:
                winner = 3 - mover
            self.ended[i] = True
            terminated[i] = True
            winners[i] = winner
            if winner:
                rewards[i, winner - 1], rewards[i, 2 - winner] = 1, -1
            if self.autoreset == "same_step":
                final[i] = self.view()[0][i]
                has_final[i] = True
                self.restart(i)
        obs, mask, player = self.view()
        return {
            "obs": obs,
            "mask": mask,
            "player": player,
            "rewards": rewards,
            "terminated": terminated,
            "winner": winners,
            "final": final,
            "has_final": has_final,
        }


AUTORESETS, POLICIES = ["next_step", "same_step", "disabled"], ["raise", "loss"]
CONFIGS = list(itertools.product(AUTORESETS, POLICIES, range(1, 7)))
STEPS_PER_CONFIG = 28_000  # env-steps; 36 configurations make more than a million


@pytest.mark.parametrize(("autoreset", "illegal", "n"), CONFIGS)
def test_every_step_equals_replaying_each_game(autoreset: str, illegal: str, n: int) -> None:
    rng = random.Random(f"{autoreset}{illegal}{n}")
    envs = rng.choice([1, 7, 100])
    # Split over threads in some configurations: the parts must step as one batch.
    threads = rng.choice([1, 1, 2, 3])
    seed = rng.randrange(2**64)
    games = VecGames(envs, n, autoreset=autoreset, illegal=illegal, seed=seed, threads=threads)
    ref = Reference(envs, n, autoreset, illegal)
    replay(games, ref, rng, STEPS_PER_CONFIG)


FAMILY = [(6, 7, 4, True), (4, 5, 3, False), (3, 4, 3, True), (7, 7, 5, False), (2, 9, 3, True)]


@pytest.mark.parametrize(("autoreset", "illegal"), list(itertools.product(AUTORESETS, POLICIES)))
@pytest.mark.parametrize("rules", FAMILY)
def test_games_of_the_family_step_as_replayed(autoreset: str, illegal: str, rules: Rules) -> None:
    rng = random.Random(f"{autoreset}{illegal}{rules}")
    envs = rng.choice([1, 7, 50])
    rows, cols, k, gravity = rules
    games = VecGames(
        envs,
        rows=rows,
        cols=cols,
        k=k,
        gravity=gravity,
        autoreset=autoreset,
        illegal=illegal,
        seed=rng.randrange(2**64),
        threads=rng.choice([1, 2]),
    )
    assert games.num_actions == (cols if gravity else rows * cols)
    replay(games, Reference(envs, rules, autoreset, illegal), rng, 4_000)


def replay(games: VecGames, ref: Reference, rng: random.Random, steps: int) -> None:
    """Random steps (sampled or any actions, resets now and then) through both, compared."""
    envs, autoreset = ref.envs, ref.autoreset
    done = 0
    while done < steps:
        if rng.random() < 0.03:
            mask = np.array([rng.random() < 0.5 for _ in range(envs)])
            obs, info = games.reset(options={"reset_mask": mask})
            for i in np.flatnonzero(mask):
                ref.restart(int(i))
            want = ref.view()
            assert np.array_equal(obs, want[0]) and np.array_equal(info["action_mask"], want[1])
            continue
        if rng.random() < 0.7:
            actions = games.sample().tolist()
        else:
            actions = [rng.randrange(-1, ref.actions + 1) for _ in range(envs)]
        refused = ref.refusal(actions)
        if refused is not None:
            before = games.action_mask.copy(), games.current_player.copy()
            with pytest.raises(IllegalMoveError) as err:
                games.step(actions)
            assert err.value.index == refused
            after = games.action_mask, games.current_player
            assert all(np.array_equal(b, a) for b, a in zip(before, after, strict=True))
            if autoreset == "disabled":  # ended games wait for a reset that names them
                games.reset(options={"reset_mask": np.array(ref.ended)})
                for i in [i for i in range(envs) if ref.ended[i]]:
                    ref.restart(i)
            continue
        obs, rewards, terminated, truncated, info = games.step(actions)
        want = ref.step(actions)
        assert np.array_equal(obs, want["obs"])
        assert np.array_equal(info["action_mask"], want["mask"])
        assert np.array_equal(info["current_player"], want["player"])
        assert np.array_equal(rewards, want["rewards"])
        assert np.array_equal(terminated, want["terminated"])
        assert not truncated.any()
        assert np.array_equal(info["winner"], want["winner"])
        if autoreset == "same_step":
            assert np.array_equal(info["_final_obs"], want["has_final"])
            assert np.array_equal(
                info["final_obs"][want["has_final"]], want["final"][want["has_final"]]
            )
        done += envs


def test_returned_arrays_are_fresh() -> None:
    games = VecGames(4, seed=3)
    obs, _ = games.reset()
    first = obs.copy()
    games.step(games.sample())
    assert np.array_equal(obs, first)


def test_every_output_owns_fresh_writable_memory() -> None:
    # Each call's arrays are its own: no two share memory, none is a view of the engine's.
    games = VecGames(4, seed=3, autoreset="same_step")
    first = games.step(games.sample())
    second = games.step(games.sample())
    arrays = [a for out in (first, second) for a in (*out[:4], *out[4].values())]
    arrays.append(games.sample())
    for i, a in enumerate(arrays):
        assert a.flags.owndata and a.flags.writeable and a.flags.c_contiguous
        assert all(not np.shares_memory(a, b) for b in arrays[i + 1 :])
    before = second[0].copy()
    first[0][...] = True
    assert np.array_equal(second[0], before)


def _actions_in_every_form(actions: list[int]) -> list[object]:
    """The same actions as every integer array the engine reads itself (any width, sign, byte
    order, strides) and as objects the Python class reads first."""
    forms: list[object] = [actions, tuple(actions), iter(actions), np.array(actions, dtype=object)]
    for dtype in ("i1", "u1", "<i2", ">i2", "<i4", ">u4", "<i8", ">i8", "<u8", ">u8"):
        forms.append(np.array(actions, dtype=dtype))
    doubled = np.repeat(np.array(actions, dtype=np.int64), 2)
    forms.append(doubled[::2])  # strided: every other item
    forms.append(np.array(actions, dtype=np.int64)[::-1][::-1])
    forms.append(np.asfortranarray(np.array(actions, dtype=np.int32)))
    # int64 one byte off alignment (read-only, from bytes): not the engine's read in place.
    shifted = b"\0" + np.array(actions, dtype=np.int64).tobytes()
    forms.append(np.frombuffer(shifted, dtype=np.int64, offset=1))
    return forms


@pytest.mark.parametrize("rules", [{"n": 3}, {"rows": 6, "cols": 7, "k": 4, "gravity": True}])
def test_actions_in_any_integer_form_step_alike(rules: dict[str, object]) -> None:
    """Integer arrays are read by the engine as they are, other objects by the Python class: every
    form of the same actions gives the same outputs as a list, step after step."""
    reference = VecGames(5, seed=7, **rules)  # type: ignore[arg-type]
    forms = _actions_in_every_form([0] * 5)
    others = [VecGames(5, seed=7, **rules) for _ in forms]  # type: ignore[arg-type]
    for _ in range(40):
        actions = [int(a) for a in reference.sample()]
        want = reference.step(actions)
        for games, form in zip(others, _actions_in_every_form(actions), strict=True):
            got = games.step(form)
            pairs = zip((*want[:4], *want[4].values()), (*got[:4], *got[4].values()), strict=True)
            for a, b in pairs:
                assert a.dtype == b.dtype and np.array_equal(a, b), form


def test_a_big_endian_or_wide_action_is_read_as_its_value() -> None:
    # Byte order and width are read from the array, never assumed: 256 read as little-endian from
    # big-endian bytes would be 1 (a legal cell); read right it is off the board.
    games = VecGames(2, seed=0)
    for actions in (np.array([256, 0], dtype=">i8"), np.array([2**63 + 1, 0], dtype=np.uint64)):
        with pytest.raises(IllegalMoveError) as err:
            games.step(actions)
        assert err.value.index == 0
    assert games.action_mask.all()


@pytest.mark.parametrize("autoreset", ["next_step", "same_step"])
def test_parts_on_threads_step_exactly_as_one_batch(autoreset: str) -> None:
    """Enough games for each part to get a thread of its own: the same actions give the same
    outputs as one batch (checked against the reference above), and the same refusals."""
    envs, rng = 40_000, random.Random(autoreset)
    one = VecGames(envs, autoreset=autoreset, seed=1)
    split = VecGames(envs, autoreset=autoreset, seed=1, threads=2)
    for _ in range(40):
        actions = one.sample()
        if rng.random() < 0.3:
            actions[rng.randrange(envs)] = rng.choice([-1, 9, int(actions[0])])
        outcomes = []
        for games in (one, split):
            try:
                outcomes.append(games.step(actions))
            except IllegalMoveError as err:
                outcomes.append(err.index)
        if isinstance(outcomes[0], int) or isinstance(outcomes[1], int):
            assert outcomes[0] == outcomes[1]
            continue
        (obs, rewards, terminated, _, info), (obs2, rewards2, terminated2, _, info2) = outcomes
        assert np.array_equal(obs, obs2) and np.array_equal(rewards, rewards2)
        assert np.array_equal(terminated, terminated2)
        for key in info:
            assert np.array_equal(info[key], info2[key]), key
    winners = split.playout()  # each part plays its own random games, on its own thread
    for i in rng.sample(range(envs), 20):
        game = split.game(i)
        assert game.is_over and game.winner == winners[i]


def test_threads_split_the_generator_reproducibly() -> None:
    one = VecGames(10, seed=9)
    three, again = VecGames(10, seed=9, threads=3), VecGames(10, seed=9, threads=3)
    first = three.sample()
    assert np.array_equal(first, again.sample())
    # The first part (games 0 to 3) draws from the seed itself, as a single generator does.
    assert np.array_equal(first[:4], one.sample()[:4])
    assert np.array_equal(three.playout(), again.playout())
    with pytest.raises(ValueError):
        VecGames(4, threads=0)
    # No more parts than games: a count beyond them splits as one part per game would.
    per_game = VecGames(2, seed=9, threads=2).sample()
    assert np.array_equal(VecGames(2, seed=9, threads=8).sample(), per_game)
    assert np.array_equal(VecGames(2, seed=9, threads=2**80).sample(), per_game)
    with pytest.raises(TypeError):
        VecGames(4, threads=True)


def test_same_seed_same_samples_and_playouts() -> None:
    def run(seed: int) -> tuple[list[int], list[int]]:
        games = VecGames(50, seed=seed)
        return games.sample().tolist(), games.playout().tolist()

    assert run(9) == run(9)
    assert run(9) != run(10)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_game_and_set_game(threads: int) -> None:
    games = VecGames(3, illegal="loss", seed=0, threads=threads)
    game = TicTacToe(3)
    game.move(1, 1, 1)
    games.set_game(2, game)
    assert games.game(2) == game
    assert games.current_player.tolist() == [1, 1, 2]
    games.step([0, 0, 4])  # game 2: O plays a taken cell and loses
    with pytest.raises(ValueError, match="illegal action"):
        games.game(2)
    with pytest.raises(IndexError):
        games.game(3)
    with pytest.raises(IndexError):
        games.set_game(-1, game)
    o_first = TicTacToe(3)
    o_first.move(0, 0, 2)
    for bad in (o_first, TicTacToe(4), TicTacToe(3, lean=True)):
        with pytest.raises(ValueError):
            games.set_game(0, bad)
    with pytest.raises(TypeError):
        games.set_game(0, "not a game")  # type: ignore[arg-type]


def test_set_game_takes_only_games_of_the_same_rules() -> None:
    games = VecGames(2, rows=6, cols=7, k=4, gravity=True, seed=1)
    four = TicTacToe.connect_four()
    four.drop(3, 1)
    four.drop(3, 2)
    games.set_game(1, four)
    assert games.game(1) == four
    assert games.current_player.tolist() == [1, 1]
    before = games.game(0), games.action_mask.copy()
    others = (
        TicTacToe(rows=6, cols=7, k=4),  # no gravity
        TicTacToe(rows=6, cols=7, k=5, gravity=True),
        TicTacToe(rows=7, cols=6, k=4, gravity=True),
        TicTacToe(3),
    )
    for other in others:
        with pytest.raises(ValueError):
            games.set_game(0, other)
    assert games.game(0) == before[0]
    assert np.array_equal(games.action_mask, before[1])
    # and a classic batch takes no family game
    with pytest.raises(ValueError):
        VecGames(1).set_game(0, TicTacToe(rows=3, cols=3, k=2))


@pytest.mark.parametrize(
    ("actions", "error"),
    [
        ([0.5, 1, 2], TypeError),
        (["a", 1, 2], TypeError),
        ([0, 1], ValueError),
        ([[0, 1, 2]], ValueError),
        ([0, 1, None], TypeError),
    ],
)
def test_bad_actions_change_nothing(actions: object, error: type[Exception]) -> None:
    games = VecGames(3, seed=0)
    games.step([0, 1, 2])
    before = games.action_mask.copy()
    with pytest.raises(error):
        games.step(actions)
    assert np.array_equal(games.action_mask, before)


def test_huge_and_unsigned_actions_are_illegal_not_wrapped() -> None:
    games = VecGames(2, seed=0)
    for actions in ([2**70, 0], np.array([2**64 - 1, 0], dtype=np.uint64)):
        with pytest.raises(IllegalMoveError) as err:
            games.step(actions)
        assert err.value.index == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_envs": 0},
        {"num_envs": 2, "n": 0},
        {"num_envs": 2, "autoreset": "sometimes"},
        {"num_envs": 2, "illegal": "ignore"},
    ],
)
def test_bad_construction(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        VecGames(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": 3}, "rows and cols go together"),
        ({"cols": 3, "k": 3}, "rows and cols go together"),
        ({"rows": 3, "cols": 3}, "k is needed with rows and cols"),
        ({"n": 3, "rows": 3, "cols": 3, "k": 3}, "give n, or rows and cols, not both"),
        ({"n": 3, "cols": 3}, "give n, or rows and cols, not both"),
    ],
)
def test_the_board_is_read_as_tictactoe_reads_it(kwargs: dict[str, object], message: str) -> None:
    # One grammar for both constructors: the same refusals, word for word.
    for make in (lambda: VecGames(2, **kwargs), lambda: TicTacToe(**kwargs)):  # type: ignore[arg-type]
        with pytest.raises(TypeError) as raised:
            make()
        assert str(raised.value) == message


def test_the_board_defaults_and_k() -> None:
    assert (VecGames(1).rows, VecGames(1).k) == (3, 3)
    assert (VecGames(1, 4, k=3).cols, VecGames(1, 4, k=3).k) == (4, 3)
    assert (VecGames(1, k=2).rows, VecGames(1, k=2).k) == (3, 2)
    assert VecGames(1, rows=2, cols=5, k=2).num_actions == 10


def test_metadata_and_shapes() -> None:
    games = VecGames(5, 4, autoreset="same_step")
    assert games.metadata == {"autoreset_mode": "same_step"}
    assert (games.num_envs, games.n, games.num_actions) == (5, 4, 16)
    assert games.action_mask.shape == (5, 16)
    obs, rewards, _, _, info = games.step(games.sample())
    assert obs.dtype == np.bool_ and rewards.dtype == np.float32 and obs.shape == (5, 4, 4, 2)
    assert info["final_obs"].shape == (5, 4, 4, 2)


def test_the_self_play_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "python" / "self_play.py"
    runpy.run_path(str(example), run_name="__main__")
    first = capsys.readouterr().out.splitlines()[0]
    finished, x, o, draws = (int(w.strip(",")) for w in first.split() if w.strip(",").isdigit())
    assert finished == x + o + draws > 0


@pytest.mark.parametrize("threads", [1, 2])
def test_actions_not_one_int_per_game_are_refused_and_change_nothing(threads: int) -> None:
    # The engine reads an int64 array of one action per game itself and hands every other form to
    # the package's reader: either way a wrong shape or type is refused before any game moves,
    # split over threads or not. The engine's own reset checks its flags the same way.
    games = VecGames(3, seed=0, threads=threads)
    games.step([0, 1, 2])
    before = games.action_mask.copy()
    for actions, error, message in (
        (np.zeros(2, np.int64), ValueError, r"shape \(3,\), not \(2,\)"),
        (np.zeros(4, np.int64), ValueError, r"shape \(3,\), not \(4,\)"),
        (np.zeros((3, 1), np.int64), ValueError, r"shape \(3,\), not \(3, 1\)"),
        (np.zeros(3, np.float64), TypeError, "integers, not float64"),
        (np.zeros(3, np.bool_), TypeError, "integers, not bool"),
        (np.zeros(3, np.int64).tobytes(), TypeError, "not bytes"),
        (bytearray(np.zeros(3, np.int64).tobytes()), TypeError, "not bytearray"),
        ([3, 4], ValueError, r"not \(2,\)"),
        (np.zeros(3, np.int64)[None, :], ValueError, r"not \(1, 3\)"),
    ):
        with pytest.raises(error, match=message):
            games.step(actions)
        assert np.array_equal(games.action_mask, before)
    for call, message in (
        (lambda: games._reset([True, False]), "reset_mask buffer holds 2 items where 3"),
        (lambda: games._reset([True] * 4), "reset_mask buffer holds 4 items where 3"),
    ):
        with pytest.raises(ValueError, match=message):
            call()
        assert np.array_equal(games.action_mask, before)


@pytest.mark.parametrize(
    "lie",
    [
        lambda actions, num_envs: (np.zeros(num_envs + 1, np.int64), None),
        lambda actions, num_envs: (np.zeros(num_envs, np.float64), None),
        lambda actions, num_envs: (np.zeros(num_envs, np.int64)[::-1], None),
        lambda actions, num_envs: [np.zeros(num_envs, np.int64)],
        lambda actions, num_envs: (np.zeros(num_envs, np.int64), "not a dict"),
    ],
)
def test_a_reader_that_lies_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, lie: object
) -> None:
    # The engine trusts nothing its reader returns: anything but one aligned int64 per game (and a
    # dict or None) is an error, never a read beyond the array or a silent step.
    import tictactoe._vec

    monkeypatch.setattr(tictactoe._vec, "_read_actions", lie)
    games = VecGames(3, seed=0)
    before = games.game(0).to_bytes(), games.action_mask.copy()
    with pytest.raises((RuntimeError, TypeError, ValueError)):
        games.step([0, 1, 2])
    assert games.game(0).to_bytes() == before[0]
    assert np.array_equal(games.action_mask, before[1])


def test_an_action_that_steps_the_same_games_while_it_is_read_is_read_first() -> None:
    # Reading actions may run the caller's code (`__index__`) before anything is locked or checked:
    # a callback that steps the same games meanwhile is a step of its own, and the outer step then
    # plays on the games as that step left them.
    games, twin = VecGames(2, seed=0), VecGames(2, seed=0)

    class Sneaky:
        def __index__(self) -> int:
            games.step(np.array([4, 4]))
            return 0

    games.step(np.array([Sneaky(), 1], dtype=object))
    twin.step([4, 4])
    twin.step([0, 1])
    assert games.game(0) == twin.game(0) and games.game(1) == twin.game(1)


def test_vec_games_cannot_be_copied_or_pickled_rather_than_share_their_games() -> None:
    import copy
    import pickle

    games = VecGames(2, seed=0)
    for make_copy in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="cannot be copied or pickled"):
            make_copy(games)


def test_a_bool_in_a_sequence_of_actions_is_refused_like_in_an_object_array() -> None:
    games = VecGames(2, rows=6, cols=7, k=4, gravity=True)
    before = games.game(0).to_bytes()
    for actions in ([True, 3], (3, False), [np.bool_(True), 3]):
        with pytest.raises(TypeError, match="bool"):
            games.step(actions)
    assert games.game(0).to_bytes() == before
    games.step([1, 3])
    assert games.game(0).cell(5, 1) == 1

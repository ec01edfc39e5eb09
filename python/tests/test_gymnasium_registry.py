"""The Gymnasium ids registered on import of ``tictactoe.gymnasium``: ``gymnasium.make`` (one game
against the engine's Agent, checked by Gymnasium's own ``check_env``) and ``gymnasium.make_vec``
(self-play batches), masked sampling as a Gymnasium loop does it, and both render modes, each
checked against the engine's own game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
import tictactoe.gymnasium  # noqa: F401  (registers the ids)
from gymnasium.utils.env_checker import check_env
from tictactoe import IllegalMoveError, TicTacToe
from tictactoe.gymnasium import GameEnv, VecEnv

IDS = {
    "tictactoe/TicTacToe-v0": (3, 3, 3, False),
    "tictactoe/ConnectFour-v0": (6, 7, 4, True),
    "tictactoe/Gomoku-v0": (15, 15, 5, False),
}


@pytest.mark.parametrize("env_id", IDS)
def test_every_id_makes_a_game_that_gymnasium_checks(env_id: str) -> None:
    rows, cols, k, gravity = IDS[env_id]
    env = gymnasium.make(env_id, render_mode="rgb_array")
    game = env.unwrapped
    assert isinstance(game, GameEnv)
    assert (game.rows, game.cols, game._game.k, game.gravity) == (rows, cols, k, gravity)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker fails the test
        check_env(game, skip_render_check=False)
    envs = gymnasium.make_vec(env_id, num_envs=3)
    assert isinstance(envs, VecEnv)
    assert envs.single_observation_space.shape == (rows, cols, 2)


def test_tictactoe_takes_any_n() -> None:
    env = gymnasium.make("tictactoe/TicTacToe-v0", n=5)
    obs, _ = env.reset(seed=0)
    assert obs.shape == (5, 5, 2)
    envs = gymnasium.make_vec("tictactoe/TicTacToe-v0", num_envs=2, n=4)
    assert envs.single_action_space.n == 16


def board_of(game: TicTacToe) -> np.ndarray:
    return np.array([[game.cell(r, c) for c in range(game.cols)] for r in range(game.rows)])


@pytest.mark.parametrize("env_id", IDS)
def test_the_masked_loop_only_plays_legal_moves_and_ends(env_id: str) -> None:
    env = gymnasium.make(env_id, opponent_skill=0.5, opponent_max_nodes=2_000)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        done, steps = False, 0
        while not done:
            # The mask is what the engine says is legal: every masked action plays.
            legal = info["action_mask"]
            assert legal.dtype == np.int8 and legal.any()
            action = env.action_space.sample(mask=legal)
            obs, reward, terminated, truncated, info = env.step(action)
            done, steps = terminated or truncated, steps + 1
        game = env.unwrapped._game
        assert game.is_over and not truncated
        me = env.unwrapped._me
        expected = 0.0 if game.winner == 0 else 1.0 if game.winner == me else -1.0
        assert reward == expected
        # The observation is the learner's view of the engine's own board.
        board = board_of(game)
        assert np.array_equal(obs[..., 0], board == me)
        assert np.array_equal(obs[..., 1], board == 3 - me)


def test_a_perfect_opponent_is_never_beaten_and_a_random_one_is_when_the_learner_is_perfect() -> (
    None
):
    from tictactoe import Agent

    perfect = gymnasium.make("tictactoe/TicTacToe-v0", opponent_skill=1.0)
    weak = gymnasium.make("tictactoe/TicTacToe-v0", opponent_skill=0.0, player=None)
    learner = Agent(1.0, seed=5)
    rewards: dict[str, list[float]] = {"perfect": [], "weak": []}
    for name, env in (("perfect", perfect), ("weak", weak)):
        for episode in range(12):
            _, info = env.reset(seed=episode)
            done = False
            while not done:
                if name == "perfect":
                    action = env.action_space.sample(mask=info["action_mask"])
                else:
                    row, col = learner.choose(env.unwrapped._game)
                    action = row * 3 + col
                _, reward, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            rewards[name].append(reward)
    assert max(rewards["perfect"]) <= 0.0
    assert min(rewards["weak"]) >= 0.0 and max(rewards["weak"]) == 1.0


def test_playing_second_the_opponent_opens_and_illegal_actions_follow_the_policy() -> None:
    env = GameEnv(player=2, opponent_skill=1.0)
    obs, info = env.reset(seed=1)
    assert obs[..., 1].sum() == 1 and obs[..., 0].sum() == 0
    taken = int(np.flatnonzero(obs[..., 1].reshape(-1))[0])
    assert info["action_mask"][taken] == 0
    obs2, reward, terminated, _, _ = env.step(taken)
    assert (reward, terminated) == (-1.0, True)
    assert np.array_equal(obs2, obs)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = GameEnv(illegal="raise")
    strict.reset(seed=0)
    strict.step(4)
    before = board_of(strict._game)
    with pytest.raises(IllegalMoveError):
        strict.step(4)
    assert np.array_equal(board_of(strict._game), before)
    for bad in (dict(player=3), dict(illegal="maybe"), dict(render_mode="human")):
        with pytest.raises(ValueError):
            GameEnv(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="skill"):
        GameEnv(opponent_skill=2.0)


def test_the_vector_env_samples_from_the_engines_mask() -> None:
    # What every Gymnasium loop does: a batch's mask from info, straight into sample(). An
    # unmasked sample plays a taken cell by the second step (IllegalMoveError).
    envs = gymnasium.make_vec("tictactoe/ConnectFour-v0", num_envs=16, seed=3)
    _, info = envs.reset(seed=3)
    for _ in range(200):
        actions = envs.action_space.sample(mask=info["action_mask"])
        assert all(info["action_mask"][i, a] for i, a in enumerate(actions))
        *_, info = envs.step(actions)
    with pytest.raises(ValueError, match="shape"):
        envs.action_space.sample(mask=info["action_mask"][:3])


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_renders_show_the_engines_games(mode: str) -> None:
    envs = VecEnv(3, rows=4, cols=5, k=3, seed=2, render_mode=mode, screen_height=100)
    _, info = envs.reset(seed=2)
    for _ in range(6):
        *_, info = envs.step(envs.action_space.sample(mask=info["action_mask"]))
    frames = envs.render()
    assert frames is not None and len(frames) == 3
    for i, frame in enumerate(frames):
        game = envs.games.game(i)
        if mode == "ansi":
            assert frame == str(game)
        else:
            assert frame.shape == (100, 125, 3) and frame.dtype == np.uint8
            # A cell holds colour away from the background exactly where the game has a mark.
            tile = 25
            for r in range(4):
                for c in range(5):
                    centre = frame[r * tile + tile // 2, c * tile + tile // 2]
                    ring = frame[r * tile + tile // 2, c * tile + tile // 2 + int(0.3 * tile)]
                    painted = tuple(centre) != (32, 36, 48) or tuple(ring) != (32, 36, 48)
                    assert painted == (game.cell(r, c) != 0), (i, r, c)
    single = GameEnv(render_mode="ansi")
    single.reset(seed=0)
    single.step(4)
    assert single.render() == str(single._game)


class Index:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("action", [1.5, np.float64(4.0), True, np.bool_(True), "4", None, [4]])
def test_an_action_that_is_no_integer_is_a_type_error_and_changes_nothing(action: object) -> None:
    # Under either policy: a float is never truncated into a cell (np.int64(1.5) is 1).
    for illegal in ("loss", "raise"):
        env = GameEnv(illegal=illegal)
        env.reset(seed=0)
        before = board_of(env._game)
        with pytest.raises(TypeError):
            env.step(action)
        assert np.array_equal(board_of(env._game), before)


@pytest.mark.parametrize("action", [4, np.int8(4), np.uint64(4), np.int64(4), Index(4)])
def test_every_integer_type_plays_its_cell(action: object) -> None:
    env = GameEnv(opponent_skill=0.0)
    env.reset(seed=0)
    env.step(action)
    assert env._game.cell(1, 1) == 1
    four = GameEnv(rows=6, cols=7, k=4, gravity=True, opponent_skill=0.0)
    four.reset(seed=0)
    four.step(np.uint8(3))
    assert four._game.cell(5, 3) == 1


@pytest.mark.parametrize("mode", ["vector_entry_point", "sync"])
def test_the_readmes_mask_sampling_gives_legal_moves_in_either_mode(mode: str) -> None:
    envs = gymnasium.make_vec("tictactoe/TicTacToe-v0", num_envs=8, vectorization_mode=mode)
    _, info = envs.reset(seed=4)
    for _ in range(30):
        mask = info["action_mask"]
        given = mask if mode == "vector_entry_point" else tuple(mask.astype("int8"))
        actions = envs.action_space.sample(mask=given)
        # A game that just ended (no legal action) restarts on this step; its action is ignored.
        assert all(mask[i, a] for i, a in enumerate(actions) if mask[i].any())
        info = envs.step(actions)[-1]

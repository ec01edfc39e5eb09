"""``tictactoe.gymnasium.VecEnv`` against the reference that replays every game through
``TicTacToe`` (from ``test_vec``), in Gymnasium's three auto-reset modes; and under Gymnasium's own
vector wrappers, which check the metadata and the shapes."""

from __future__ import annotations

import doctest
import itertools
import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import tictactoe.gymnasium
from gymnasium.spaces import MultiDiscrete
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from test_vec import Reference
from tictactoe import IllegalMoveError
from tictactoe.gymnasium import VecEnv

NAMES = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


@pytest.mark.parametrize(
    ("mode", "illegal", "n"), list(itertools.product(NAMES, ["raise", "loss"], [1, 3, 4]))
)
def test_every_step_gives_the_movers_reward(mode: AutoresetMode, illegal: str, n: int) -> None:
    rng = random.Random(f"{mode}{illegal}{n}")
    num_envs = 16
    envs = VecEnv(num_envs, n, autoreset_mode=mode, illegal=illegal, seed=5)
    ref = Reference(num_envs, n, NAMES[mode], illegal)
    obs, info = envs.reset(seed=11)
    assert envs.observation_space.contains(obs)
    for _ in range(3000):
        if rng.random() < 0.8:
            actions = envs.sample().tolist()
        else:
            actions = [rng.randrange(-1, n * n + 1) for _ in range(num_envs)]
        refused = ref.refusal(actions)
        if refused is not None:
            with pytest.raises(IllegalMoveError):
                envs.step(actions)
            if mode == AutoresetMode.DISABLED:
                envs.reset(options={"reset_mask": np.array(ref.ended)})
                for i in [i for i in range(num_envs) if ref.ended[i]]:
                    ref.restart(i)
            continue
        movers = list(ref.to_move)
        obs, reward, terminated, truncated, info = envs.step(actions)
        want = ref.step(actions)
        assert reward.dtype == np.float32 and reward.shape == (num_envs,)
        assert reward.tolist() == [want["rewards"][i, m - 1] for i, m in enumerate(movers)]
        assert np.array_equal(obs, want["obs"])
        assert np.array_equal(terminated, want["terminated"])
        assert not truncated.any()
        assert np.array_equal(info["action_mask"], want["mask"])
        assert np.array_equal(info["current_player"], want["player"])
        assert envs.observation_space.contains(obs)


def test_spaces_and_metadata() -> None:
    envs = VecEnv(4, 5, autoreset_mode="SameStep")
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.single_observation_space.shape == (5, 5, 2)
    assert envs.single_observation_space.dtype == np.bool_
    assert envs.single_action_space.n == 25
    assert isinstance(envs.action_space, MultiDiscrete)
    assert envs.action_space.shape == (4,)
    with pytest.raises(ValueError):
        VecEnv(4, autoreset_mode="sometimes")
    with pytest.raises(TypeError):
        envs.reset(seed=[1, 2, 3, 4])


def test_gymnasiums_episode_statistics_wrapper_counts_finished_games() -> None:
    envs = RecordEpisodeStatistics(VecEnv(32, seed=3))
    envs.reset(seed=3)
    finished = 0
    for _ in range(200):
        _, _, terminated, _, info = envs.step(envs.unwrapped.sample())
        if terminated.any():
            assert np.array_equal(info["_episode"], terminated)
            lengths = info["episode"]["l"][terminated]
            assert ((lengths >= 5) & (lengths <= 9)).all()  # a 3x3 game lasts 5 to 9 moves
            finished += int(terminated.sum())
    assert finished > 100


def test_module_examples() -> None:
    result = doctest.testmod(tictactoe.gymnasium)
    assert result.attempted > 0 and result.failed == 0


def test_the_vector_env_plays_connect_four() -> None:
    from gymnasium.spaces import Box, Discrete
    from tictactoe.gymnasium import VecEnv

    envs = VecEnv(4, rows=6, cols=7, k=4, gravity=True, seed=2)
    assert envs.single_observation_space == Box(0, 1, (6, 7, 2), dtype=np.bool_)
    assert envs.single_action_space == Discrete(7)
    obs, info = envs.reset(seed=2)
    assert obs.shape == (4, 6, 7, 2) and info["action_mask"].shape == (4, 7)
    ended = 0
    for _ in range(200):
        obs, _, terminated, _, info = envs.step(envs.sample())
        assert envs.observation_space.contains(obs)
        ended += int(terminated.sum())
    assert ended > 0

"""A Gymnasium vector environment on ``VecGames``, for self-play: the agent is always the player to
move. Needs the extra: ``pip install 'tictactoe-engine[gymnasium]'``.

Each step returns the reward of the player who just moved (+1 for a win, -1 for an illegal action
under ``illegal="loss"``, else 0); the legal-action mask is ``info["action_mask"]``, and
``info["current_player"]`` tells whose view the next observation is.

>>> from tictactoe.gymnasium import VecEnv
>>> envs = VecEnv(2, seed=0)
>>> obs, info = envs.reset()
>>> obs.shape, envs.single_action_space
((2, 3, 3, 2), Discrete(9))
>>> for action in [0, 3, 1, 4]:
...     obs, reward, terminated, truncated, info = envs.step([action, action])
>>> obs, reward, terminated, truncated, info = envs.step([2, 2])
>>> reward.tolist(), terminated.tolist()
([1.0, 1.0], [True, True])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.spaces import Box, Discrete
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tictactoe import VecGames
from tictactoe._tictactoe import _seed

# Gymnasium's auto-reset modes, by the names VecGames uses.
_MODES = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


class VecEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games stepped in one call: ``n x n`` tic-tac-toe, or any rules of the family
    (``rows``, ``cols``, ``k``, ``gravity``, as ``VecGames`` takes them).

    ``autoreset_mode`` is a ``gymnasium.vector.AutoresetMode`` (or its value, such as
    ``"NextStep"``); ``illegal``, ``seed`` and ``threads`` are ``VecGames``'s.
    """

    def __init__(
        self,
        num_envs: int,
        n: int | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        k: int | None = None,
        gravity: bool = False,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal: str = "raise",
        seed: int | None = None,
        threads: int = 1,
    ) -> None:
        mode = AutoresetMode(autoreset_mode)
        self.games = VecGames(
            num_envs,
            n,
            rows=rows,
            cols=cols,
            k=k,
            gravity=gravity,
            autoreset=_MODES[mode],
            illegal=illegal,
            seed=seed,
            threads=threads,
        )
        self.num_envs = num_envs
        self.rows, self.cols = self.games.rows, self.games.cols
        self.metadata = {"autoreset_mode": mode}
        self.single_observation_space = Box(0, 1, (self.rows, self.cols, 2), dtype=np.bool_)
        self.single_action_space = Discrete(self.games.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows = np.arange(num_envs)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts the games (those of ``options["reset_mask"]`` only, when given). ``seed`` reseeds
        the engine's generator and the action space."""
        if isinstance(seed, list):
            raise TypeError("one seed seeds every game: pass an int")
        if seed is not None:
            # VecGames's seed policy, checked before anything is seeded.
            seed = _seed(seed)
            self.action_space.seed(seed)
        return self.games.reset(seed=seed, options=options)

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays one action per game, for the player to move in it; the rewards are the movers'."""
        movers = self.games.current_player
        obs, rewards, terminated, truncated, info = self.games.step(actions)
        return obs, rewards[self._rows, movers - 1], terminated, truncated, info

    def sample(self) -> np.ndarray:
        """A uniformly random legal action per game, from the engine's generator."""
        actions: np.ndarray = self.games.sample()
        return actions

"""A PettingZoo AEC environment on the engine: a drop-in for ``pettingzoo.classic.tictactoe_v3``.

For the same actions it gives the same agents, observations, masks, rewards, terminations and
truncations as ``tictactoe_v3`` at ``n = 3``, quirks included (an illegal action costs its mover -1
and the other agent 0, and ends the game as truncated too; only the agent to move sees legal
actions in its mask). Any ``n`` works the same way. Needs the extra:
``pip install 'tictactoe-engine[pettingzoo]'``.

Actions are cell indices, ``row * n + col``, and the observation's cell ``[i // n, i % n]`` is the
one action ``i`` marks, as in v3. (v3 draws its board with square ``i`` down the columns; the
winning lines are the same index sets either way, so that changes nothing the environment returns.)

>>> from tictactoe.pettingzoo import env
>>> game = env()
>>> game.reset(seed=0)
>>> for action in [0, 3, 1, 4, 2]:
...     game.step(action)
>>> game.rewards, game.terminations
({'player_1': 1, 'player_2': -1}, {'player_1': True, 'player_2': True})
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from tictactoe import IllegalMoveError, TicTacToe

AGENTS = ("player_1", "player_2")


def env(n: int = 3, render_mode: str | None = None) -> AECEnv[str, dict[str, Any], int]:
    """The environment wrapped as ``tictactoe_v3.env()`` is: an illegal action ends the game with -1
    for its mover, an action outside the space is an assertion error, and calls out of order are
    refused."""
    wrapped: AECEnv[str, dict[str, Any], int] = raw_env(n, render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, dict[str, Any], int], EzPickle):
    """The unwrapped environment: an illegal action raises ``IllegalMoveError``."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "tictactoe_engine_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, n: int = 3, render_mode: str | None = None) -> None:
        EzPickle.__init__(self, n, render_mode)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.n = n
        self.render_mode = render_mode
        self._game = TicTacToe(n)
        # The marks by player number, kept beside the engine (which decides legality and wins) so
        # that an observation is a few array operations instead of n * n calls.
        self._marks = np.zeros((n, n), dtype=np.int8)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        cells = n * n
        self.action_spaces = {a: spaces.Discrete(cells) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (n, n, 2), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (cells,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._selector = AgentSelector(self.agents)
        self._start()

    def _start(self) -> None:
        self._game.reset()
        self._marks[:] = 0
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._selector.reinit(self.agents)
        self.agent_selection = self._selector.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        me = AGENTS.index(agent) + 1
        observation = np.stack([self._marks == me, self._marks == 3 - me], axis=-1)
        mask = np.zeros(self.n * self.n, dtype=np.int8)
        if agent == self.agent_selection:
            mask[self._marks.ravel() == 0] = 1
        return {"observation": observation.astype(np.int8), "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = AGENTS.index(agent) + 1
        action = operator.index(action)  # a float is a TypeError, not truncated
        if not 0 <= action < self.n * self.n:
            # Refused in the caller's own terms: a cell it never named would mislead.
            raise IllegalMoveError(
                f"action {action} is outside the board: it must be between 0 and {self.n**2 - 1}"
            )
        row, col = divmod(action, self.n)
        winner = self._game.move(row, col, player)
        self._marks[row, col] = player
        if self._game.is_over:
            if winner:
                self.rewards[AGENTS[winner - 1]] += 1
                self.rewards[AGENTS[2 - winner]] -= 1
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self.agent_selection = self._selector.next()
        if self.render_mode == "human":
            print(self.render())

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self._game)

    def close(self) -> None:
        pass

"""PettingZoo AEC environments on the engine: drop-ins for ``pettingzoo.classic.tictactoe_v3``
(``env``) and ``pettingzoo.classic.connect_four_v3`` (``connect_four_env``).

For the same actions each gives the same agents, observations, masks, rewards, terminations and
truncations as the PettingZoo game it replaces, quirks included (an illegal action costs its mover
-1 and the other agent 0, and ends the game as truncated too; only the agent to move sees legal
actions in its mask, also once the game is over). Any rules of the family work the same way:
``env(n)`` or ``env(rows=..., cols=..., k=...)``, ``connect_four_env(rows=..., cols=..., k=...)``.
Needs the extra: ``pip install 'tictactoe-engine[pettingzoo]'``.

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
from tictactoe._picture import board_picture

AGENTS = ("player_1", "player_2")
# connect_four_v3 numbers its agents from 0.
CONNECT_FOUR_AGENTS = ("player_0", "player_1")


def _wrapped(raw: AECEnv[str, dict[str, Any], int]) -> AECEnv[str, dict[str, Any], int]:
    """``raw`` wrapped as PettingZoo's classic games are: an illegal action ends the game with -1
    for its mover, an action outside the space is an assertion error, and calls out of order are
    refused."""
    raw = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    raw = wrappers.AssertOutOfBoundsWrapper(raw)
    return wrappers.OrderEnforcingWrapper(raw)


def env(
    n: int | None = None,
    render_mode: str | None = None,
    *,
    rows: int | None = None,
    cols: int | None = None,
    k: int | None = None,
    gravity: bool = False,
    screen_height: int = 1000,
) -> AECEnv[str, dict[str, Any], int]:
    """The drop-in for ``tictactoe_v3.env()``: ``n`` (3 by default), or any rules of the family.
    ``render_mode`` ``"ansi"`` (the board as text), ``"human"`` (printed after each step) or
    ``"rgb_array"`` (a picture ``screen_height`` pixels high, square for a square board)."""
    raw = raw_env(
        n, render_mode, rows=rows, cols=cols, k=k, gravity=gravity, screen_height=screen_height
    )
    return _wrapped(raw)


def connect_four_env(
    render_mode: str | None = None,
    screen_scaling: int = 9,
    *,
    rows: int = 6,
    cols: int = 7,
    k: int = 4,
) -> AECEnv[str, dict[str, Any], int]:
    """The drop-in for ``connect_four_v3.env()``: agents ``player_0`` and ``player_1``, an action
    per column, ``render_mode`` ``"rgb_array"`` (a picture ``86 x 99`` times ``screen_scaling``
    pixels, as v3's) as well as ``"ansi"`` and ``"human"`` (text); other board sizes and run
    lengths with the same conventions."""
    return _wrapped(connect_four_raw_env(render_mode, screen_scaling, rows=rows, cols=cols, k=k))


class raw_env(AECEnv[str, dict[str, Any], int], EzPickle):
    """The unwrapped environment: an illegal action raises ``IllegalMoveError``."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"],
        "name": "tictactoe_engine_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    agent_names: tuple[str, str] = AGENTS

    def __init__(
        self,
        n: int | None = None,
        render_mode: str | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        k: int | None = None,
        gravity: bool = False,
        screen_height: int = 1000,
    ) -> None:
        EzPickle.__init__(
            self,
            n,
            render_mode,
            rows=rows,
            cols=cols,
            k=k,
            gravity=gravity,
            screen_height=screen_height,
        )
        super().__init__()
        if isinstance(screen_height, bool) or not isinstance(screen_height, int):
            raise TypeError(f"screen_height must be an int, not {type(screen_height).__name__}")
        if not 16 <= screen_height <= 4096:
            raise ValueError(f"screen_height must be between 16 and 4096, not {screen_height}")
        self.screen_height = screen_height
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(repr(m) for m in self.metadata["render_modes"])
            raise ValueError(f"render_mode must be None or one of {modes}, not {render_mode!r}")
        if rows is None and cols is None:
            self._game = TicTacToe(3 if n is None else n, k=k, gravity=gravity)
        else:
            self._game = TicTacToe(n, rows=rows, cols=cols, k=k, gravity=gravity)
        self.rows, self.cols = self._game.rows, self._game.cols
        self.n = self.rows
        self.gravity = self._game.gravity
        self.render_mode = render_mode
        # The marks by player number, kept beside the engine (which decides legality and wins) so
        # that an observation is a few array operations instead of rows * cols calls.
        self._marks = np.zeros((self.rows, self.cols), dtype=np.int8)
        agents = self.agent_names
        self.possible_agents = list(agents)
        self.agents = list(agents)
        actions = self.cols if self.gravity else self.rows * self.cols
        self._actions = actions
        self.action_spaces = {a: spaces.Discrete(actions) for a in agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (self.rows, self.cols, 2), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for a in agents
        }
        self._selector = AgentSelector(self.agents)
        self._start()

    def _start(self) -> None:
        self._game.reset()
        self._marks[:] = 0
        self.agents = list(self.agent_names)
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
        me = self.agent_names.index(agent) + 1
        observation = np.stack([self._marks == me, self._marks == 3 - me], axis=-1)
        mask = np.zeros(self._actions, dtype=np.int8)
        if agent == self.agent_selection:
            # A column is open while its top cell is; a cell while it is empty.
            free = self._marks[0] if self.gravity else self._marks.ravel()
            mask[free == 0] = 1
        return {"observation": observation.astype(np.int8), "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self.agent_names.index(agent) + 1
        action = operator.index(action)  # a float is a TypeError, not truncated
        if not 0 <= action < self._actions:
            # Refused in the caller's own terms: a cell it never named would mislead.
            last = self._actions - 1
            raise IllegalMoveError(
                f"action {action} is outside the board: it must be between 0 and {last}"
            )
        if self.gravity:
            winner = self._game.drop(action, player)
            column = self._marks[:, action]
            # The engine took the drop: the column had an empty cell, the lowest of which is now
            # the player's.
            column[np.flatnonzero(column == 0)[-1]] = player
        else:
            row, col = divmod(action, self.cols)
            winner = self._game.move(row, col, player)
            self._marks[row, col] = player
        if self._game.is_over:
            if winner:
                self.rewards[self.agent_names[winner - 1]] += 1
                self.rewards[self.agent_names[2 - winner]] -= 1
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self.agent_selection = self._selector.next()
        if self.render_mode == "human":
            self.render()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start()

    def render(self) -> Any:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._picture()
        if self.render_mode == "human":
            # Shown, not returned, as PettingZoo's human mode is: on standard output here.
            print(self._game)
            return None
        return str(self._game)

    def _picture(self) -> Any:
        """The board as a ``(screen_height, width, 3)`` uint8 picture, as v3's ``rgb_array`` is
        (a square of ``screen_height``, 1000 by default, for a square board). A square board is
        drawn as v3 draws its own, action ``a`` at column ``a // n`` and row ``a % n`` (the
        transpose of the observation's layout); a board of other sides as the observation lays
        it out, row 0 at the top."""
        square = self.rows == self.cols
        return board_picture(self._marks.T if square else self._marks, self.screen_height)

    def close(self) -> None:
        pass


class connect_four_raw_env(raw_env):
    """The unwrapped drop-in for ``connect_four_v3.raw_env``: Connect Four (or other rules with
    gravity), agents ``player_0`` and ``player_1``, one action per column."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"],
        "name": "connect_four_engine_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }
    agent_names = CONNECT_FOUR_AGENTS

    def __init__(
        self,
        render_mode: str | None = None,
        screen_scaling: int = 9,
        *,
        rows: int = 6,
        cols: int = 7,
        k: int = 4,
    ) -> None:
        if isinstance(screen_scaling, bool) or not isinstance(screen_scaling, int):
            raise TypeError(f"screen_scaling must be an int, not {type(screen_scaling).__name__}")
        if not 1 <= screen_scaling <= 100:
            raise ValueError(f"screen_scaling must be between 1 and 100, not {screen_scaling}")
        super().__init__(None, render_mode, rows=rows, cols=cols, k=k, gravity=True)
        EzPickle.__init__(self, render_mode, screen_scaling, rows=rows, cols=cols, k=k)
        self.screen_scaling = screen_scaling

    def _picture(self) -> Any:
        """The board as v3 draws it, ``(86 * s, 99 * s, 3)`` uint8 for scaling ``s``: a blue frame,
        one disc a cell, red for the first agent, black for the second, white when empty."""
        width = 99 * self.screen_scaling
        height = int(86 / 99 * width)
        picture = np.empty((height, width, 3), dtype=np.uint8)
        picture[:] = (0, 82, 163)
        tile = width * (91 / 99) / self.cols
        radius = tile * (9 / 13) / 2
        colours = {0: (255, 255, 255), 1: (214, 60, 76), 2: (93, 101, 121)}
        side = int(2 * radius) + 2
        yy, xx = np.mgrid[0:side, 0:side]
        for r in range(self.rows):
            for c in range(self.cols):
                left = int(c * tile + tile * (6 / 13))
                top = int(r * tile + tile * (6 / 13))
                box = picture[top : top + side, left : left + side]
                disc = (yy[: box.shape[0], : box.shape[1]] - radius) ** 2 + (
                    xx[: box.shape[0], : box.shape[1]] - radius
                ) ** 2 <= radius**2
                box[disc] = colours[int(self._marks[r, c])]
        return picture
